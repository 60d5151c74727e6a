package store_test

import (
	"testing"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// TestLastAppliedMovesForward guards the stream cursor: kept per name,
// written with a batch (even one with no events), never moved back, kept
// across reopening.
func TestLastAppliedMovesForward(t *testing.T) {
	const a, b = "CHRONICLE_IN@2024-05-01T00:00:00Z", "CHRONICLE_IN@2024-06-01T00:00:00Z"
	path := tempPath(t)
	s := openStore(t, path)
	want := func(name string, seq uint64) {
		t.Helper()
		got, err := s.LastApplied(name)
		if err != nil {
			t.Fatal(err)
		}
		if got != seq {
			t.Errorf("LastApplied(%q) = %d, want %d", name, got, seq)
		}
	}
	want(a, 0)
	evs := sealedChain(defaultSpec("m1"), 2)
	mustCommit(t, s, &store.Batch{Stream: a, StreamSeq: 5, Events: evs[:1]})
	want(a, 5)
	want(b, 0)
	mustCommit(t, s, &store.Batch{Stream: a, StreamSeq: 3, Events: evs[1:]})
	want(a, 5)
	if ev, err := s.Event("m1", 2); err != nil || ev.Hash != evs[1].Hash {
		t.Errorf("the events of a batch with an older cursor are stored all the same: %v", err)
	}
	mustCommit(t, s, &store.Batch{Stream: b, StreamSeq: 2})
	want(b, 2)
	want(a, 5)
	mustCommit(t, s, &store.Batch{Stream: a, StreamSeq: 9})
	want(a, 9)
	mustCommit(t, s, &store.Batch{Stream: "", StreamSeq: 100})
	want("", 0)
	mustCommit(t, s, &store.Batch{Stream: a, StreamSeq: 0})
	want(a, 9)

	s.Close()
	s = openStore(t, path)
	want(a, 9)
	want(b, 2)
}
