package store_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// TestReadEvents guards reading a match back: Events in seq order from any
// seq (past 255, where only big-endian keys keep the order), Event by seq,
// RawEvents as the canonical bytes, ErrNotFound for what is not stored.
func TestReadEvents(t *testing.T) {
	const n = 300
	s := openStore(t, tempPath(t))
	evs := sealedChain(defaultSpec("m1"), n)
	// Three batches, the first ending past seq 256.
	mustCommit(t, s, &store.Batch{Events: evs[:260]})
	mustCommit(t, s, &store.Batch{Events: evs[260:299]})
	mustCommit(t, s, &store.Batch{Events: evs[299:]})
	mustCommit(t, s, &store.Batch{Events: sealedChain(defaultSpec("m0"), 2)})

	same := func(got, want *events.Event) bool {
		return bytes.Equal(got.MarshalMsgpack(), want.MarshalMsgpack()) && got.Hash == want.Hash
	}
	for _, from := range []uint64{0, 1, 2, 255, 256, 257, 299, 300, 301, 1 << 40} {
		var seqs []uint64
		err := s.Events("m1", from, func(ev *events.Event) error {
			want := evs[ev.Seq-1]
			if !same(ev, want) {
				t.Fatalf("Events from %d: seq %d differs from what was stored", from, ev.Seq)
			}
			seqs = append(seqs, ev.Seq)
			return nil
		})
		if err != nil {
			t.Fatalf("Events from %d: %v", from, err)
		}
		first := max(from, 1)
		wantLen := 0
		if first <= n {
			wantLen = int(n - first + 1)
		}
		if len(seqs) != wantLen {
			t.Fatalf("Events from %d gave %d events, want %d", from, len(seqs), wantLen)
		}
		for i, seq := range seqs {
			if seq != first+uint64(i) {
				t.Fatalf("Events from %d: position %d is seq %d, want %d", from, i, seq, first+uint64(i))
			}
		}
	}

	stop := errors.New("stop")
	calls := 0
	if err := s.Events("m1", 1, func(*events.Event) error { calls++; return stop }); !errors.Is(err, stop) || calls != 1 {
		t.Errorf("Events does not stop at fn's error: %v after %d calls", err, calls)
	}

	for _, seq := range []uint64{1, 255, 256, 300} {
		ev, err := s.Event("m1", seq)
		if err != nil {
			t.Fatalf("Event(m1, %d): %v", seq, err)
		}
		if !same(ev, evs[seq-1]) {
			t.Errorf("Event(m1, %d) differs from what was stored", seq)
		}
	}

	var seq uint64
	err := s.RawEvents("m1", func(got uint64, raw []byte) error {
		seq++
		if got != seq {
			t.Fatalf("RawEvents: seq %d at position %d", got, seq)
		}
		if want := evs[seq-1].MarshalMsgpack(); !bytes.Equal(raw, want) {
			t.Fatalf("RawEvents: seq %d is not the canonical encoding", seq)
		}
		return nil
	})
	if err != nil || seq != n {
		t.Errorf("RawEvents: %v after %d events", err, seq)
	}

	notFound := []struct {
		name string
		err  error
	}{
		{"Event unknown match", func() error { _, err := s.Event("m9", 1); return err }()},
		{"Event seq 0", func() error { _, err := s.Event("m1", 0); return err }()},
		{"Event seq past the head", func() error { _, err := s.Event("m1", n+1); return err }()},
		{"Event of a match that is a prefix", func() error { _, err := s.Event("m", 1); return err }()},
		{"Events unknown match", s.Events("m9", 0, func(*events.Event) error { return nil })},
		{"RawEvents unknown match", s.RawEvents("m9", func(uint64, []byte) error { return nil })},
	}
	for _, c := range notFound {
		if !errors.Is(c.err, store.ErrNotFound) {
			t.Errorf("%s: %v, want ErrNotFound", c.name, c.err)
		}
	}
}
