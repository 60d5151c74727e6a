package recorder

import (
	"context"
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// Every published message ends in exactly one place, the match log or the
// rejection log: a mixed stream of good and bad inputs is counted.
func TestEveryMessageEndsInOnePlace(t *testing.T) {
	h := newHarness(t)
	rng := rand.New(rand.NewSource(7))
	next := map[string]int{} // next index into each match's inputs
	inputs := map[string][][]byte{}
	for i := 0; i < 5; i++ {
		id := fmt.Sprintf("n%d", i)
		for _, e := range matchInputs(id, 40) {
			inputs[id] = append(inputs[id], e.MarshalMsgpack())
		}
	}
	bad := func(id string) []byte {
		switch rng.Intn(5) {
		case 0:
			return []byte("not an input")
		case 1:
			return jsonInput(id, 0, "shuffle", "table", `{}`)
		case 2:
			return jsonInput(id, 999, "pass", "p1", `{"player":"p1"}`)
		case 3:
			return jsonInput("never"+id, 0, "pass", "p1", `{"player":"p1"}`)
		default:
			return jsonInput(id, 0, "play_land", "p1", `{"player":"p1"}`)
		}
	}
	published, wantBad := 0, 0
	for published < 400 {
		id := fmt.Sprintf("n%d", rng.Intn(5))
		var data []byte
		if rng.Intn(4) == 0 || next[id] >= len(inputs[id]) {
			data = bad(id)
			wantBad++
		} else {
			data = inputs[id][next[id]]
			next[id]++
		}
		if _, err := h.js.PublishAsync(bus.InSubject(id), data); err != nil {
			t.Fatal(err)
		}
		published++
	}
	select {
	case <-h.js.PublishAsyncComplete():
	case <-time.After(20 * time.Second):
		t.Fatal("publish did not complete")
	}
	s, err := h.js.Stream(context.Background(), bus.StreamName)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != uint64(published) {
		t.Fatalf("stream holds %d messages, published %d", info.State.Msgs, published)
	}
	cursor := bus.CursorName(s)
	deadline := time.Now().Add(20 * time.Second)
	for {
		last, err := h.store.LastApplied(cursor)
		if err != nil {
			t.Fatal(err)
		}
		if last == info.State.LastSeq {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("recorder applied up to %d of %d", last, info.State.LastSeq)
		}
		time.Sleep(10 * time.Millisecond)
	}
	evs, rejs, err := h.store.Counts()
	if err != nil {
		t.Fatal(err)
	}
	if evs+rejs != uint64(published) || rejs != uint64(wantBad) {
		t.Fatalf("stored %d + rejected %d = %d, published %d (%d bad)", evs, rejs, evs+rejs, published, wantBad)
	}
	seen := map[uint64]bool{}
	for _, r := range h.rejections() {
		if seen[r.StreamSeq] {
			t.Fatalf("stream seq %d rejected twice", r.StreamSeq)
		}
		seen[r.StreamSeq] = true
	}
}

// Run returns when its context ends, with nothing left running (goleak
// checks the whole package at exit), and stopping twice is harmless.
func TestShutdownIsClean(t *testing.T) {
	h := newHarness(t)
	if _, err := h.publisher().PublishMatch(context.Background(), "sd", matchInputs("sd", 3)); err != nil {
		t.Fatal(err)
	}
	h.stopRecorder()
	h.stopRecorder()
	if _, err := h.store.Meta("sd"); err == nil {
		t.Fatal("the store is still open after shutdown")
	}
}
