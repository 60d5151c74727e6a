package replay_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// A store's EventsInPlace gives each event of a match as stored, in seq
// order, and the errors Events gives.
func TestStoreEventsInPlace(t *testing.T) {
	m1, m2, _ := threeMatches()
	src := sources["store"](t, replaytest.Concat(m1, m2)).(*replay.Store)
	n := 0
	if err := src.EventsInPlace("m1", func(ev *events.Event) error {
		if n >= len(m1) || !bytes.Equal(ev.MarshalMsgpack(), m1[n].MarshalMsgpack()) {
			t.Fatalf("event %d is not seq %d as stored", n, n+1)
		}
		n++
		return nil
	}); err != nil || n != len(m1) {
		t.Fatalf("%d events, want %d (%v)", n, len(m1), err)
	}
	if err := src.EventsInPlace("nope", func(*events.Event) error { return nil }); !errors.Is(err, replay.ErrUnknownMatch) {
		t.Errorf("EventsInPlace(nope) error = %v, want ErrUnknownMatch", err)
	}
}
