package reducer

import "github.com/chronicle-mtg/chronicle/reducer/cards"

// Counters put on permanents (CR 122). putCounters is the one way the
// rules put counters on a permanent (an effect, or "enters with"), so
// that "whenever a +1/+1 counter is put on" triggers
// wherever it happens: once for each counter (CR 122.6 counts counters a
// permanent enters with as put on it). Removing counters (a cost) and a
// setup's counters don't trigger it.

// putCounters puts n counters of kind on permanent id.
func (g *Game) putCounters(id ObjID, kind string, n int) {
	if n <= 0 {
		return
	}
	before := 0
	if o := g.S.Obj(id); o != nil && kind == "lore" {
		before = o.counter("lore")
	}
	g.emit(Effect{Op: OpCounter, Obj: id, Kind: kind, N: n})
	if kind == "lore" {
		if o := g.S.Obj(id); o != nil && o.Zone == ZoneBattlefield {
			g.fireChapters(o, before) // interp_saga.go
		}
		return
	}
	if kind != "+1/+1" {
		return
	}
	o := g.S.Obj(id)
	if o == nil || o.Zone != ZoneBattlefield {
		return
	}
	for i := 0; i < n; i++ {
		g.fire(cards.TriggerPlusOneCounter, id, o.Controller)
	}
}

// removeCount is how many counters an activated ability's cost removes.
func removeCount(ab *cards.Activated) int {
	return max(ab.RemoveCounters, 1)
}
