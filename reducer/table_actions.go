package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// What a client asks before it sends an input the engine can't verify: a
// game platform, or the generator of sim, plays cards the engine doesn't
// model by sending the table's effects with the inputs that touch them
// (table.go). TableActions lists those inputs as LegalActions lists the
// others, from the same validating half, so the two lists and Submit
// can't disagree; what the table's effects say is the client's.

// TableActions returns the inputs whoever must act now could submit only
// with the table's effects, because they touch a card whose rules text
// the engine doesn't model, each without effects (Seq 0, objects named by
// object id), in this order: the pass that resolves an unmodelled spell
// or ability on top of the stack; play_land for each unmodelled land in
// hand (a modal DFC by the face that is a land); cast for each face of
// each card in hand that is unmodelled, with X = 0 and no targets (the
// engine doesn't know what the card may target; the table may name
// targets). Casting a card pays its printed mana cost when the pool can
// (PayDefault gives the mana the rules take); the table pays any other
// cost. Activations of unmodelled abilities are not listed: which lines
// of a card's text are activated abilities is what the engine doesn't
// know. Only a player with priority is listed anything. TableActions
// doesn't change the game.
func (g *Game) TableActions() []*events.Event {
	s := g.S
	if len(s.Players) == 0 || s.Over || s.Pending.Ask != AskPriority || !g.anyUnmodelled(s.Pending.Player) {
		return nil
	}
	seat := s.Pending.Player
	p := s.Players[seat]
	w := g.Clone()
	w.table = true
	var out []*events.Event
	offer := func(body events.Body, needs func() bool) {
		ev := &events.Event{Match: s.Match, Kind: body.Kind(), Actor: p.ID, Body: body}
		w.touched = nil
		if w.check(ev) == nil && needs() {
			out = append(out, ev)
		}
	}
	touched := func() bool { return len(w.touched) > 0 }
	pass := &events.Pass{Player: p.ID}
	offer(pass, func() bool {
		return g.check(&events.Event{Match: s.Match, Kind: events.KindPass, Actor: p.ID, Body: pass}) != nil
	})
	for _, id := range p.Hand {
		o := s.Objects[id]
		if o.Def == nil {
			continue
		}
		offer(&events.PlayLand{Player: p.ID, Card: id.String()}, touched)
		if b := o.Def.Back(); b != nil && o.Def.Layout == "modal_dfc" {
			offer(&events.PlayLand{Player: p.ID, Card: id.String(), Face: b.Name}, touched)
		}
	}
	for _, id := range p.Hand {
		o := s.Objects[id]
		if o.Def == nil {
			continue
		}
		for _, face := range g.castFaces(o) {
			c := &events.Cast{Player: p.ID, Card: id.String(), Face: face}
			if face == cards.PrototypeFace {
				c.Face, c.Prototype = "", true
			}
			offer(c, touched)
		}
	}
	return out
}

// anyUnmodelled reports whether anything TableActions lists could be
// there for seat: an unmodelled object on top of the stack, or a card in
// seat's hand with an unmodelled face. It spares the listing a clone of
// the game when every card in sight is modelled.
func (g *Game) anyUnmodelled(seat int) bool {
	s := g.S
	if n := len(s.Stack); n > 0 && s.Objects[s.Stack[n-1]].unmodelled() {
		return true
	}
	return slices.ContainsFunc(s.Players[seat].Hand, func(id ObjID) bool {
		d := s.Objects[id].Def
		if d == nil {
			return false
		}
		if !modelled(d) {
			return true
		}
		return slices.ContainsFunc(d.Faces, func(f *cards.Card) bool { return !modelled(f) })
	})
}

// PayDefault is the payment the rules make of cost with X = x from pool
// when an input names none: the pool indexes spent, in the order the
// symbols take them (see payPlan), or ok false when the pool can't pay.
// A client that pays through the table's effects spends these.
// Mana that may be spent only on some spells is left alone: the table's
// card is one the rules don't read, so they can't say it qualifies.
func PayDefault(pool []Mana, cost cards.Cost, x int) (plan []int, ok bool) {
	var free []bool
	for _, m := range pool {
		if m.Spend != nil && free == nil {
			free = make([]bool, len(pool))
			for j := range free {
				free[j] = pool[j].Spend == nil
			}
		}
	}
	plan, _, ok = payPlanWithin(pool, free, cost, x)
	return plan, ok
}

// Modelled reports whether the engine carries out the whole rules text of
// def (a card, or one face of one): a card it doesn't model is played
// only through the table's effects.
func Modelled(def *cards.Card) bool { return modelled(def) }
