package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Delve (CR 702.66a) and improvise (CR 702.126a): as the spell's total
// cost is paid, each card its caster exiles from their graveyard (delve)
// or each untapped artifact they tap (improvise) pays for {1} of its
// generic mana. The cast names them: `delve` lists graveyard cards,
// `improvise` artifacts (events.Cast); each pays one generic mana of the
// total cost, after every increase and reduction (CR 601.2f-h), and no
// more of them than it has generic mana.

// helpers are the objects a cast names to pay generic mana.
type helpers struct {
	delve, improvise []ObjID
	// harmonize: the creature tapped for harmonize, reducing the cost by
	// harmonizeBy (interp_harmonize.go).
	harmonize   ObjID
	harmonizeBy int
	// convoke: the creatures tapped for convoke (interp_convoke.go).
	convoke []ObjID
	// conspire: the two creatures tapped for conspire (interp_conspire.go).
	conspire []ObjID
}

func (h helpers) n() int { return len(h.delve) + len(h.improvise) }

// castHelpers resolves a cast's delve and improvise lists: cards in the
// caster's graveyard, untapped artifacts they control, each once.
func (g *Game) castHelpers(seat int, spell *Object, lc *langCard, b *events.Cast) (helpers, error) {
	s := g.S
	var h helpers
	// Most casts name no helper: the candidates and the words of a
	// refusal are worked out only for one that does.
	pick := func(field, keyword, rule string, refs []events.Ref, cands func() []ObjID, what func() string, into *[]ObjID) error {
		if len(refs) == 0 {
			return nil
		}
		if lc == nil || !lc.hasKeyword(keyword) {
			return g.refuse(rule, "body."+field, "%s has no %s", spell.Name(), field)
		}
		ids := cands()
		for i, ref := range refs {
			m := slices.DeleteFunc(s.matchRef(ref, ids), func(id ObjID) bool { return slices.Contains(*into, id) || id == spell.ID })
			if len(m) == 0 {
				return g.refuse(rule, "body."+field+"["+itoa(i)+"]", "%q is not %s, or is named twice", ref, what())
			}
			*into = append(*into, m[0])
		}
		return nil
	}
	graveyard := func() []ObjID { return s.Players[seat].Graveyard }
	if err := pick("delve", "Delve", "CR 702.66a", b.Delve, graveyard, func() string { return "a card in " + s.Players[seat].ID + "'s graveyard" }, &h.delve); err != nil {
		return h, err
	}
	artifacts := func() []ObjID {
		var out []ObjID
		for _, id := range s.Battlefield {
			if o := s.Objects[id]; o.Controller == seat && !o.Tapped && o.Is("Artifact") {
				out = append(out, id)
			}
		}
		return out
	}
	if err := pick("improvise", "Improvise", "CR 702.126a", b.Improvise, artifacts, func() string { return "an untapped artifact " + s.Players[seat].ID + " controls" }, &h.improvise); err != nil {
		return h, err
	}
	if err := g.convokeHelper(seat, spell, lc, b, &h); err != nil { // interp_convoke.go
		return h, err
	}
	if err := g.conspireHelper(seat, spell, spell.def(), lc, b, &h); err != nil { // interp_conspire.go
		return h, err
	}
	return h, g.harmonizeHelper(seat, spell, b, &h) // interp_harmonize.go
}

// payGenericWith takes n generic mana out of cost, or says why it can't.
func (g *Game) payGenericWith(cost cards.Cost, n int) (cards.Cost, error) {
	out := slices.Clone(cost)
	left := n
	for i := range out {
		if out[i].Kind == cards.SymGeneric && left > 0 {
			k := min(out[i].N, left)
			out[i].N -= k
			left -= k
		}
	}
	if left > 0 {
		return nil, g.refuse("CR 601.2h", "body", "the total cost has %d generic mana: %d objects named to pay for it are too many", n-left, n)
	}
	return slices.DeleteFunc(out, func(s cards.Symbol) bool { return s.Kind == cards.SymGeneric && s.N == 0 }), nil
}

// payHelpers exiles the delved cards and taps the improvising artifacts.
func (g *Game) payHelpers(h helpers) {
	s := g.S
	for _, id := range h.delve {
		if o := s.Obj(id); o != nil {
			g.moveQuietExile(o, s.nextObjID(), "delve")
		}
	}
	for _, id := range h.improvise {
		g.emit(Effect{Op: OpTap, Obj: id})
	}
	if h.harmonize != 0 {
		g.emit(Effect{Op: OpTap, Obj: h.harmonize})
	}
	for _, id := range append(slices.Clone(h.convoke), h.conspire...) {
		g.emit(Effect{Op: OpTap, Obj: id})
	}
}
