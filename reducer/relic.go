package reducer

import (
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Costs that tap another permanent: "Tap an untapped legendary creature you
// control: Add one mana of any color". The activate
// input names the permanent in tap. Summoning sickness doesn't matter: it
// stops only a creature's own {T} and {Q} abilities (CR 302.6). The
// mana's source is the permanent whose ability it is, not the creature
// tapped (CR 106.3; MANA-8 for {L}), and the creature isn't "tapped for
// mana" (CR 106.12).

// tapOtherCost checks the tap field against ab's cost and returns the
// permanent to tap, or 0 when the cost taps none.
func (g *Game) tapOtherCost(seat int, src *Object, ab *cards.ManaAbility, b *events.Activate) (ObjID, error) {
	s := g.S
	if ab.TapOther == "" {
		if b.Tap != "" {
			return 0, g.refuse("CR 602.2b", "body.tap", "%s's ability %d has no cost that taps another permanent", s.objName(src.ID), ab.Index)
		}
		return 0, nil
	}
	if b.Tap == "" {
		return 0, g.refuse("CR 602.2b", "body.tap", "name in tap an untapped %s you control to pay the cost of %s's ability %d", ab.TapOther, s.objName(src.ID), ab.Index)
	}
	cands := s.matchRef(b.Tap, s.Battlefield)
	if len(cands) == 0 {
		return 0, g.refuse("CR 602.2b", "body.tap", "%q is not a permanent on the battlefield", b.Tap)
	}
	var why string
	for _, id := range cands {
		if w := tapOtherIllegal(s, seat, ab.TapOther, s.Objects[id]); w == "" {
			return id, nil
		} else if why == "" {
			why = w
		}
	}
	return 0, g.refuse("CR 602.2b", "body.tap", "%s can't pay the cost: %s", s.objName(src.ID), why)
}

// tapOtherIllegal says why o can't be tapped for a "Tap an untapped <kind>
// you control" cost, or "".
func tapOtherIllegal(s *State, seat int, kind string, o *Object) string {
	name := s.nameOf(o.ID)
	switch {
	case o.Controller != seat:
		return name.String() + " is controlled by " + s.Players[o.Controller].ID
	case o.Tapped:
		return name.String() + " is tapped"
	case kind == cards.TapLegendaryCreature && !(o.Is("Creature") && o.IsLegendary()):
		return name.String() + " is not a legendary creature"
	}
	return ""
}

// tapOtherCandidates lists the permanents seat could tap for ab's cost.
func (g *Game) tapOtherCandidates(seat int, ab cards.ManaAbility) []ObjID {
	var out []ObjID
	for _, id := range g.S.Battlefield {
		if tapOtherIllegal(g.S, seat, ab.TapOther, g.S.Objects[id]) == "" {
			out = append(out, id)
		}
	}
	return out
}
