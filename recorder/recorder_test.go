package recorder

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
)

// A match published as a game client would is stored whole, sealed into a
// hash chain, and every input gets a stored verdict.
func TestRecordsAMatch(t *testing.T) {
	h := newHarness(t)
	evs := matchInputs("m1", 20)
	outs, err := h.publisher().PublishMatch(context.Background(), "m1", evs)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if o.Status != bus.StatusStored || o.Already {
			t.Fatalf("seq %d: %+v", o.Seq, o)
		}
	}
	stored := h.storedEvents("m1")
	if len(stored) != len(evs) {
		t.Fatalf("stored %d events, want %d", len(stored), len(evs))
	}
	link := events.Link{}
	for i, e := range stored {
		if e.Digest() != evs[i].Digest() {
			t.Fatalf("seq %d: stored a different input", e.Seq)
		}
		if e.Hash.IsZero() || e.Recorded == 0 {
			t.Fatalf("seq %d: not sealed: %+v", e.Seq, e)
		}
		if err := link.Next(e); err != nil {
			t.Fatalf("chain: %v", err)
		}
		if outs[i].Verdict.Hash != e.Hash.String() {
			t.Fatalf("seq %d: verdict hash %s, stored %s", e.Seq, outs[i].Verdict.Hash, e.Hash)
		}
		if outs[i].Verdict.Digest != e.Digest().String() {
			t.Fatalf("seq %d: verdict digest %s, stored %s", e.Seq, outs[i].Verdict.Digest, e.Digest())
		}
	}
	meta, err := h.store.Meta("m1")
	if err != nil {
		t.Fatal(err)
	}
	if meta.HeadSeq != 21 || meta.Events != 21 || meta.Head() != stored[20].Hash || len(meta.Players) != 2 {
		t.Fatalf("meta: %+v", meta)
	}
	if ids, _ := h.store.MatchesByPlayer("Alice"); len(ids) != 1 || ids[0] != "m1" {
		t.Fatalf("player index: %v", ids)
	}
}

