package recorder

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
)

// Two publishers racing on one match never interleave: the stored log is one
// publisher's inputs from seq 1 on, gapless; the other's inputs are refused or
// not sent.
func TestRacingPublishersDoNotInterleave(t *testing.T) {
	h := newHarness(t)
	for round := 0; round < 8; round++ {
		id := fmt.Sprintf("race%d", round)
		a := matchInputs(id, 30)
		b := matchInputs(id, 30)
		// From shared seq k on the two versions differ (k = 1: from the start).
		k := 1 + round%4*3
		for _, e := range b[k-1:] {
			if ms, ok := e.Body.(*events.MatchStarted); ok {
				ms.Players[0].Name = "Carol"
			} else {
				e.Kind, e.Actor, e.Body = events.KindConcede, "p2", &events.Concede{Player: "p2"}
			}
		}
		var wg sync.WaitGroup
		outs := make([][]bus.Outcome, 2)
		for i, evs := range [][]*events.Event{a, b} {
			wg.Add(1)
			go func(i int, evs []*events.Event) {
				defer wg.Done()
				o, err := h.publisher().PublishMatch(context.Background(), id, evs)
				if err != nil {
					t.Errorf("publisher %d: %v", i, err)
				}
				outs[i] = o
			}(i, evs)
		}
		wg.Wait()
		stored := h.storedEvents(id)
		if len(stored) == 0 {
			t.Fatalf("%s: nothing stored", id)
		}
		var winner []*events.Event
		switch {
		case stored[len(stored)-1].Digest() == a[len(stored)-1].Digest():
			winner = a
		case stored[len(stored)-1].Digest() == b[len(stored)-1].Digest():
			winner = b
		default:
			t.Fatalf("%s: last stored input is neither publisher's", id)
		}
		for i, e := range stored {
			if e.Seq != uint64(i+1) {
				t.Fatalf("%s: gap at %d", id, i+1)
			}
			if e.Digest() != winner[i].Digest() {
				t.Fatalf("%s: seq %d interleaves the other publisher's input", id, e.Seq)
			}
		}
		if len(stored) != len(winner) {
			t.Fatalf("%s: winner's inputs stored %d of %d", id, len(stored), len(winner))
		}
		// Each publisher's account agrees with the store.
		for i, o := range outs {
			for _, out := range o {
				if out.Status == bus.StatusStored && stored[out.Seq-1].Digest() != [][]*events.Event{a, b}[i][out.Seq-1].Digest() {
					t.Fatalf("%s: publisher %d told seq %d stored, but the store holds another input", id, i, out.Seq)
				}
			}
		}
	}
}
