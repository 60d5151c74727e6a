package store_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// snapBytes is the stand-in snapshot of a seq: the store keeps bytes as
// given, so any recognisable bytes do.
func snapBytes(match string, seq uint64) []byte {
	return bytes.Repeat([]byte(fmt.Sprintf("%s@%d;", match, seq)), 50)
}

func effBytes(match string, seq uint64) []byte {
	return []byte(fmt.Sprintf("effects of %s %d", match, seq))
}

// derivedFor is what a recorder would derive for evs: effects for each, a
// snapshot at the seqs in snaps.
func derivedFor(evs []*events.Event, snaps map[uint64]bool) []*store.Derived {
	var out []*store.Derived
	for _, ev := range evs {
		d := &store.Derived{Match: ev.Match, Seq: ev.Seq, Effects: effBytes(ev.Match, ev.Seq)}
		if snaps[ev.Seq] {
			d.Snapshot = snapBytes(ev.Match, ev.Seq)
		}
		out = append(out, d)
	}
	return out
}

// TestSnapshotAtOrBefore guards the seek read: the snapshot at the greatest
// seq at or before the one asked for, across batches and past 255 (where
// only big-endian keys keep the order); none before the first; the bytes
// copied out of the transaction.
func TestSnapshotAtOrBefore(t *testing.T) {
	path := tempPath(t)
	s := openStore(t, path)
	evs := sealedChain(defaultSpec("m1"), 300)
	snaps := map[uint64]bool{10: true, 64: true, 128: true, 129: true, 256: true}
	d := derivedFor(evs, snaps)
	mustCommit(t, s, &store.Batch{Events: evs[:130], Derived: d[:130]})
	mustCommit(t, s, &store.Batch{Events: evs[130:], Derived: d[130:]})
	mustCommit(t, s, &store.Batch{Events: sealedChain(defaultSpec("m0"), 3)})

	type got struct {
		at   uint64
		data []byte
	}
	cases := map[uint64]uint64{0: 0, 1: 0, 9: 0, 10: 10, 11: 10, 63: 10, 64: 64, 127: 64, 128: 128, 129: 129, 200: 129, 255: 129, 256: 256, 300: 256, 1 << 40: 256}
	results := map[uint64]got{}
	for seq, want := range cases {
		at, data, err := s.SnapshotAtOrBefore("m1", seq)
		if err != nil {
			t.Fatalf("at or before %d: %v", seq, err)
		}
		if at != want {
			t.Errorf("at or before %d: snapshot at %d, want %d", seq, at, want)
		}
		results[seq] = got{at, data}
	}
	if at, data, err := s.SnapshotAtOrBefore("m0", 3); err != nil || at != 0 || data != nil {
		t.Errorf("a match without snapshots: %d, %q, %v", at, data, err)
	}
	if _, _, err := s.SnapshotAtOrBefore("nope", 3); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown match: %v", err)
	}
	seqs, err := s.Snapshots("m1")
	if err != nil || fmt.Sprint(seqs) != "[10 64 128 129 256]" {
		t.Errorf("Snapshots: %v, %v", seqs, err)
	}
	// The bytes outlive the transaction and the file.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2 := openStore(t, path)
	mustCommit(t, s2, &store.Batch{Events: sealedChain(defaultSpec("m2"), 200)})
	for seq, g := range results {
		if g.at != 0 && !bytes.Equal(g.data, snapBytes("m1", g.at)) {
			t.Errorf("at or before %d: the bytes changed after the store closed", seq)
		}
	}
}

