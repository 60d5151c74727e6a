package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// Rules of the first pool's cards that the ability language states as
// statics, carried out here: a spell that can't be countered.

// cantBeCountered reports whether spell o can't be countered (CR 701.5):
// its own text says so ("This spell can't be countered."), or a permanent
// says so of spells it matches ("Spells you control can't be countered.").
func (g *Game) cantBeCountered(o *Object) bool {
	if langRule(o.def(), ability.CantBeCountered) {
		return true
	}
	found := false
	g.S.rulesStatics(ability.CantBeCountered, func(_ *ability.Ability, st *ability.StaticEffect, src *Object) {
		c := &evalCtx{g: g, you: src.Controller, src: src.ID}
		if !found && st.Filter != nil && c.spellMatches(st.Filter, o) && c.holds(st.If) {
			found = true
		}
	})
	return found
}

// activatedFromHand reports whether an activated ability functions from
// its card in the hand: it says so (cycling), or its cost discards the
// card itself ("{2}{R}, Discard ~: ..."): an ability whose cost moves
// its object out of a zone functions only in that zone (CR 113.6m).
func activatedFromHand(a *ability.Ability) bool {
	return a.Zone == ability.ZoneHand || a.Cost != nil && a.Cost.Discard != nil && a.Cost.Discard.Ref == ability.Self
}
