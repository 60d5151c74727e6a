package recorder

import (
	"context"
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// startThree stops h's recorder and publishes the first input of matches
// a, b and c: stream seqs 1, 2 and 3.
func startThree(t *testing.T, h *harness) {
	t.Helper()
	h.stopRecorder()
	for _, id := range []string{"a", "b", "c"} {
		ev := matchInputs(id, 0)[0]
		h.publishRaw(id, ev.MarshalMsgpack(), msgID(ev))
	}
}

// TestDeletedMessageIsNoGap: a message gone from the stream before the
// recorder read it (the stream denies deletes and purges, so here a limit
// trims it) leaves a hole in its sequence that is not a lost delivery: the
// recorder goes on past it, stores the rest, and records the hole, with its
// stream sequence, so that the loss shows.
func TestDeletedMessageIsNoGap(t *testing.T) {
	h := newHarness(t)
	startThree(t, h)
	ctx := context.Background()
	s, err := h.js.Stream(ctx, bus.StreamName)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteMsg(ctx, 2); err == nil {
		t.Fatal("the stream let a message be deleted")
	}
	cfg := s.CachedInfo().Config
	cfg.MaxMsgs = 2 // the oldest, match a's start, goes
	if _, err := h.js.UpdateStream(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	c := h.watch("c")
	h.startRecorder()
	c.wait(t, 1)
	if h.storedEvents("a") != nil || h.storedEvents("b") == nil || h.storedEvents("c") == nil {
		t.Fatalf("stored a %v, b %v, c %v; want b and c", h.storedEvents("a"), h.storedEvents("b"), h.storedEvents("c"))
	}
	if n := len(h.rejections()); n != 0 {
		t.Fatalf("%d rejections", n)
	}
	holes, err := h.store.Holes()
	if err != nil || len(holes) != 1 || holes[0].From != 1 || holes[0].To != 1 {
		t.Fatalf("holes %v, %v; want stream sequence 1", holes, err)
	}
}

// TestLostDeliveryIsPulledAgain: a message the stream holds that never
// reached the recorder (a pull cut short) stops the batch before the next
// one, unacked; pulled again from there, everything is stored once. An ack
// covers every message before it, so going on would have lost it.
func TestLostDeliveryIsPulledAgain(t *testing.T) {
	h := newHarness(t)
	startThree(t, h)
	ctx := context.Background()
	st, err := store.Open(h.dbPath, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r, err := New(Config{Store: st, Conn: h.nc})
	if err != nil {
		t.Fatal(err)
	}
	if r.stream, err = bus.EnsureStream(ctx, r.js, bus.StreamOptions{}); err != nil {
		t.Fatal(err)
	}
	r.cursor = bus.CursorName(r.stream)
	msgs := pullAfter(t, r.stream, 0, 3)
	if len(msgs) != 3 {
		t.Fatalf("pulled %d messages, want 3", len(msgs))
	}
	gap, err := r.process([]jetstream.Msg{msgs[0], msgs[2]}) // seq 2 lost on the way
	if err != nil || !gap {
		t.Fatalf("gap %v, err %v; want the gap found", gap, err)
	}
	if r.lastApplied != 1 || storedHead(t, st, "c") != 0 {
		t.Fatalf("after the gap: last applied %d, c stored %d; want 1 and nothing of c", r.lastApplied, storedHead(t, st, "c"))
	}
	msgs = pullAfter(t, r.stream, r.lastApplied, 2)
	if len(msgs) != 2 {
		t.Fatalf("pulled again %d messages, want 2 (seqs 2 and 3)", len(msgs))
	}
	if gap, err := r.process(msgs); err != nil || gap {
		t.Fatalf("gap %v, err %v", gap, err)
	}
	for _, id := range []string{"a", "b", "c"} {
		if storedHead(t, st, id) != 1 {
			t.Errorf("match %s: head %d, want 1", id, storedHead(t, st, id))
		}
	}
}

// storedHead is the head seq the store holds of match, 0 if none.
func storedHead(t *testing.T, st *store.Store, match string) uint64 {
	t.Helper()
	m, err := st.Meta(match)
	if err != nil {
		return 0
	}
	return m.HeadSeq
}
