package reducer

import (
	"fmt"
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Delayed triggered abilities (CR 603.7): "At the beginning of your next
// upkeep, pay {2}{G}{G}. If you don't, you lose the game." A resolving
// spell or ability sets one up; it waits in State.Delayed, controlled by
// the player who controlled what created it (CR 603.7d), until its event
// happens after it was created, triggers once (CR 603.7c) and is gone. A
// delayed ability is numbered among its card's triggered abilities from
// delayedBase on, in the order the card's text sets them up, so a trigger
// of one names it as any other trigger does.

// delayedBase is the trigger index of a card's first delayed ability.
const delayedBase = 1 << 16

// DelayedBase is the trigger index of a card's first delayed ability, for
// a setup that places one by its place among the card's delayed abilities.
const DelayedBase = delayedBase

// Effect ops of delayed triggers (290-299).
const (
	// OpDelayed: delayed ability N of card Name is set up from source Obj
	// for Seat, with the source's LKI, about the object Event (0: none).
	OpDelayed Op = 290
	// OpDelayedDone: the Nth delayed ability has triggered and is gone.
	OpDelayedDone Op = 291
)

func init() {
	registerOp(OpDelayed, func(s *State, e *Effect) {
		def, ok := s.effectDef(e) // setup_later.go
		if !ok {
			panic("reducer: delayed trigger of unknown card " + e.Name)
		}
		t := Trigger{Source: e.Obj, Def: def, Index: e.N, Controller: e.Seat, Event: e.Event}
		if e.LKI != nil {
			t.LKI = e.LKI.clone()
		}
		s.Delayed = append(s.Delayed, t)
	})
	registerOp(OpDelayedDone, func(s *State, e *Effect) { s.Delayed = slices.Delete(s.Delayed, e.N, e.N+1) })
	extDescribe[OpDelayed] = func(s *State, e Effect) string {
		return fmt.Sprintf("delayed ability %d of %s (%s) waits, controller %s", e.N-delayedBase, e.Name, e.Obj, s.playerID(e.Seat))
	}
	extDescribe[OpDelayedDone] = func(s *State, e Effect) string {
		if e.N < len(s.Delayed) {
			return fmt.Sprintf("delayed ability of %s (%s) is done", s.Delayed[e.N].Def.Name, s.Delayed[e.N].Source)
		}
		return "a delayed ability is done"
	}
	registerVerb(ability.DelayedTrigger, "delayed", verbDelayed)
	registerVerb(ability.LoseGame, "player", verbLoseGame)
}

// delayedAbilities lists the delayed abilities a card's abilities set up,
// in the order of its text.
func delayedAbilities(lc *langCard) []*ability.Ability {
	var out []*ability.Ability
	var walk func(es []ability.Effect)
	walk = func(es []ability.Effect) {
		if earthbends(es) && !slices.Contains(out, earthbendReturn) {
			out = append(out, earthbendReturn) // interp_earthbend.go
		}
		for i := range es {
			e := &es[i]
			if e.Delayed != nil {
				out = append(out, e.Delayed)
				walk(e.Delayed.Effects)
			}
			walk(e.Else)
			walk(e.Sub)
		}
	}
	var abs []*ability.Ability
	if lc.spell != nil {
		abs = append(abs, lc.spell)
	}
	abs = append(append(abs, lc.activated...), lc.triggered...)
	for _, a := range abs {
		walk(a.Effects)
		if a.Modes != nil {
			for i := range a.Modes.List {
				walk(a.Modes.List[i].Effects)
			}
		}
	}
	if hasWarp(lc) {
		out = append(out, warpExile) // interp_warp.go
	}
	if hasDash(lc) {
		out = append(out, dashReturn) // interp_dash.go
	}
	if hasMobilize(lc) {
		out = append(out, mobilizeSacrifice) // interp_attacking.go
	}
	return out
}

// triggerAt is the card's triggered ability with trigger index k: a
// printed one, or a delayed one from delayedBase on.
func (lc *langCard) triggerAt(k int) *ability.Ability {
	switch {
	case k >= delayedBase && k-delayedBase < len(lc.delayed):
		return lc.delayed[k-delayedBase]
	case k >= 0 && k < len(lc.triggered):
		return lc.triggered[k]
	}
	return nil
}

// delayedSupported says why the engine can't wait for a delayed ability;
// "" when it can: one that triggers at the beginning of a step.
func delayedSupported(a *ability.Ability) string {
	if a == earthbendReturn || a == warpExile || a == mobilizeSacrifice || a == dashReturn {
		return ""
	}
	if a.Kind != ability.Triggered || a.Trigger == nil || a.Trigger.Event != ability.StepBegins || len(a.Trigger.Or) > 0 {
		return "delayed abilities other than at the beginning of a step are not carried out yet"
	}
	return ""
}

func verbDelayed(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	def := x.r.o.def()
	lc := langOf(def)
	if lc == nil {
		return
	}
	k := slices.Index(lc.delayed, x.e.Delayed)
	if k < 0 {
		panic("reducer: a delayed ability its card doesn't list")
	}
	e := Effect{Op: OpDelayed, Obj: c.src, Name: def.Name, N: delayedBase + k, Seat: c.you, Facts: c.g.S.describedFacts(def)}
	if src := g.S.Obj(c.src); src != nil {
		e.LKI = lkiOf(src)
	} else if x.r.o.LKI != nil {
		l := x.r.o.LKI.clone()
		e.LKI = &l
	}
	g.emit(e)
	x.did = true
}

// fireDelayed triggers the delayed abilities waiting for an engine event,
// in the order they were set up; each triggers once.
func (g *Game) fireDelayed(when string, about ObjID, seat int) {
	s := g.S
	var done []int
	for i, d := range s.Delayed {
		a := langTriggerAbility(d.Def, d.Index)
		if a == nil || d.Event != 0 { // one about an object waits for it to leave (delayedLeaves)
			continue
		}
		c := &evalCtx{g: g, you: d.Controller, src: d.Source, event: about, eventSeat: seat}
		src := &Object{ID: d.Source, Controller: d.Controller}
		if !g.langPattern(c, src, a.Trigger, when, about, seat) || !c.holds(a.If) {
			continue
		}
		lki := d.LKI.clone()
		g.emit(Effect{Op: OpTrigger, Obj: d.Source, Name: d.Def.Name, N: d.Index, Seat: d.Controller, LKI: &lki, Event: about, EventSeat: seat,
			Facts: s.describedFacts(d.Def)})
		done = append(done, i)
	}
	for k := len(done) - 1; k >= 0; k-- {
		g.emit(Effect{Op: OpDelayedDone, N: done[k]})
	}
}

func verbLoseGame(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	seats := []int{c.you}
	if x.e.Player != nil {
		seats = c.players(x.e.Player)
	}
	for _, seat := range seats {
		if !g.S.Players[seat].Lost {
			g.emit(Effect{Op: OpLose, Seat: seat, Kind: x.r.o.Name() + "'s effect (CR 104.3e)"})
			x.did = true
		}
	}
}
