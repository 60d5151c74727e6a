package store_test

import (
	"bytes"
	"fmt"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// A snapshot read again is the one kept from the first read only while its
// stored chain is the same: a keyframe written again, under the same match
// and seq, reads as written, and so does a delta built on it.
func TestSnapshotKeptWhileItsChainIs(t *testing.T) {
	path := tempPath(t)
	s := openStore(t, path)
	evs := sealedChain(defaultSpec("kept"), 300)
	b := newBoard(400)
	d := derivedFor(evs, nil)
	want := map[uint64][]byte{}
	for seq := uint64(64); seq <= 256; seq += 64 {
		want[seq] = b.step()
		d[seq-1].Snapshot = want[seq]
	}
	mustCommit(t, s, &store.Batch{Events: evs, Derived: d})
	read := func(seq uint64) []byte {
		t.Helper()
		at, data, err := s.SnapshotAtOrBefore("kept", seq)
		if err != nil || at != seq {
			t.Fatalf("snapshot at %d: at %d, %v", seq, at, err)
		}
		return data
	}
	for range 2 {
		for seq := uint64(64); seq <= 256; seq += 64 {
			if got := read(seq); !bytes.Equal(got, want[seq]) {
				t.Fatalf("seq %d: %d bytes, want %d", seq, len(got), len(want[seq]))
			}
		}
	}
	s.Close()
	// The keyframe at 64 written again, uncompressed (as an older store
	// holds one), its first object renamed.
	renamed := func(b []byte) []byte { return bytes.Replace(b, []byte("{id:o0,"), []byte("{id:x0,"), 1) }
	editSnapshots(t, path, "kept", func(b *bolt.Bucket) error {
		return b.Put(seqKey(64), store.Seal(seqKey(64), renamed(want[64])))
	})
	s = openStore(t, path)
	for seq := uint64(64); seq <= 128; seq += 64 {
		if got := read(seq); !bytes.Equal(got, renamed(want[seq])) || bytes.Equal(got, want[seq]) {
			t.Errorf("seq %d after its keyframe changed: the snapshot kept from before", seq)
		}
	}
}

// Readers on several goroutines, each reading the snapshots in its own
// order, get what was written whether each read builds or finds it kept
// (go test -race checks the keeping).
func TestSnapshotKeptConcurrently(t *testing.T) {
	s := openStore(t, tempPath(t))
	evs := sealedChain(defaultSpec("many"), 1100)
	b := newBoard(200)
	d := derivedFor(evs, nil)
	want := map[uint64][]byte{}
	for seq := uint64(64); seq <= 1088; seq += 64 {
		want[seq] = b.step()
		d[seq-1].Snapshot = want[seq]
	}
	mustCommit(t, s, &store.Batch{Events: evs, Derived: d})
	errs := make(chan error, 4)
	for g := range 4 {
		go func() {
			for i := range 200 {
				seq := uint64(64 + (i*(g+3))%1025)
				at, data, err := s.SnapshotAtOrBefore("many", seq)
				if err == nil && !bytes.Equal(data, want[at]) {
					err = fmt.Errorf("seq %d: the snapshot at %d differs", seq, at)
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// Snapshots read in an order that starts chains from their top and comes
// back into their middle (each then built from a snapshot of its chain
// kept on the way, not from its keyframe) read as written.
func TestSnapshotBuiltFromKept(t *testing.T) {
	s := openStore(t, tempPath(t))
	evs := sealedChain(defaultSpec("built"), 1300)
	b := newBoard(400)
	want := map[uint64][]byte{}
	d := derivedFor(evs, nil)
	for seq := uint64(64); seq <= 1280; seq += 64 {
		want[seq] = b.step()
		d[seq-1].Snapshot = want[seq]
	}
	mustCommit(t, s, &store.Batch{Events: evs, Derived: d})
	var order []uint64
	for seq := 1280; seq >= 64; seq -= 192 { // tops and middles first
		order = append(order, uint64(seq))
	}
	for i := uint64(0); i < 20; i++ { // then every one, in a scrambled order
		order = append(order, 64+(i*7%20)*64)
	}
	for _, seq := range order {
		at, data, err := s.SnapshotAtOrBefore("built", seq)
		if err != nil || at != seq || !bytes.Equal(data, want[seq]) {
			t.Fatalf("snapshot at %d: at %d, %d bytes (want %d), %v", seq, at, len(data), len(want[seq]), err)
		}
	}
}