// Every kind of bad input is rejected with a reason naming its rule, kept
// whole in the rejection log, and never half-applied; the good inputs around
// it, of the same match and of others, are stored.
func TestBadInputsAreRejectedAndKept(t *testing.T) {
	h := newHarness(t)
	good := matchInputs("good", 3)
	gw := h.watch("good")
	for _, e := range good {
		h.publishRaw("good", e.MarshalMsgpack(), msgID(e))
	}
	gw.wait(t, len(good))
	gw.sub.Unsubscribe()
	sealedWrong := matchInputs("good", 4)[4] // seq 5 would be next after one more pass
	sealedWrong.Seq = 5
	sealedWrong.Prev = events.Hash{1}
	sealedWrong.Seal()
	sealedWrong.Hash[0] ^= 0xff

	cases := []struct {
		name, match string
		data        []byte
		rule, field string
		reason      string
	}{
		{"unknown kind", "good", jsonInput("good", 5, "cst", "p1", `{"player":"p1"}`), events.RuleKind, "kind", `unknown kind "cst"`},
		{"missing field", "good", jsonInput("good", 5, "play_land", "p1", `{"player":"p1"}`), events.RuleBody, "body.card", "missing"},
		{"wrong-typed field", "good", jsonInput("good", 5, "cast", "p1", `{"player":"p1","card":"Shock","x":"two"}`), events.RuleBody, "body.x", "want an integer"},
		{"unknown body field", "good", jsonInput("good", 5, "pass", "p1", `{"player":"p1","plyer":"p2"}`), events.RuleBody, "body.plyer", "unknown field"},
		{"oversize", "good", append(jsonInput("good", 5, "pass", "p1", `{"player":"p1"}`), bytes.Repeat([]byte(" "), events.MaxInputSize)...), events.RuleSize, "", "input limit"},
		{"never started", "ghost", jsonInput("ghost", 1, "pass", "p1", `{"player":"p1"}`), events.RuleStart, "match", "never started"},
		{"gap in seq", "good", jsonInput("good", 9, "pass", "p1", `{"player":"p1"}`), events.RuleSeq, "seq", "gap: expected seq 5, got 9"},
		{"wrong hash", "good", sealedWrong.MarshalMsgpack(), events.RuleChain, "prev", "does not match the hash of seq 4"},
		{"not a player", "good", jsonInput("good", 5, "pass", "p3", `{"player":"p3"}`), events.RuleActor, "actor", `"p3" is not a player`},
		{"undecodable", "good", []byte{0xc1, 0x00, 0xff}, events.RuleDecode, "", "not a msgpack map"},
		{"malformed pack", "good", []byte{0x92, 0xc4, 1, 'a'}, events.RuleDecode, "", "malformed pack"},
		{"wrong subject", "good", jsonInput("other", 1, "pass", "p1", `{"player":"p1"}`), events.RuleBody, "match", "was published on the subject"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := h.watch(c.match)
			before := len(h.rejections())
			h.publishRaw(c.match, c.data)
			v := w.wait(t, 1)[0]
			if v.Status != bus.StatusRejected || v.Rule != c.rule || v.Field != c.field || !strings.Contains(v.Reason, c.reason) {
				t.Fatalf("verdict %+v, want rejected %s %s %q", v, c.rule, c.field, c.reason)
			}
			rejs := h.rejections()
			if len(rejs) != before+1 {
				t.Fatalf("rejection log has %d entries, want %d", len(rejs), before+1)
			}
			r := rejs[len(rejs)-1]
			if !bytes.Equal(r.Raw, c.data) || r.Rule != c.rule || r.Reason != v.Reason || r.StreamSeq != v.StreamSeq || r.Match != c.match {
				t.Fatalf("rejection %+v does not keep the input and its reason", r)
			}
			if n := len(h.storedEvents("good")); n != 4 {
				t.Fatalf("good match has %d events after a rejection, want 4", n)
			}
		})
	}
	// The match goes on after the rejections: the next good input is stored.
	w := h.watch("good")
	next := matchInputs("good", 4)[4]
	h.publishRaw("good", next.MarshalMsgpack(), msgID(next))
	if v := w.wait(t, 1)[0]; v.Status != bus.StatusStored || v.Seq != 5 {
		t.Fatalf("verdict %+v", v)
	}
	if _, err := h.store.Meta("ghost"); err == nil {
		t.Fatal("a match that never started was created")
	}
}

// The same input published twice, by a publisher and by a raw client with a
// new message id, is stored once; a redelivered stream message is a no-op.
func TestSameInputTwiceIsStoredOnce(t *testing.T) {
	h := newHarness(t)
	evs := matchInputs("twice", 5)
	p := h.publisher()
	if _, err := p.PublishMatch(context.Background(), "twice", evs); err != nil {
		t.Fatal(err)
	}
	outs, err := p.PublishMatch(context.Background(), "twice", matchInputs("twice", 5))
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if o.Status != bus.StatusStored || !o.Already {
			t.Fatalf("second publish seq %d: %+v", o.Seq, o)
		}
	}
	// A client resending seq 3 with a fresh message id, past JetStream's dedup.
	w := h.watch("twice")
	h.publishRaw("twice", evs[2].MarshalMsgpack(), jetstream.WithMsgID("resend-3"))
	if v := w.wait(t, 1)[0]; v.Status != bus.StatusStored || !v.Duplicate || v.Seq != 3 {
		t.Fatalf("resend verdict %+v", v)
	}
	if n := len(h.storedEvents("twice")); n != 6 {
		t.Fatalf("stored %d events, want 6", n)
	}
	// Redelivery: acks lost, the consumer delivers everything again.
	h.stopRecorder()
	s, err := h.js.Stream(context.Background(), bus.StreamName)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ResetConsumerToSequence(context.Background(), bus.ConsumerName, 1); err != nil {
		t.Fatal(err)
	}
	h.startRecorder()
	w2 := h.watch("twice")
	last := matchInputs("twice", 6)[6]
	h.publishRaw("twice", last.MarshalMsgpack(), msgID(last))
	if v := w2.wait(t, 1)[0]; v.Seq != 7 || v.Status != bus.StatusStored {
		t.Fatalf("verdict after redelivery %+v", v)
	}
	if n := len(h.storedEvents("twice")); n != 7 {
		t.Fatalf("stored %d events after redelivery, want 7", n)
	}
	if len(h.rejections()) != 0 {
		t.Fatalf("redelivery produced rejections: %+v", h.rejections())
	}
}

