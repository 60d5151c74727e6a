package store_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// board is a stand-in for a long game's snapshots: objects of a few dozen
// bytes each, a few changed, one gone and one new between two snapshots,
// as a board changes over 64 inputs.
type board struct {
	rng  *rand.Rand
	objs []string
	next int
}

func newBoard(n int) *board {
	b := &board{rng: rand.New(rand.NewSource(1))}
	for range n {
		b.add()
	}
	return b
}

func (b *board) add() {
	b.objs = append(b.objs, fmt.Sprintf("{id:o%d,card:Card %d,tapped:false,counters:0,damage:0}", b.next, b.next%37))
	b.next++
}

func (b *board) step() []byte {
	for range 4 {
		i := b.rng.Intn(len(b.objs))
		b.objs[i] = strings.Replace(b.objs[i], "counters:", fmt.Sprintf("counters:%d", b.rng.Intn(9)), 1)
	}
	i := b.rng.Intn(len(b.objs))
	b.objs = append(b.objs[:i], b.objs[i+1:]...)
	b.add()
	return []byte(strings.Join(b.objs, ","))
}

// snapshotForm is the stored form of match's snapshot at seq: its first
// byte after the seal, and its length.
func snapshotForm(t *testing.T, path, match string, seq uint64) (byte, int) {
	t.Helper()
	var first byte
	var n int
	editSnapshots(t, path, match, func(b *bolt.Bucket) error {
		p, err := store.Unseal(seqKey(seq), b.Get(seqKey(seq)))
		if err != nil {
			return err
		}
		first, n = p[0], len(p)
		return nil
	})
	return first, n
}

// Snapshots are stored as a keyframe every eighth and deltas between
// (snapchain.go), over several commits (a delta from a snapshot of an
// earlier transaction reads that one back), and each reads back as given;
// a new game's board, sharing nothing with the last, is a keyframe.
func TestSnapshotDeltas(t *testing.T) {
	path := tempPath(t)
	s := openStore(t, path)
	evs := sealedChain(defaultSpec("m1"), 1300)
	b := newBoard(400)
	want := map[uint64][]byte{}
	d := derivedFor(evs, nil)
	for seq := uint64(64); seq <= 1300; seq += 64 {
		want[seq] = b.step()
		if seq == 1280 {
			want[seq] = snapBytes("m1", seq) // a new game
		}
		d[seq-1].Snapshot = want[seq]
	}
	for from := 0; from < len(evs); from += 500 { // three commits
		to := min(from+500, len(evs))
		mustCommit(t, s, &store.Batch{Events: evs[from:to], Derived: d[from:to]})
	}
	for seq := uint64(1); seq <= 1300; seq += 7 {
		at, data, err := s.SnapshotAtOrBefore("m1", seq)
		if err != nil || at != seq/64*64 || !bytes.Equal(data, want[at]) {
			t.Fatalf("snapshot at or before %d: at %d, %d bytes (want %d), %v", seq, at, len(data), len(want[at]), err)
		}
	}
	if probs, err := s.Check(); err != nil || len(probs) != 0 {
		t.Fatalf("Check: %v, %v", probs, err)
	}
	s.Close()

	for seq := uint64(64); seq <= 1300; seq += 64 {
		first, n := snapshotForm(t, path, "m1", seq)
		keyframe := (seq/64-1)%8 == 0 || seq == 1280
		if got := first != 0xc1; got != keyframe {
			t.Errorf("seq %d: stored as a keyframe %v (first byte %x), want %v", seq, got, first, keyframe)
		}
		if !keyframe && n > len(want[seq])/16 {
			t.Errorf("seq %d: a delta of %d bytes for a snapshot of %d", seq, n, len(want[seq]))
		}
	}
}

// A delta whose base is gone, or whose ops are damaged under a good
// checksum, is damage: the read fails with ErrDamaged, Check names the
// missing base, and the snapshots before it still read.
func TestSnapshotDeltaDamage(t *testing.T) {
	path := tempPath(t)
	s := openStore(t, path)
	evs := sealedChain(defaultSpec("m1"), 200)
	b := newBoard(100)
	d := derivedFor(evs, nil)
	want := map[uint64][]byte{}
	for seq := uint64(64); seq <= 192; seq += 64 {
		want[seq] = b.step()
		d[seq-1].Snapshot = want[seq]
	}
	mustCommit(t, s, &store.Batch{Events: evs, Derived: d})
	s.Close()
	editSnapshots(t, path, "m1", func(b *bolt.Bucket) error {
		p, err := store.Unseal(seqKey(192), b.Get(seqKey(192)))
		if err != nil {
			return err
		}
		damaged := append([]byte(nil), p...)
		damaged[len(damaged)-2] ^= 0xff
		if err := b.Put(seqKey(192), store.Seal(seqKey(192), damaged)); err != nil {
			return err
		}
		return b.Delete(seqKey(64))
	})
	s = openStore(t, path)
	for _, seq := range []uint64{128, 192} {
		if _, _, err := s.SnapshotAtOrBefore("m1", seq); !errors.Is(err, store.ErrDamaged) {
			t.Errorf("snapshot at %d: %v, want damage", seq, err)
		}
	}
	probs, err := s.Check()
	if err != nil || len(probs) != 1 || !strings.Contains(probs[0].String(), "seq 128: snapshots: a delta from seq 64") {
		t.Errorf("Check: %v, %v; want the missing base named", probs, err)
	}
}
