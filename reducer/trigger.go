package reducer

import (
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Triggered abilities (CR 603): an ability triggers when its event happens
// and waits; the next time a player would receive priority, state-based
// actions are checked and then every waiting trigger goes on the stack, the
// active player's first (APNAP, CR 603.3b), so the last one put resolves
// first. Triggers of one player go on in the order they triggered.

// deathTriggers are the dies triggers of an object about to leave the
// battlefield for a graveyard, with its last known information; the caller
// emits them once the object has moved.
func deathTriggers(o *Object) []Effect {
	if o.Def == nil || !o.Is("Creature") {
		return nil
	}
	var out []Effect
	for _, t := range o.Def.TriggersOf(cards.TriggerDies) {
		lki := &LKI{Card: o.Card, Power: o.Power(), Toughness: o.Toughness(), Counters: append([]Counter(nil), o.Counters...)}
		out = append(out, Effect{Op: OpTrigger, Obj: o.ID, Name: o.Def.Name, N: t.Index, Seat: o.Controller, LKI: lki})
	}
	return out
}

// putTriggers puts every waiting trigger on the stack in APNAP order.
func (g *Game) putTriggers() {
	s := g.S
	if len(s.Triggers) == 0 {
		return
	}
	// Reorder the waiting list APNAP by emitting puts in that order: each
	// put takes the first waiting trigger, so first re-queue by seat.
	n := len(s.Players)
	for k := 0; k < n; k++ {
		seat := (s.Active + k) % n
		for i := 0; i < len(s.Triggers); {
			if s.Triggers[i].Controller != seat {
				i++
				continue
			}
			if i > 0 {
				g.emit(Effect{Op: OpRequeue, N: i})
				continue
			}
			g.emit(Effect{Op: OpPutTrigger, Obj: s.nextObjID()})
		}
	}
}

// resolveTrigger resolves a triggered ability; it then ceases to exist.
func (g *Game) resolveTrigger(o *Object) {
	if t := o.Def.TriggeredAt(o.Trigger - 1); t != nil && t.Resolve != nil && !g.runResolve(o, nil, func(w *world) { t.Resolve(w) }) {
		return
	}
	g.vanish(o)
}

// CreateTokens creates n tokens for seat (CR 111.2).
func (w *world) CreateTokens(seat int, name string, n int) {
	for i := 0; i < n; i++ {
		w.g.emit(Effect{Op: OpToken, Obj: w.g.S.nextObjID(), Seat: seat, Name: name})
	}
}

// LKI is the resolving triggered ability's source as it last existed.
func (w *world) LKI() cards.LKI {
	out := cards.LKI{Counters: map[string]int{}}
	if l := w.spell.LKI; l != nil {
		out.Power, out.Toughness = l.Power, l.Toughness
		for _, c := range l.Counters {
			out.Counters[c.Kind] = c.N
		}
	}
	return out
}
