package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Convoke (CR 702.51a): "For each colored mana in this spell's total
// cost, you may tap an untapped creature of that color you control rather
// than pay that mana. For each generic mana in this spell's total cost,
// you may tap an untapped creature you control rather than pay that
// mana." The cast names the creatures in `convoke` (none when left out,
// as delve and improvise); each pays, after delve and improvise, the
// first coloured symbol of the total cost left that it may pay (one of
// its colours: a coloured, hybrid or Phyrexian symbol), else {1} of its
// generic mana (an X counts as X generic). Paying a coloured symbol first
// never leaves the pool a harder cost: any mana pays generic. Tapping a
// creature this way is no mana spent (CR 702.51b).

// convokeCreatures are the untapped creatures seat controls that convoke
// may tap, but those named for improvise.
func (s *State) convokeCreatures(seat int, h *helpers) []ObjID {
	var out []ObjID
	for _, id := range s.Battlefield {
		if o := s.Objects[id]; o.Controller == seat && !o.Tapped && o.Is("Creature") && !slices.Contains(h.improvise, id) {
			out = append(out, id)
		}
	}
	return out
}

// payConvoke takes what the convoking creatures pay out of cost (X paid
// as x), or says why one of them can't pay anything.
func (g *Game) payConvoke(cost cards.Cost, x int, creatures []ObjID) (cards.Cost, error) {
	s := g.S
	var out cards.Cost
	for _, sym := range cost { // X is generic mana of the total cost (CR 107.3)
		if sym.Kind == cards.SymX {
			sym = cards.Symbol{Kind: cards.SymGeneric, N: x}
		}
		out = append(out, sym)
	}
	for i, id := range creatures {
		o := s.Objects[id]
		k := slices.IndexFunc(out, func(sym cards.Symbol) bool { return convokePays(o, sym) })
		if k < 0 {
			k = slices.IndexFunc(out, func(sym cards.Symbol) bool { return sym.Kind == cards.SymGeneric && sym.N > 0 })
		}
		if k < 0 {
			left := slices.DeleteFunc(slices.Clone(out), func(sym cards.Symbol) bool { return sym.Kind == cards.SymGeneric && sym.N == 0 })
			return nil, g.refuse("CR 702.51a", "body.convoke["+itoa(i)+"]", "%s can pay nothing of what is left of the total cost, %s: no generic mana and no mana of its colour",
				s.objName(id), costString(left, 0))
		}
		if out[k].Kind == cards.SymGeneric {
			out[k].N--
		} else {
			out = slices.Delete(out, k, k+1)
		}
	}
	return slices.DeleteFunc(out, func(sym cards.Symbol) bool { return sym.Kind == cards.SymGeneric && sym.N == 0 }), nil
}

// convokePays: creature o may pay coloured symbol sym, being its colour.
func convokePays(o *Object, sym cards.Symbol) bool {
	switch sym.Kind {
	case cards.SymColored, cards.SymPhyrexian, cards.SymTwoHybrid:
		return sym.Color != cards.Colorless && o.IsColor(sym.Color)
	case cards.SymHybrid, cards.SymHybridPhyrexian:
		return sym.Color != cards.Colorless && o.IsColor(sym.Color) || sym.Alt != cards.Colorless && o.IsColor(sym.Alt)
	}
	return false
}

// convokeHelper reads a cast's convoke creatures into h.
func (g *Game) convokeHelper(seat int, spell *Object, lc *langCard, b *events.Cast, h *helpers) error {
	if len(b.Convoke) == 0 {
		return nil
	}
	s := g.S
	if lc == nil || !lc.hasKeyword("Convoke") {
		return g.refuse("CR 702.51a", "body.convoke", "%s has no convoke", spell.Name())
	}
	cands := s.convokeCreatures(seat, h)
	for i, ref := range b.Convoke {
		m := slices.DeleteFunc(s.matchRef(ref, cands), func(id ObjID) bool { return slices.Contains(h.convoke, id) })
		if len(m) == 0 {
			return g.refuse("CR 702.51a", "body.convoke["+itoa(i)+"]", "%q is not an untapped creature %s controls, or is named twice", ref, s.Players[seat].ID)
		}
		h.convoke = append(h.convoke, m[0])
	}
	return nil
}
