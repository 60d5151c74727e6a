package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Refusals a ruling decides name it (RULINGS.md) beside the CR rule, so a
// judge reads the most specific reason: a card cast from a zone it can't
// be cast from says where it is and why no permission reaches it there
// (ADV-4: an Adventure that didn't resolve), a face a card doesn't have
// says when it was a copy's (ADV-9), and {L} says which mana pays it
// (MANA-8).

// notCastable refuses a cast whose card is in none of the zones seat may
// cast it from, saying where it is.
func (g *Game) notCastable(seat int, b *events.Cast) error {
	s := g.S
	p := s.Players[seat]
	if ids := s.matchRef(b.Card, p.Graveyard); len(ids) > 0 {
		o := s.Objects[ids[0]]
		if o.Def != nil && o.Def.Adventure() != nil {
			return g.refuse("CR 601.2a", "body.card", "%s is in %s's graveyard, not the hand: an Adventure that leaves the stack without resolving (countered, or every target illegal) goes there, and nothing lets it be cast from there (ADV-4)",
				s.objName(o.ID), p.ID)
		}
		return g.refuse("CR 601.2a", "body.card", "%s is in %s's graveyard, not the hand, and nothing lets it be cast from there", s.objName(o.ID), p.ID)
	}
	if ids := s.matchRef(b.Card, p.Library); len(ids) > 0 {
		return g.refuse("CR 601.2a", "body.card", "%q is in %s's library, not the hand, and nothing lets it be cast from there", b.Card, p.ID)
	}
	return g.refuse("CR 601.2a", "body.card", "%q is not in %s's hand", b.Card, p.ID)
}

// noAdventureFace refuses a cast as an Adventure face the card doesn't
// have; a card that copies (Clone) may have had it while it was a copy.
func (g *Game) noAdventureFace(o *Object, face string) error {
	if g.S.adventureNamed(face) {
		why := ""
		if o.Def != nil && strings.Contains(o.Def.Oracle, "copy of") {
			why = ": a card that was a copy of an adventurer stops being one when it changes zones, and its Adventure with it (ADV-9)"
		}
		return g.refuse("CR 715.3", "body.face", "%s has no Adventure %s%s", o.Name(), face, why)
	}
	return nil
}

// missingWhy says why mana in the pool can't pay what is missing.
func missingWhy(missing string) string {
	if strings.Contains(missing, "{L}") {
		return missing + ", which only mana from a legendary source pays (MANA-8)"
	}
	return missing
}

// adventureNamed reports whether face is the Adventure of a card of the
// match, or of a card the pool finds by that name.
func (s *State) adventureNamed(face string) bool {
	is := func(d *cards.Card) bool {
		return d != nil && d.Adventure() != nil && strings.EqualFold(d.Adventure().Name, face)
	}
	for _, c := range s.Cards {
		if is(c.Def) {
			return true
		}
	}
	c, ok := s.pool.Card(face)
	return ok && is(c)
}
