package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Leaves-the-battlefield triggers in the ability language (CR 603.6c,
// 603.10a): "When ~ dies", "When ~ is put into a graveyard from the
// battlefield", "When ~ leaves the battlefield", "Whenever another
// creature you control dies". They look back in time: each permanent's
// abilities, the leaving one's own included, are checked as the game was
// just before the move. An ability that triggered on an object's move can
// find the new object it became in a public zone (CR 400.7d): "return ~ to
// its owner's hand" returns the card from the graveyard, unless it has
// left that zone since.

// triggerPatterns lists a trigger's patterns: its own, then its
// alternatives ("When ~ enters or dies").
func triggerPatterns(t *ability.Trigger) []*ability.Trigger {
	if len(t.Or) == 0 {
		return []*ability.Trigger{t}
	}
	out := []*ability.Trigger{t}
	for i := range t.Or {
		out = append(out, &t.Or[i])
	}
	return out
}

// leavesPattern reports whether pattern t is about a permanent leaving
// the battlefield for zone to.
func leavesPattern(t *ability.Trigger, o *Object, to Zone) bool {
	switch t.Event {
	case ability.Dies:
		return to == ZoneGraveyard && o.Is("Creature") // CR 700.4
	case ability.ZoneChange:
		return t.From == ability.ZoneBattlefield && (t.To == "" || zoneOf(t.To) == to)
	}
	return false
}

// langLeaveTriggers are the triggers o's leaving the battlefield for zone
// to sets off, its own and other permanents' (o is still there); the
// caller emits them once o has moved.
func (g *Game) langLeaveTriggers(o *Object, to Zone) []Effect {
	s := g.S
	var out []Effect
	leaving := lkiOf(o)
	for _, id := range s.sources().triggers { // the permanents with a triggered ability (static_sources.go)
		src := s.Objects[id]
		lc := langOf(src.Def)
		if lc == nil {
			continue // card code's
		}
		c := &evalCtx{g: g, you: src.Controller, src: src.ID, event: o.ID, eventSeat: o.Controller, eventLKI: leaving}
		for i, a := range lc.triggered {
			hit := false
			for _, t := range triggerPatterns(a.Trigger) {
				if (leavesPattern(t, o, to) || g.sacrificedPattern(c, t)) && (t.Self && id == o.ID || !t.Self && c.matches(t.Subject, o)) { // interp_sacrifice.go
					hit = true // once, however many of its patterns match
					break
				}
			}
			if !hit || !hasLevel(src, a) || !functionsOnBattlefield(a) || !c.holds(a.If) { // interp_class.go, interp_zonetriggers.go
				continue
			}
			ev := *leaving
			out = append(out, Effect{Op: OpTrigger, Obj: src.ID, Name: src.Def.Name, N: i, Seat: src.Controller, LKI: lkiOf(src),
				Event: o.ID, EventSeat: o.Controller, EventLKI: &ev, Facts: g.S.describedFacts(src.Def)})
		}
	}
	return append(out, g.delayedLeaves(o, to, leaving)...)
}

// delayedLeaves triggers the delayed abilities about o as it leaves the
// battlefield for zone to ("When it dies or is exiled", interp_delayed.go);
// each is then done, as is every other one about o, which can never
// trigger now (CR 400.7).
func (g *Game) delayedLeaves(o *Object, to Zone, leaving *LKI) []Effect {
	var out []Effect
	var done []int
	for i, d := range g.S.Delayed {
		if d.Event != o.ID {
			continue
		}
		done = append(done, i)
		a := langTriggerAbility(d.Def, d.Index)
		if a == nil || !slices.ContainsFunc(triggerPatterns(a.Trigger), func(t *ability.Trigger) bool { return t.Self && leavesPattern(t, o, to) }) {
			continue
		}
		lki, ev := d.LKI.clone(), *leaving
		out = append(out, Effect{Op: OpTrigger, Obj: d.Source, Name: d.Def.Name, N: d.Index, Seat: d.Controller, LKI: &lki,
			Event: o.ID, EventSeat: o.Controller, EventLKI: &ev, Facts: g.S.describedFacts(d.Def)})
	}
	for k := len(done) - 1; k >= 0; k-- {
		out = append(out, Effect{Op: OpDelayedDone, N: done[k]})
	}
	return out
}

// markMoved records, in the triggers an object's move set off, the new
// object it became when that is in a public zone (CR 400.7d).
func markMoved(s *State, trigs []Effect, old, nid ObjID) {
	n := s.Obj(nid)
	if n == nil || n.Zone == ZoneHand || n.Zone == ZoneLibrary || n.FaceDown {
		return
	}
	for i := range trigs {
		e := &trigs[i]
		if e.Obj == old && e.LKI != nil {
			e.LKI.Moved = nid
		}
		if e.Event == old && e.EventLKI != nil {
			e.EventLKI.Moved = nid
		}
	}
}

// followMoved lists what a selector names for a verb that moves it: as
// objects does, and for the source or the event's object that is gone,
// the new object it became in a public zone (CR 400.7d).
func (c *evalCtx) followMoved(sel *ability.Selector) []ObjID {
	ids := c.objects(sel)
	if len(ids) > 0 || sel == nil || sel.Ref != ability.Self && sel.Ref != ability.EventObject {
		return ids
	}
	if l := c.lkiOf(sel); l != nil && l.Moved != 0 && c.g.S.Obj(l.Moved) != nil {
		return []ObjID{l.Moved}
	}
	return nil
}