// TestEffectsFrom guards reading effects from a seq on: in order, only
// inputs that have them, stopping at fn's error.
func TestEffectsFrom(t *testing.T) {
	s := openStore(t, tempPath(t))
	evs := sealedChain(defaultSpec("m1"), 300)
	d := derivedFor(evs, nil)
	// Seqs 5 and 270 were stored without effects (recorded with --no-rules).
	d = append(append(d[:4:4], d[5:269]...), d[270:]...)
	mustCommit(t, s, &store.Batch{Events: evs, Derived: d})
	for _, from := range []uint64{0, 1, 4, 5, 6, 256, 269, 270, 300, 301} {
		var seqs []uint64
		err := s.EffectsFrom("m1", from, func(seq uint64, b []byte) error {
			if !bytes.Equal(b, effBytes("m1", seq)) {
				t.Fatalf("from %d: seq %d: %q", from, seq, b)
			}
			seqs = append(seqs, seq)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		var want []uint64
		for seq := max(from, 1); seq <= 300; seq++ {
			if seq != 5 && seq != 270 {
				want = append(want, seq)
			}
		}
		if fmt.Sprint(seqs) != fmt.Sprint(want) {
			t.Errorf("from %d: %v", from, seqs)
		}
	}
	stop := errors.New("stop")
	n := 0
	if err := s.EffectsFrom("m1", 7, func(uint64, []byte) error { n++; return stop }); !errors.Is(err, stop) || n != 1 {
		t.Errorf("EffectsFrom does not stop: %v after %d", err, n)
	}
	if err := s.EffectsFrom("nope", 1, func(uint64, []byte) error { return nil }); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown match: %v", err)
	}
}

// A store written before snapshots has no snapshots bucket in its matches:
// the read finds none, and a commit with a snapshot creates the bucket.
func TestSnapshotsInOlderStore(t *testing.T) {
	path := tempPath(t)
	s := openStore(t, path)
	evs := sealedChain(defaultSpec("m1"), 5)
	mustCommit(t, s, &store.Batch{Events: evs[:3], Derived: derivedFor(evs[:3], nil)})
	s.Close()
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("matches")).Bucket([]byte("m1")).DeleteBucket([]byte("snapshots"))
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s = openStore(t, path)
	if at, data, err := s.SnapshotAtOrBefore("m1", 3); err != nil || at != 0 || data != nil {
		t.Fatalf("no snapshots bucket: %d, %q, %v", at, data, err)
	}
	mustCommit(t, s, &store.Batch{Events: evs[3:], Derived: derivedFor(evs[3:], map[uint64]bool{5: true})})
	if at, data, err := s.SnapshotAtOrBefore("m1", 9); err != nil || at != 5 || !bytes.Equal(data, snapBytes("m1", 5)) {
		t.Fatalf("after a commit with a snapshot: %d, %v", at, err)
	}
}

// The digest records keep where a game or turn began: game and active seat.
func TestDigestsKeepGameAndActive(t *testing.T) {
	s := openStore(t, tempPath(t))
	evs := sealedChain(defaultSpec("m1"), 3)
	d := derivedFor(evs, nil)
	d[1].Turn, d[1].Game, d[1].Active, d[1].Digest = 0, 1, 0, []byte{1}
	d[2].Turn, d[2].Game, d[2].Active, d[2].Digest = 1, 1, 1, []byte{2}
	mustCommit(t, s, &store.Batch{Events: evs, Derived: d})
	ds, err := s.Digests("m1")
	if err != nil || len(ds) != 2 || ds[0].Seq != 2 || ds[0].Game != 1 || ds[1].Turn != 1 || ds[1].Active != 1 {
		t.Fatalf("digests %+v, %v", ds, err)
	}
}

// A branch's snapshots: its own after the branch point, the parent's up to
// it, never the parent's after it.
func TestSnapshotAtOrBeforeBranch(t *testing.T) {
	s := openStore(t, tempPath(t))
	evs := sealedChain(defaultSpec("m1"), 100)
	mustCommit(t, s, &store.Batch{Events: evs, Derived: derivedFor(evs, map[uint64]bool{20: true, 40: true, 60: true})})
	if _, err := s.CreateBranch("m1", 50, "b1", ""); err != nil {
		t.Fatal(err)
	}
	// The branch's own inputs 51 to 80, chained onto the parent's seq 50.
	var own []*events.Event
	prev := evs[49]
	for range 30 {
		ev := next(prev)
		ev.Match = "b1"
		ev.Seal()
		own = append(own, ev)
		prev = ev
	}
	if err := s.AppendBranch("b1", own, derivedFor(own, map[uint64]bool{70: true})); err != nil {
		t.Fatal(err)
	}
	for seq, want := range map[uint64]struct {
		at    uint64
		owner string
	}{10: {0, ""}, 45: {40, "m1"}, 50: {40, "m1"}, 65: {40, "m1"}, 69: {40, "m1"}, 70: {70, "b1"}, 200: {70, "b1"}} {
		at, data, err := s.SnapshotAtOrBefore("b1", seq)
		if err != nil {
			t.Fatal(err)
		}
		if at != want.at || (at != 0 && !bytes.Equal(data, snapBytes(want.owner, at))) {
			t.Errorf("branch at or before %d: snapshot at %d (%.10q), want %d of %s", seq, at, data, want.at, want.owner)
		}
	}
	var seqs []uint64
	if err := s.EffectsFrom("b1", 48, func(seq uint64, b []byte) error {
		seqs = append(seqs, seq)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(seqs) != 33 || seqs[0] != 48 || seqs[32] != 80 {
		t.Errorf("branch effects from 48: %v", seqs)
	}
}
