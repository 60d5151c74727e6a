package reducer

import (
	"math/bits"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The mana spent to cast a spell (CR 601.2h): "if five or more mana was
// spent to cast it", converge's "the number of colors of mana spent to
// cast this spell" (the colors of CR 105.1). The state
// notes it on the spell as the effects are folded: the mana a player
// spends after a spell or ability is put on the stack (OpSpell) and before
// anyone next has priority or is asked is its cost's (CR 601.2g-h), so no
// effect needs to name the spell. A permanent keeps what was spent on the
// spell it was (as it keeps X).
//
// Object.Spent and SpentColors join the digest only in matches with a
// card that reads them, so other matches keep their digests.

// noteSpent notes mana m spent; s.paying is the spell being paid for.
func (s *State) noteSpent(m Mana) {
	if s.paying == 0 {
		return
	}
	o := s.Obj(s.paying)
	if o == nil || o.Zone != ZoneStack {
		return
	}
	o.Spent++
	if m.Uncounterable {
		o.Uncounterable = true // interp_chosen_type.go
	}
	if bit := colorBit(m.Color); bit != 0 {
		o.SpentColors |= bit
	}
}

// colorBit is a colour's bit in SpentColors; 0 for colourless mana.
func colorBit(c cards.Color) int {
	switch c {
	case cards.White, cards.Blue, cards.Black, cards.Red, cards.Green:
		return 1 << int(c)
	}
	return 0
}

// spentOf reads "mana_spent" or "colors_spent" of the amount's object:
// as it is, or the mana spent as it last existed (CR 608.2h).
func (c *evalCtx) spentOf(a *ability.Amount) int {
	ids := c.objects(a.Of)
	if len(ids) == 0 {
		if l := c.lkiOf(a.Of); l != nil && a.Var == "mana_spent" {
			return l.Spent
		}
		return 0
	}
	o := c.g.S.Obj(ids[0])
	if a.Var == "colors_spent" {
		return bits.OnesCount(uint(o.SpentColors))
	}
	return o.Spent
}

// spentSupported says why an amount of mana spent isn't carried out, or
// "": the spell's own, read as it resolves, or the mana spent on a
// triggered ability's event object ("that spell"), which the last known
// information keeps if it's gone; the colours only of the spell itself.
func spentSupported(a *ability.Amount) string {
	switch {
	case a.Of == nil:
		return "the mana spent on no object"
	case a.Of.Ref == ability.Self:
	case a.Of.Ref == ability.EventObject && a.Var == "mana_spent":
	default:
		return "the mana spent on another object"
	}
	return ""
}

// readsSpent reports whether a card of the match reads the mana spent.
func (s *State) readsSpent() bool { return s.matchCards().readsSpent }

// langReadsSpent reports whether an ability reads the mana spent.
func langReadsSpent(a *ability.Ability) bool {
	if a.Kind == ability.Keyword && a.Keyword.Name == "Sunburst" {
		return true // interp_sunburst.go
	}
	return abilityReads(a, nil, func(x *ability.Amount) bool { return x.Var == "mana_spent" || x.Var == "colors_spent" })
}
