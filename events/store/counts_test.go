package store_test

import (
	"testing"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// TestCounts guards Counts: events of every match and the rejection log's
// length, zero for a new store.
func TestCounts(t *testing.T) {
	s := openStore(t, tempPath(t))
	check := func(evs, rej uint64) {
		t.Helper()
		e, r, err := s.Counts()
		if err != nil {
			t.Fatal(err)
		}
		if e != evs || r != rej {
			t.Errorf("Counts() = %d events, %d rejections; want %d, %d", e, r, evs, rej)
		}
	}
	check(0, 0)
	m1 := sealedChain(defaultSpec("m1"), 5)
	mustCommit(t, s, &store.Batch{Events: m1[:2], Rejections: []*store.Rejection{{Match: "m1", Seq: 3, Raw: []byte("x")}}})
	check(2, 1)
	mustCommit(t, s, &store.Batch{Events: append(m1[2:], sealedChain(defaultSpec("m2"), 4)...),
		Rejections: []*store.Rejection{{Raw: []byte("y")}, {Raw: []byte("z")}}})
	check(9, 3)
	mustCommit(t, s, &store.Batch{Rejections: make([]*store.Rejection, 0)})
	check(9, 3)
}
