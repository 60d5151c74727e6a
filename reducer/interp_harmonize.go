package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
)

// Harmonize (CR 702.180a): "You may cast this card from your graveyard by
// paying [cost] rather than paying its mana cost", and as it is cast so
// its caster may tap an untapped creature they control to reduce that
// cost by an amount of generic mana equal to the creature's power. If the
// spell would then leave the stack for anywhere but exile, it is exiled
// instead. It is one more graveyard cast (interp_gravecast.go: the cast
// names "alternative": "harmonize"); the creature is the cast's
// `harmonize` (an untapped creature its caster controls, tapped as the
// cost is paid, CR 601.2g-h). Its power is read as the cost is
// determined; the reduction takes only generic mana, never below zero
// (CR 601.2f).

// harmonizeHelper reads a cast's harmonize creature into h.
func (g *Game) harmonizeHelper(seat int, spell *Object, b *events.Cast, h *helpers) error {
	if b.Harmonize == "" {
		return nil
	}
	s := g.S
	if b.Alternative != "harmonize" {
		return g.refuse("CR 702.180a", "body.harmonize", "a creature is tapped for harmonize only as %s is cast with harmonize (\"alternative\": \"harmonize\")", spell.Name())
	}
	var creatures []ObjID
	for _, id := range s.Battlefield {
		if o := s.Objects[id]; o.Controller == seat && !o.Tapped && o.Is("Creature") && !slices.Contains(h.improvise, id) {
			creatures = append(creatures, id)
		}
	}
	m := s.matchRef(string(b.Harmonize), creatures)
	if len(m) == 0 {
		return g.refuse("CR 702.180a", "body.harmonize", "%q is not an untapped creature %s controls", b.Harmonize, s.Players[seat].ID)
	}
	h.harmonize, h.harmonizeBy = m[0], max(s.Objects[m[0]].Power(), 0)
	return nil
}
