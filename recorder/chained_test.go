package recorder

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
)

// sealChain stamps and seals evs as a client keeping its own chain does:
// each names the hash of the one before.
func sealChain(evs []*events.Event) []*events.Event {
	var prev events.Hash
	for _, ev := range evs {
		ev.Recorded = time.Date(2026, 1, 1, 0, 0, int(ev.Seq), 0, time.UTC).UnixNano()
		ev.Prev = prev
		ev.Seal()
		prev = ev.Hash
	}
	return evs
}

// checkStoredAll fails unless the store holds exactly evs for match, in
// order, and every outcome says stored.
func checkStoredAll(t *testing.T, h *harness, match string, evs []*events.Event, outs []bus.Outcome) {
	t.Helper()
	for _, o := range outs {
		if o.Status != bus.StatusStored {
			t.Fatalf("%s seq %d: %s (%s)", match, o.Seq, o.Status, o.Reason)
		}
	}
	stored := h.storedEvents(match)
	if len(stored) != len(evs) {
		t.Fatalf("%s: stored %d inputs, want %d", match, len(stored), len(evs))
	}
	for i, ev := range stored {
		if ev.Seq != uint64(i+1) || ev.Hash != evs[i].Hash {
			t.Fatalf("%s: stored seq %d is not the input published", match, ev.Seq)
		}
	}
}

// Chained inputs (sealed, each naming the one before) go by plain async
// publish, not atomic batches: all stored, in order, each told.
func TestChainedInputsPublishedAsync(t *testing.T) {
	h := newHarness(t)
	evs := sealChain(matchInputs("c1", 400))
	p := h.publisher()
	outs, err := p.PublishMatch(context.Background(), "c1", evs)
	if err != nil {
		t.Fatal(err)
	}
	checkStoredAll(t, h, "c1", evs, outs)
	// Again: everything is there already, nothing is sent twice.
	outs, err = h.publisher().PublishMatch(context.Background(), "c1", evs)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if o.Status != bus.StatusStored || !o.Already {
			t.Fatalf("again: seq %d: %+v", o.Seq, o)
		}
	}
	if n := len(h.storedEvents("c1")); n != len(evs) {
		t.Fatalf("stored %d after publishing again, want %d", n, len(evs))
	}
}

// A message lost on the way while the ones after it reached the stream:
// the recorder refuses those for the gap; the publisher sends the lost one
// and them again, and every input ends up stored once, in order. Seqs 10
// and 40 go without asking an acknowledgement (lost silently), 61, the
// last, with one (its acknowledgement fails).
func TestChainedLostMessageIsSentAgain(t *testing.T) {
	h := newHarness(t)
	evs := sealChain(matchInputs("c2", 60))
	p := h.publisher()
	var mu sync.Mutex
	lost := map[uint64]bool{}
	p.Lose = func(match string, seq uint64) bool {
		mu.Lock()
		defer mu.Unlock()
		if (seq == 10 || seq == 40 || seq == 61) && !lost[seq] {
			lost[seq] = true
			return true
		}
		return false
	}
	outs, err := p.PublishMatch(context.Background(), "c2", evs)
	if err != nil {
		t.Fatal(err)
	}
	checkStoredAll(t, h, "c2", evs, outs)
	if len(lost) != 3 {
		t.Fatalf("lost %v, want seqs 10, 40 and 61 once each", lost)
	}
	// The inputs after a lost one came before it and were refused for the
	// gap, on the record.
	gaps := 0
	for _, rej := range h.rejections() {
		if rej.Match == "c2" && rej.Rule == events.RuleSeq {
			gaps++
		}
	}
	if gaps == 0 {
		t.Error("no refusal for a gap on record")
	}
}

// Two publishers of chained inputs racing on one match never interleave:
// each names the hash before it, so the loser's inputs are refused or not
// sent.
func TestRacingChainedPublishersDoNotInterleave(t *testing.T) {
	h := newHarness(t)
	for round := range 6 {
		id := fmt.Sprintf("crace%d", round)
		a := matchInputs(id, 40)
		b := matchInputs(id, 40)
		k := 1 + round%3*7
		for _, e := range b[k-1:] {
			if ms, ok := e.Body.(*events.MatchStarted); ok {
				ms.Players[0].Name = "Carol"
			} else {
				e.Kind, e.Actor, e.Body = events.KindConcede, "p2", &events.Concede{Player: "p2"}
			}
		}
		sealChain(a)
		sealChain(b)
		var wg sync.WaitGroup
		for _, evs := range [][]*events.Event{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := h.publisher().PublishMatch(context.Background(), id, evs); err != nil {
					t.Errorf("%s: %v", id, err)
				}
			}()
		}
		wg.Wait()
		stored := h.storedEvents(id)
		if len(stored) == 0 {
			t.Fatalf("%s: nothing stored", id)
		}
		winner := a
		if stored[len(stored)-1].Hash == b[len(stored)-1].Hash {
			winner = b
		}
		for i, e := range stored {
			if e.Seq != uint64(i+1) || e.Hash != winner[i].Hash {
				t.Fatalf("%s: seq %d interleaves the other publisher's input", id, i+1)
			}
		}
	}
}
