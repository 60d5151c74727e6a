package replaytest

import (
	"slices"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/recorder"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Record stores the inputs of the JSON Lines file at path as the recorder
// would: each match's inputs sealed into a chain (recorded times one second
// apart from Start), run through the rules, and committed into the store in
// dir with what the recorder derives from each (recorder.Derive): effects,
// the state digest after each input that began a game or a turn, and
// snapshots. The inputs at the seqs listed in
// noEffects are stored without effects (or a snapshot), as with `recorder --no-rules`. An
// input the rules reject fails the test. It returns the sealed events.
func Record(t testing.TB, dir, path string, noEffects ...uint64) []*events.Event {
	t.Helper()
	lines, err := events.ReadJSONLFile(path, events.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	games := map[string]*reducer.Game{}
	prev := map[string]events.Hash{}
	batch := &store.Batch{}
	for i, l := range lines {
		ev := l.Event
		ev.Schema = events.SchemaVersion
		ev.Recorded = Start.Add(time.Duration(i) * time.Second).UnixNano()
		ev.Prev = prev[ev.Match]
		ev.Seal()
		prev[ev.Match] = ev.Hash
		g := games[ev.Match]
		if g == nil {
			g = reducer.New(nil)
			games[ev.Match] = g
		}
		d, err := recorder.Derive(g, ev)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, l.Line, err)
		}
		batch.Events = append(batch.Events, ev)
		if slices.Contains(noEffects, ev.Seq) {
			continue
		}
		batch.Derived = append(batch.Derived, d)
	}
	st, err := store.OpenDir(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Commit(batch); err != nil {
		t.Fatal(err)
	}
	evs := make([]*events.Event, len(lines))
	for i, l := range lines {
		evs[i] = l.Event
	}
	return evs
}
