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

	_, st := processPulled(t, h, 7, func(st *store.Store) Config {
		return Config{Validator: &panicky{Rules: NewRules(st), match: "bolt-race", seq: 5}}
	})
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

// pack is evs in one pack of inputs (bus.SplitPack).
func pack(evs []*events.Event) []byte {
	buf := bus.StartPack(nil)
	for _, ev := range evs {
		var start int
		buf, start = bus.StartPackInput(buf)
		buf = ev.AppendCanonical(buf)
		bus.EndPackInput(buf, start)
	}
	return buf
}

// TestRulesPanicMidPack: when the rules fail on an input inside a pack,
// what the pack held before it is stored first (the store's cursor stops
// at the message before the pack, so a crash then brings the pack again),
// and admitting goes on after it: every input of the pack is judged once.
func TestRulesPanicMidPack(t *testing.T) {
	h := newHarness(t)
	h.stopRecorder()
	evs := fixtureInputs(t, "bolt-race.jsonl")[:6] // seqs 1 to 6
	other := matchInputs("other", 1)[0]
	h.publishRaw("other", other.MarshalMsgpack(), msgID(other)) // stream seq 1: the pack is 2
	h.publishRaw("bolt-race", pack(evs), jetstream.WithMsgID("bolt-race:1-6"))
	// Seq 3 again, alone, and 4 to 6 in a pack again.
	h.publishRaw("bolt-race", evs[2].MarshalMsgpack(), jetstream.WithMsgID("bolt-race:3:again"))
	h.publishRaw("bolt-race", pack(evs[3:]), jetstream.WithMsgID("bolt-race:4-6:again"))

	var cursors []uint64
	r, st := processPulled(t, h, 4, func(st *store.Store) Config {
		return Config{Validator: &panicky{Rules: NewRules(st), match: "bolt-race", seq: 3},
			BeforeCommit: func(int) {
				last, err := st.LastApplied(bus.CursorName(mustStream(t, h)))
				if err != nil {
					t.Error(err)
				}
				cursors = append(cursors, last)
			}}
	})
	if head := storedHead(t, st, "bolt-race"); head != 6 {
		t.Fatalf("head %d, want 6: seq 3 sent again and 4 to 6 after it are stored", head)
	}
	if last, err := st.LastApplied(r.cursor); err != nil || last != 4 {
		t.Fatalf("cursor %d (%v), want 4", last, err)
	}
	// The first commit held the other match's input and seqs 1 to 3 of the
	// pack (3 refused), and left the cursor before the pack; the second,
	// what followed.
	if fmt.Sprint(cursors) != "[0 1]" {
		t.Fatalf("cursors before each commit %v, want [0 1]", cursors)
	}
	var rules []string
	if err := st.Rejections(func(rj *store.Rejection) error {
		rules = append(rules, fmt.Sprintf("%s at %d", rj.Rule, rj.Seq))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := "[LOG-INTERNAL at 3 LOG-SEQ at 4 LOG-SEQ at 5 LOG-SEQ at 6]"
	if fmt.Sprint(rules) != want {
		t.Fatalf("rejections %v, want %s", rules, want)
	}
	if s := r.Stats(); s.Stored != 7 || s.Rejected != 4 || s.Duplicates != 0 {
		t.Fatalf("stats %+v: every input of the packs judged once", s)
	}
}

func mustStream(t *testing.T, h *harness) jetstream.Stream {
	t.Helper()
	s, err := h.js.Stream(context.Background(), bus.StreamName)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// pullAfter fetches up to n messages of stream after seq after, through a
// consumer of its own.
func pullAfter(t *testing.T, stream jetstream.Stream, after uint64, n int) []jetstream.Msg {
	t.Helper()
	cons, err := bus.EnsureConsumer(context.Background(), stream, after)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cons.Fetch(n, jetstream.FetchMaxWait(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	var msgs []jetstream.Msg
	for m := range res.Messages() {
		msgs = append(msgs, m)
	}
	return msgs
}

// processPulled opens the harness's store (closed when the test ends),
// makes a recorder on it with the config cfg gives, pulls n messages of
// the input stream and has the recorder process them in one go, as its
// loop would.
func processPulled(t *testing.T, h *harness, n int, cfg func(*store.Store) Config) (*Recorder, *store.Store) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(h.dbPath, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	c := cfg(st)
	c.Store, c.Conn = st, h.nc
	r, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	if r.stream, err = bus.EnsureStream(ctx, r.js, bus.StreamOptions{}); err != nil {
		t.Fatal(err)
	}
	r.cursor = bus.CursorName(r.stream)
	msgs := pullAfter(t, r.stream, 0, n)
	if len(msgs) != n {
		t.Fatalf("pulled %d messages, want %d", len(msgs), n)
	}
	if gap, err := r.process(msgs); err != nil || gap {
		t.Fatalf("gap %v, err %v", gap, err)
	}
	return r, st
}
