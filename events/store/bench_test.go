package store_test

import (
	"fmt"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/sim"
)

// BenchmarkCommit appends a generated match to the store, one batch of
// (up to) 256 inputs per transaction as the recorder commits them, with
// fsync on commit; one op is one batch. Effects and snapshots are not
// included: the events and their indexes only.
//
//	go test ./events/store -run '^$' -bench Commit -count 10 | benchstat -
func BenchmarkCommit(b *testing.B) {
	m, err := sim.Play(1, sim.Options{})
	if err != nil {
		b.Fatal(err)
	}
	st, err := store.OpenDir(b.TempDir(), store.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	const batch = 256
	// Each op stores the next batch of a copy of the match under a fresh
	// id, sealed again outside the timer.
	var copyEvs []*events.Event
	next, n, inputs := 0, 0, 0
	b.ReportAllocs()
	for b.Loop() {
		if next >= len(copyEvs) {
			b.StopTimer()
			n++
			copyEvs = renamed(m.Inputs, fmt.Sprintf("bench-%d", n))
			next = 0
			b.StartTimer()
		}
		end := min(next+batch, len(copyEvs))
		if err := st.Commit(&store.Batch{Events: copyEvs[next:end]}); err != nil {
			b.Fatal(err)
		}
		inputs += end - next
		next = end
	}
	b.ReportMetric(float64(inputs)/b.Elapsed().Seconds(), "inputs/s")
}

// renamed copies evs under match id, sealed into a new chain.
func renamed(evs []*events.Event, id string) []*events.Event {
	out := make([]*events.Event, len(evs))
	var prev events.Hash
	for i, ev := range evs {
		c := *ev
		c.Match, c.Prev = id, prev
		c.Seal()
		prev = c.Hash
		out[i] = &c
	}
	return out
}
