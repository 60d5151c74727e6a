package store_test

import (
	"bytes"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// TestValuesOutliveTheFile guards copying out of transactions: events, meta
// and rejections read from the store are intact after it is closed (its
// memory map gone), so none of them aliases bbolt's pages.
func TestValuesOutliveTheFile(t *testing.T) {
	path := tempPath(t)
	s := openStore(t, path)
	evs := sealedChain(defaultSpec("m1"), 40)
	raw := bytes.Repeat([]byte{0xde, 0xad, 0xbe, 0xef}, 64)
	mustCommit(t, s, &store.Batch{Events: evs, Rejections: []*store.Rejection{{Match: "m1", Seq: 41, Raw: raw, Reason: "kept"}}})

	var got []*events.Event
	if err := s.Events("m1", 0, func(ev *events.Event) error { got = append(got, ev); return nil }); err != nil {
		t.Fatal(err)
	}
	one, err := s.Event("m1", 17)
	if err != nil {
		t.Fatal(err)
	}
	meta, err := s.Meta("m1")
	if err != nil {
		t.Fatal(err)
	}
	metas, err := s.Matches()
	if err != nil {
		t.Fatal(err)
	}
	var rejs []*store.Rejection
	if err := s.Rejections(func(r *store.Rejection) error { rejs = append(rejs, r); return nil }); err != nil {
		t.Fatal(err)
	}
	byMatch, err := s.RejectionsFor("m1", 41)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Churn the file through another handle so stale pages would change.
	s2 := openStore(t, path)
	mustCommit(t, s2, &store.Batch{Events: sealedChain(defaultSpec("m2"), 200), Rejections: []*store.Rejection{{Raw: bytes.Repeat([]byte{0}, 4096)}}})
	s2.Close()

	if len(got) != len(evs) {
		t.Fatalf("%d events read, want %d", len(got), len(evs))
	}
	for i, ev := range got {
		if !bytes.Equal(ev.MarshalMsgpack(), evs[i].MarshalMsgpack()) || ev.ComputeHash() != evs[i].Hash {
			t.Errorf("seq %d changed after the store was closed", i+1)
		}
	}
	if !bytes.Equal(one.MarshalMsgpack(), evs[16].MarshalMsgpack()) {
		t.Error("Event(m1, 17) changed after the store was closed")
	}
	for _, m := range []*store.Meta{meta, metas[0]} {
		if m.Head() != evs[39].Hash || m.Players[0].Name != "Alice" || m.Event != "test-cup" || m.Format != "standard" {
			t.Errorf("meta changed after the store was closed: %+v", m)
		}
	}
	for _, rs := range [][]*store.Rejection{rejs, byMatch} {
		if len(rs) != 1 || !bytes.Equal(rs[0].Raw, raw) || rs[0].Reason != "kept" {
			t.Errorf("rejection changed after the store was closed: %+v", rs)
		}
	}
}
