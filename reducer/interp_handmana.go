package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Mana abilities that function from the hand (CR 113.6m, 605.1a):
// "Exile ~ from your hand: Add {R}." (Simian Spirit Guide, Elvish Spirit
// Guide). The card's owner activates it with priority or while paying, as
// any mana ability (an activate input naming the card in their hand); its
// cost exiles the card. Such an ability doesn't function on the
// battlefield, and a permanent's other mana abilities don't function in
// the hand: manaAbilitiesOf gives each zone its own.

// handManaCost reports whether a mana ability's cost is one that works
// from the hand: exiling the card itself, and nothing else.
func handManaCost(a *ability.Ability) bool {
	c := a.Cost
	return a.Zone == ability.ZoneHand && c != nil && c.Exile != nil && c.Exile.Ref == ability.Self &&
		(ability.Cost{Exile: c.Exile}) == *c
}

// manaFromHand reports whether mana ability m functions from the hand.
func manaFromHand(m *cards.ManaAbility) bool {
	return m.Lang != nil && activatedFromHand(m.Lang)
}

// manaAbilitiesHere keeps, of o's mana abilities, those that function in
// the zone o is in.
func (o *Object) manaAbilitiesHere(all []cards.ManaAbility) []cards.ManaAbility {
	if o.allHere(all) {
		return all
	}
	out := all[:0:0]
	for _, m := range all {
		if manaFromHand(&m) == (o.Zone == ZoneHand) {
			out = append(out, m)
		}
	}
	return out
}

// exileFromHandCost pays "Exile ~ from your hand" after the mana is made,
// as a sacrifice of the source is (finishLangMana).
func (g *Game) exileFromHandCost(src *Object, a *ability.Ability) {
	if !handManaCost(a) {
		return
	}
	if o := g.S.Obj(src.ID); o != nil && o.Zone == ZoneHand {
		g.moveQuietExile(o, g.S.nextObjID(), o.Name())
	}
}

// handManaIndex reports whether o's mana ability of that index is one
// that functions only from the hand.
func (g *Game) handManaIndex(o *Object, index int) bool {
	lc := langOf(o.def())
	if lc == nil {
		return false
	}
	for i := range lc.mana {
		if m := &lc.mana[i]; m.Index == index && manaFromHand(m) {
			return true
		}
	}
	return false
}

// allHere reports whether every one of the mana abilities works where o is.
func (o *Object) allHere(all []cards.ManaAbility) bool {
	for i := range all {
		if manaFromHand(&all[i]) != (o.Zone == ZoneHand) {
			return false
		}
	}
	return true
}
