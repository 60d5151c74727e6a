package bench

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
)

// Rounds is how many times each read rate (raw decoding, effects-only
// replay, full rules) is measured, the three alternating; the best of each
// is kept. A single pass is at the mercy of what ran before it: the first
// pass after ingest pays page faults for a heap grown again from nothing
// (the ingest's memory was handed back; with a 5,000-match corpus live, the
// collector lets the heap reach twice it before reusing any page), and on a
// shared machine any pass may lose the core for a while. Alternating puts
// the baseline and the figures under the same conditions; the best of
// several is the rate the code can reach, which is what a ratio compares.
// Each timed pass follows an untimed one of its own kind: the collection
// before it lets the scavenger hand pages back, and a pass that allocates
// (decoding makes an event an input) would otherwise pay a page fault for
// each of them, which a pass that allocates little does not (a 50-match
// quick run: decoding 2.5M inputs/s cold, 3.2M warm; a separate process
// reading the same store, 3.0-3.5M).
const Rounds = 3

// readRates is the best time of each read pass over the tournament.
type readRates struct {
	decode, effects, rules time.Duration
}

// pass is one timed read over every match.
type pass struct {
	name string
	fn   func(match string) error
	best *time.Duration
}

// measureReads runs the decoding baseline, effects-only replay and full
// rules over the tournament, alternating, Rounds times, and keeps the best
// of each. Each pass starts after a collection, and its wall time and the
// page faults it took go to log, the evidence of a slowed pass.
func measureReads(src *replay.Store, c *corpus, log io.Writer) (readRates, error) {
	var rr readRates
	var rules *reducer.Game // the full rules pass's game, recycled from match to match
	passes := []pass{
		{"raw decoding", func(m string) error {
			// The fastest decoding there is, as the full rules read: a
			// slower baseline would flatter every ratio built on it.
			var dec events.Decoder
			return src.RawEvents(m, func(_ uint64, raw []byte) error {
				_, err := dec.Decode(raw)
				return err
			})
		}, &rr.decode},
		{"effects-only replay", func(m string) error {
			return replay.Fold(src, m, func(*reducer.Game, uint64) error { return nil })
		}, &rr.effects},
		{"full rules", func(m string) error {
			rules = reducer.Recycle(rules, nil) // in the last match's memory, as a fold is
			rules.ReuseEffects()                // as the recorder does: the effects are not kept
			g := rules
			// Nor the inputs: each is decoded over the last of its kind.
			return src.EventsInPlace(m, func(ev *events.Event) error {
				_, err := g.Submit(ev)
				return err
			})
		}, &rr.rules},
	}
	n := float64(c.inputs)
	for round := 1; round <= Rounds; round++ {
		for _, p := range passes {
			runtime.GC()
			if _, err := timeAll(c, p.fn); err != nil { // untimed: warms the heap
				return rr, err
			}
			faults := pageFaults()
			took, err := timeAll(c, p.fn)
			if err != nil {
				return rr, err
			}
			faults = pageFaults() - faults
			fmt.Fprintf(log, "bench: round %d: %s: %.0f inputs/s (%d page faults)\n", round, p.name, n/took.Seconds(), faults)
			if *p.best == 0 || took < *p.best {
				*p.best = took
			}
		}
	}
	return rr, nil
}
