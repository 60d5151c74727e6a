package recorder

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// panicky is the rules, failing once with a panic on one input.
type panicky struct {
	*Rules
	match string
	seq   uint64
	done  bool
}

func (p *panicky) Admit(m *Match, ev *events.Event) (*store.Derived, error) {
	if !p.done && ev.Match == p.match && ev.Seq == p.seq {
		p.done = true
		panic("a bug in the rules")
	}
	return p.Rules.Admit(m, ev)
}

// TestRulesPanicMidBatch: when the rules fail on an input (a bug, not a
// verdict), it is rejected with LOG-INTERNAL and its game is rebuilt from
// the store, which by then holds the inputs admitted before it in the same
// batch: the same input sent again in that batch is judged on the right
// game and stored.
func TestRulesPanicMidBatch(t *testing.T) {
	h := newHarness(t)
	h.stopRecorder()
	evs := fixtureInputs(t, "bolt-race.jsonl")[:6] // seqs 1 to 6
	for _, ev := range evs {
		h.publishRaw("bolt-race", ev.MarshalMsgpack(), msgID(ev))
	}
	// Seq 5 again, under another message id.
	h.publishRaw("bolt-race", evs[4].MarshalMsgpack(), jetstream.WithMsgID("bolt-race:5:again"))

	ctx := context.Background()
	st, err := store.Open(h.dbPath, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r, err := New(Config{Store: st, Conn: h.nc, Validator: &panicky{Rules: NewRules(st), match: "bolt-race", seq: 5}})
	if err != nil {
		t.Fatal(err)
	}
	if r.stream, err = bus.EnsureStream(ctx, r.js, bus.StreamOptions{}); err != nil {
		t.Fatal(err)
	}
	r.cursor = bus.CursorName(r.stream)
	cons, err := bus.EnsureConsumer(ctx, r.stream, 0)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cons.Fetch(7, jetstream.FetchMaxWait(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	var msgs []jetstream.Msg
	for m := range res.Messages() {
		msgs = append(msgs, m)
	}
	if len(msgs) != 7 {
		t.Fatalf("pulled %d messages, want 7", len(msgs))
	}
	if gap, err := r.process(msgs); err != nil || gap {
		t.Fatalf("gap %v, err %v", gap, err)
	}
	if head := storedHead(t, st, "bolt-race"); head != 5 {
		t.Fatalf("head %d, want 5: the seq 5 sent again is stored", head)
	}
	var rejs []*store.Rejection
	if err := st.Rejections(func(rj *store.Rejection) error { rejs = append(rejs, rj); return nil }); err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, rj := range rejs {
		rules = append(rules, fmt.Sprintf("%s at %d", rj.Rule, rj.Seq))
	}
	// Seq 5 (the panic) and seq 6, which came before seq 5 was stored.
	if len(rejs) != 2 || rejs[0].Rule != "LOG-INTERNAL" || rejs[0].Seq != 5 || rejs[1].Seq != 6 {
		t.Fatalf("rejections %v, want LOG-INTERNAL at seq 5, then seq 6", rules)
	}
}
