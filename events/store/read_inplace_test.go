package store_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// EventsInPlace gives, event by event, what Events gives, from any seq and
// on a branch, and stops at fn's error.
func TestEventsInPlace(t *testing.T) {
	s := openStore(t, tempPath(t))
	evs := sealedChain(defaultSpec("m1"), 300)
	mustCommit(t, s, &store.Batch{Events: evs[:260]})
	mustCommit(t, s, &store.Batch{Events: evs[260:]})
	if _, err := s.CreateBranch("m1", 100, "b1", ""); err != nil {
		t.Fatal(err)
	}
	mustCommit(t, s, &store.Batch{Events: []*events.Event{passIn("b1", evs[99])}})

	for _, c := range []struct {
		match string
		from  uint64
	}{{"m1", 0}, {"m1", 2}, {"m1", 257}, {"m1", 301}, {"b1", 1}, {"b1", 100}} {
		var want []*events.Event
		if err := s.Events(c.match, c.from, func(ev *events.Event) error { want = append(want, ev); return nil }); err != nil {
			t.Fatal(err)
		}
		n := 0
		err := s.EventsInPlace(c.match, c.from, func(ev *events.Event) error {
			if n >= len(want) || !reflect.DeepEqual(ev, want[n]) {
				t.Fatalf("%s from %d: event %d is not what Events gives", c.match, c.from, n)
			}
			n++
			return nil
		})
		if err != nil || n != len(want) {
			t.Fatalf("%s from %d: %d events, want %d (%v)", c.match, c.from, n, len(want), err)
		}
	}

	stop := errors.New("stop")
	calls := 0
	if err := s.EventsInPlace("m1", 1, func(*events.Event) error { calls++; return stop }); !errors.Is(err, stop) || calls != 1 {
		t.Errorf("EventsInPlace does not stop at fn's error: %v after %d calls", err, calls)
	}
	if err := s.EventsInPlace("nope", 1, func(*events.Event) error { return nil }); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("EventsInPlace of an unknown match: %v", err)
	}
}