// A different input at a stored seq is a conflict: rejected, the stored one
// untouched.
func TestConflictAtStoredSeq(t *testing.T) {
	h := newHarness(t)
	evs := matchInputs("c1", 3)
	if _, err := h.publisher().PublishMatch(context.Background(), "c1", evs); err != nil {
		t.Fatal(err)
	}
	before := h.storedEvents("c1")[2]
	w := h.watch("c1")
	other := &events.Event{Match: "c1", Seq: 3, Kind: events.KindConcede, Actor: "p2", Body: &events.Concede{Player: "p2"}}
	h.publishRaw("c1", other.MarshalMsgpack(), jetstream.WithMsgID("other-3"))
	v := w.wait(t, 1)[0]
	if v.Status != bus.StatusRejected || v.Rule != events.RuleConflict || !strings.Contains(v.Reason, "stored already with a different input") {
		t.Fatalf("verdict %+v", v)
	}
	after := h.storedEvents("c1")[2]
	if after.Hash != before.Hash || after.Kind != events.KindPass {
		t.Fatalf("stored event changed: %+v", after)
	}
	// The publisher sees the conflict too, and sends nothing after it.
	mine := matchInputs("c1", 5)
	mine[2] = other
	outs, err := h.publisher().PublishMatch(context.Background(), "c1", mine)
	if err != nil {
		t.Fatal(err)
	}
	if outs[2].Status != bus.StatusRejected || !strings.Contains(outs[2].Reason, "conflict") {
		t.Fatalf("publisher outcome %+v", outs[2])
	}
	if outs[3].Status != bus.StatusStored || !outs[3].Already {
		t.Fatalf("seq 4 is stored as given, outcome %+v", outs[3])
	}
	for _, o := range outs[4:] {
		if o.Status != bus.StatusUnpublished {
			t.Fatalf("seq %d published after a conflict: %+v", o.Seq, o)
		}
	}
	if n := len(h.storedEvents("c1")); n != 4 {
		t.Fatalf("stored %d, want 4", n)
	}
}

// The status request reports stored, rejected and pending seqs from the store.
func TestStatusReportsWhatIsStored(t *testing.T) {
	h := newHarness(t)
	if _, err := h.publisher().PublishMatch(context.Background(), "s1", matchInputs("s1", 2)); err != nil {
		t.Fatal(err)
	}
	w := h.watch("s1")
	h.publishRaw("s1", jsonInput("s1", 5, "pass", "p1", `{"player":"p1"}`))
	w.wait(t, 1)
	rep, err := bus.RequestStatus(context.Background(), h.nc, "s1", []uint64{1, 3, 5, 9})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{bus.StatusStored, bus.StatusStored, bus.StatusRejected, bus.StatusPending}
	if !rep.Started || rep.HeadSeq != 3 || len(rep.Verdicts) != 4 {
		t.Fatalf("reply %+v", rep)
	}
	for i, v := range rep.Verdicts {
		if v.Status != want[i] {
			t.Fatalf("seq %d: status %s, want %s", v.Seq, v.Status, want[i])
		}
	}
	if rep.Verdicts[2].Rule != events.RuleSeq {
		t.Fatalf("rejected verdict %+v", rep.Verdicts[2])
	}
	none, err := bus.RequestStatus(context.Background(), h.nc, "nobody", nil)
	if err != nil || none.Started {
		t.Fatalf("unknown match: %+v %v", none, err)
	}
	// A bad request is an error, beside the match's true head.
	for _, body := range []string{`{"seq":[1]}`, `[1,2]`, `{"seqs":"1"}`} {
		msg, err := h.nc.Request(bus.StatusSubject("s1"), []byte(body), 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		var bad bus.StatusReply
		if err := json.Unmarshal(msg.Data, &bad); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(bad.Error, "bad status request") || !bad.Started || bad.HeadSeq != 3 {
			t.Errorf("status request %s: %+v; want an error and the head, seq 3", body, bad)
		}
	}
}
