package recorder

import (
	"bytes"
	"errors"
	"path/filepath"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// numbered gives a fixture's inputs their seqs and seals them in a chain.
func numbered(t *testing.T, name string) []*events.Event {
	t.Helper()
	evs := fixtureInputs(t, name)
	for i, ev := range evs {
		ev.Seq = uint64(i + 1)
	}
	return sealChain(evs)
}

// A match whose game ended gives it up once its inputs are stored, and the
// next match to start is judged on a game built in its memory exactly as on
// a new one. An input that comes for the ended match later is judged on its
// game rebuilt from the store, as a new recorder would.
func TestEndedGamesAreReused(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), store.FileName), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rules := NewRules(st)
	admitAll := func(evs []*events.Event) []*store.Derived {
		t.Helper()
		var ds []*store.Derived
		for _, ev := range evs {
			d, err := rules.Admit(nil, ev)
			if err != nil {
				t.Fatalf("%s seq %d: %v", ev.Match, ev.Seq, err)
			}
			ds = append(ds, d)
		}
		if err := st.Commit(&store.Batch{Events: evs, Derived: ds}); err != nil {
			t.Fatal(err)
		}
		return ds
	}
	busy := func(string) bool { return true }
	idle := func(string) bool { return false }

	first := numbered(t, "bolt-race.jsonl")
	admitAll(first)
	ended := rules.games["bolt-race"]
	rules.Trim(busy)
	if rules.games["bolt-race"] != ended || len(rules.spare) != 0 {
		t.Fatal("a game given up while its match has inputs not stored")
	}
	rules.Trim(idle)
	if rules.games["bolt-race"] != nil || len(rules.spare) != 1 || rules.spare[0] != ended || len(rules.over) != 0 {
		t.Fatalf("the ended game is not kept for reuse: spare %d, over %v", len(rules.spare), rules.over)
	}

	next := numbered(t, "opening-hands.jsonl")
	got := admitAll(next)
	if rules.games["opening-hands"] != ended || len(rules.spare) != 0 {
		t.Fatal("the next match did not take the ended game")
	}
	fresh := reducer.New(nil)
	for i, ev := range numbered(t, "opening-hands.jsonl") {
		want, err := Derive(fresh, ev)
		if err != nil {
			t.Fatal(err)
		}
		if g := got[i]; !bytes.Equal(g.Effects, want.Effects) || !bytes.Equal(g.Digest, want.Digest) ||
			!bytes.Equal(g.Snapshot, want.Snapshot) || g.Status != want.Status {
			t.Fatalf("seq %d: derived on a reused game %+v, on a new one %+v", ev.Seq, g, want)
		}
	}

	// An input for the ended match: judged as its game would judge it.
	late := &events.Event{Match: "bolt-race", Seq: uint64(len(first) + 1), Kind: events.KindPass, Actor: "p1",
		Body: &events.Pass{Player: "p1"}, Prev: first[len(first)-1].Hash}
	late.Seal()
	_, err = rules.Admit(nil, late)
	kept := reducer.New(nil)
	for _, ev := range numbered(t, "bolt-race.jsonl") {
		if _, err := kept.Submit(ev); err != nil {
			t.Fatal(err)
		}
	}
	var want error
	var re *reducer.RuleError
	if _, err := kept.Submit(late); errors.As(err, &re) {
		want = re.EventError("bolt-race")
	}
	if err == nil || want == nil || err.Error() != want.Error() {
		t.Fatalf("an input after the end: %v; on the game kept: %v", err, want)
	}
	if g := rules.games["bolt-race"]; g == nil || g == ended || !g.S.Over {
		t.Fatal("the ended match's game is not rebuilt from the store")
	}
}
