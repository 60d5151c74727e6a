package store_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// stored is one value a walk handed out.
type stored struct {
	seq uint64
	v   string
}

// walkEffects reads match's effects with EffectsFrom from seq from on.
func walkEffects(t *testing.T, s *store.Store, match string, from uint64) []stored {
	t.Helper()
	var out []stored
	if err := s.EffectsFrom(match, from, func(seq uint64, b []byte) error {
		out = append(out, stored{seq, string(b)})
		return nil
	}); err != nil {
		t.Fatalf("%s from %d: %v", match, from, err)
	}
	return out
}

// runEffects reads match's effects with EffectsRun.
func runEffects(t *testing.T, s *store.Store, match string, from, to uint64) []stored {
	t.Helper()
	var out []stored
	if err := s.EffectsRun(match, from, to, func(seq uint64, b []byte) error {
		out = append(out, stored{seq, string(b)})
		return nil
	}); err != nil {
		t.Fatalf("%s run from %d to %d: %v", match, from, to, err)
	}
	return out
}

// run is the part of vs a run from from to to reads: the seqs that follow
// one another from from on.
func run(vs []stored, from, to uint64) []stored {
	var out []stored
	for _, v := range vs {
		if v.seq != from+uint64(len(out)) || to != 0 && v.seq > to {
			break
		}
		out = append(out, v)
	}
	return out
}

func same(t *testing.T, what string, got, want []stored) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d values, the cursor reads %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: value %d is seq %d %q, the cursor reads seq %d %q", what, i, got[i].seq, got[i].v, want[i].seq, want[i].v)
		}
	}
}

