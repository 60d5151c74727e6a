package store_test

import (
	"bytes"
	"testing"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// TestCommitSealedAsGiven: an event committed with its canonical encoding
// (Batch.Sealed) is stored as those bytes; an encoding that is not the
// event's (it ends with another hash) fails the batch, which stores
// nothing; events without one are encoded by the store.
func TestCommitSealedAsGiven(t *testing.T) {
	s := openStore(t, tempPath(t))
	evs := sealedChain(defaultSpec("m1"), 4)
	sealed := make([][]byte, 3) // the last event has none
	for i := range sealed {
		_, sealed[i] = evs[i].SealedCanonical()
	}
	sealed[1] = nil // nor has the second

	wrong := [][]byte{sealed[0], sealed[0]}
	if err := s.Commit(&store.Batch{Events: evs[:2], Sealed: wrong}); err == nil {
		t.Fatal("a batch whose second event was given the first's encoding was stored")
	}
	if _, err := s.Meta("m1"); err != store.ErrNotFound {
		t.Fatalf("after the failed batch the match is there (%v)", err)
	}

	mustCommit(t, s, &store.Batch{Events: evs, Sealed: sealed})
	err := s.RawEvents("m1", func(seq uint64, raw []byte) error {
		_, want := evs[seq-1].SealedCanonical()
		if !bytes.Equal(raw, want) {
			t.Errorf("seq %d: stored % x, want % x", seq, raw, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
