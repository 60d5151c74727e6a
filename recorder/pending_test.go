package recorder

import (
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// A match's pending inputs: added in seq order, stored a prefix at a time,
// found by seq only while not stored, and let go of once all are stored.
func TestPendingInputs(t *testing.T) {
	var p pending
	ev := func(seq uint64) *events.Event { return &events.Event{Match: "m1", Seq: seq} }
	for seq := uint64(4); seq <= 8; seq++ {
		p.add(ev(seq))
	}
	if p.len() != 5 || p.at(3) != nil || p.at(4).Seq != 4 || p.at(8).Seq != 8 || p.at(9) != nil {
		t.Fatalf("after adding 4-8: %d pending", p.len())
	}
	p.storedTo(5)
	p.storedTo(2) // stored before: nothing changes
	if p.len() != 3 || p.at(5) != nil || p.at(6).Seq != 6 {
		t.Fatalf("after storing to 5: %d pending", p.len())
	}
	p.add(ev(9))
	if p.len() != 4 || p.at(5) != nil || p.at(6).Seq != 6 || p.at(9).Seq != 9 || len(p.evs) != 4 {
		t.Fatalf("after adding 9: %d pending in %d", p.len(), len(p.evs))
	}
	p.storedTo(9)
	if p.len() != 0 || p.at(9) != nil || len(p.evs) != 0 {
		t.Fatalf("after storing all: %d pending in %d", p.len(), len(p.evs))
	}
	p.add(ev(10))
	if p.len() != 1 || p.at(10).Seq != 10 || p.at(9) != nil {
		t.Fatalf("after adding 10: %d pending", p.len())
	}
}