// cursorEffects reads the effects bucket of each match of a lineage (each
// up to where the next takes over) with bbolt's cursor, from the closed
// file at path, each value unsealed.
func cursorEffects(t *testing.T, path string, lineage []string, to []uint64) []stored {
	t.Helper()
	db, err := bolt.Open(path, 0o644, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out []stored
	err = db.View(func(tx *bolt.Tx) error {
		for i, m := range lineage {
			c := tx.Bucket([]byte("matches")).Bucket([]byte(m)).Bucket([]byte("effects")).Cursor()
			for k, v := c.First(); k != nil; k, v = c.Next() {
				seq := readSeq(k)
				if len(out) > 0 && seq <= out[len(out)-1].seq {
					continue // the parent's part a branch replaced
				}
				if to[i] != 0 && seq > to[i] {
					break
				}
				p, err := store.Unseal(k, v)
				if err != nil {
					return err
				}
				out = append(out, stored{seq, string(p)})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func readSeq(k []byte) uint64 {
	var n uint64
	for _, b := range k {
		n = n<<8 | uint64(b)
	}
	return n
}

// effectsOf is effects for seq of match: a few dozen bytes, every 97th
// a few pages long (a leaf page with overflow), none for the seqs in gaps.
func effectsOf(evs []*events.Event, gaps func(uint64) bool) []*store.Derived {
	var out []*store.Derived
	for _, ev := range evs {
		if gaps(ev.Seq) {
			continue
		}
		b := []byte(fmt.Sprintf("effects of %s %d ", ev.Match, ev.Seq))
		if ev.Seq%97 == 0 {
			b = bytes.Repeat(b, 9000/len(b))
		} else {
			b = append(b, bytes.Repeat([]byte{'.'}, int(ev.Seq%40))...)
		}
		out = append(out, &store.Derived{Match: ev.Match, Seq: ev.Seq, Effects: b})
	}
	return out
}

// branchOf is n passes that continue match from parent's event at.
func branchOf(match string, at *events.Event, n int) []*events.Event {
	out := []*events.Event{passIn(match, at)}
	for len(out) < n {
		out = append(out, next(out[len(out)-1]))
	}
	return out
}

// The walk over a bucket's pages reads what bbolt's cursor reads: every
// value of a main line over many leaf pages and branch pages (some leaves
// with overflow pages, some seqs without effects), of a branch and a branch
// of a branch (the parent's part cut at the branch point), of a match small
// enough for an inline bucket, from every kind of start; a run (EffectsRun)
// stops at the first seq without effects and past its end; and a store
// whose effects were written before values were sealed.
func TestEffectsWalkReadsWhatTheCursorReads(t *testing.T) {
	path := tempPath(t)
	s := openStore(t, path)
	m1 := sealedChain(defaultSpec("m1"), 3000)
	mustCommit(t, s, &store.Batch{Events: m1, Derived: effectsOf(m1, func(seq uint64) bool { return seq >= 500 && seq < 510 })})
	small := sealedChain(defaultSpec("small"), 3)
	mustCommit(t, s, &store.Batch{Events: small, Derived: effectsOf(small, func(uint64) bool { return false })})
	if _, err := s.CreateBranch("m1", 1200, "b1", ""); err != nil {
		t.Fatal(err)
	}
	b1 := branchOf("b1", m1[1199], 400)
	if err := s.AppendBranch("b1", b1, effectsOf(b1, func(uint64) bool { return false })); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateBranch("b1", 1400, "b2", ""); err != nil {
		t.Fatal(err)
	}
	b2 := branchOf("b2", b1[1400-1201], 50)
	if err := s.AppendBranch("b2", b2, effectsOf(b2, func(uint64) bool { return false })); err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := bolt.Open(path, 0o644, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.View(func(tx *bolt.Tx) error {
		m := tx.Bucket([]byte("matches"))
		st, inline := m.Bucket([]byte("m1")).Bucket([]byte("effects")).Stats(), m.Bucket([]byte("small")).Bucket([]byte("effects")).Stats()
		if st.Depth < 2 || st.LeafOverflowN == 0 || inline.InlineBucketN != 1 {
			return fmt.Errorf("m1's effects %d levels deep, %d overflow pages; small's %d inline", st.Depth, st.LeafOverflowN, inline.InlineBucketN)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()

	type line struct {
		matches []string
		to      []uint64
	}
	lines := map[string]line{
		"m1":    {[]string{"m1"}, []uint64{0}},
		"small": {[]string{"small"}, []uint64{0}},
		"b1":    {[]string{"m1", "b1"}, []uint64{1200, 0}},
		"b2":    {[]string{"m1", "b1", "b2"}, []uint64{1200, 1400, 0}},
	}
	check := func(what string) {
		want := map[string][]stored{}
		for m, l := range lines {
			want[m] = cursorEffects(t, path, l.matches, l.to)
		}
		if len(want["m1"]) != 2990 || len(want["b2"]) != 1440 {
			t.Fatalf("%s: the cursor reads %d and %d values", what, len(want["m1"]), len(want["b2"]))
		}
		s, err := store.Open(path, store.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		for m := range lines {
			for _, from := range []uint64{0, 1, 2, 3, 4, 57, 96, 97, 98, 499, 500, 505, 510, 1199, 1200, 1201, 1202, 1399, 1400, 1401, 1449, 1450, 1451, 2999, 3000, 3001, 1 << 40} {
				var w []stored
				for _, v := range want[m] {
					if v.seq >= from {
						w = append(w, v)
					}
				}
				same(t, fmt.Sprintf("%s: %s from %d", what, m, from), walkEffects(t, s, m, from), w)
				for _, to := range []uint64{0, from, from + 5, 1300} {
					same(t, fmt.Sprintf("%s: %s run from %d to %d", what, m, from, to), runEffects(t, s, m, from, to), run(w, from, to))
				}
			}
		}
		// A walk stops where its callback says.
		n := 0
		stop := errors.New("enough")
		if err := s.EffectsFrom("b2", 1190, func(uint64, []byte) error {
			if n++; n == 20 {
				return stop
			}
			return nil
		}); err != stop || n != 20 {
			t.Errorf("%s: a walk told to stop at its 20th value: %v after %d", what, err, n)
		}
	}
	check("sealed")

	// The same values unsealed, as an older store kept them.
	db, err = bolt.Open(path, 0o644, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		for _, m := range []string{"m1", "small", "b1", "b2"} {
			b := tx.Bucket([]byte("matches")).Bucket([]byte(m)).Bucket([]byte("effects"))
			var keys, vals [][]byte
			if err := b.ForEach(func(k, v []byte) error {
				p, err := store.Unseal(k, v)
				keys, vals = append(keys, append([]byte(nil), k...)), append(vals, append([]byte(nil), p...))
				return err
			}); err != nil {
				return err
			}
			for i := range keys {
				if err := b.Put(keys[i], vals[i]); err != nil {
					return err
				}
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	check("unsealed")
}
