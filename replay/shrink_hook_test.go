package replay

import (
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// PlantCrash makes the shrinker's replays panic on the inputs crash picks,
// as an engine bug would; the returned func undoes it.
func PlantCrash(crash func(*events.Event) bool) (restore func()) {
	old := shrinkSubmit
	shrinkSubmit = func(g *reducer.Game, ev *events.Event) (reducer.Verification, error) {
		if crash(ev) {
			panic("planted: index out of range")
		}
		return old(g, ev)
	}
	return func() { shrinkSubmit = old }
}
