package recorder

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// A publisher asks for grouped verdicts (bus.HeaderVerdicts): they come as
// arrays, fewer messages than inputs, each of one match in seq order, and
// every input has its stored verdict. Inputs published without the header
// get a verdict each, a JSON object, as before.
func TestGroupedVerdicts(t *testing.T) {
	h := newHarness(t)
	var mu sync.Mutex
	var msgs [][]byte
	sub, err := h.nc.Subscribe(bus.OutSubject("*"), func(m *nats.Msg) {
		mu.Lock()
		msgs = append(msgs, m.Data)
		mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	h.nc.Flush()

	evs := matchInputs("g1", 300)
	outs, err := h.publisher().PublishMatch(context.Background(), "g1", evs)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if o.Status != bus.StatusStored {
			t.Fatalf("seq %d: %+v", o.Seq, o)
		}
	}
	// Our subscription's handler may lag the publisher's.
	count := func() int {
		mu.Lock()
		defer mu.Unlock()
		n := 0
		for _, data := range msgs {
			vs, _ := bus.ParseVerdicts(data)
			n += len(vs)
		}
		return n
	}
	for deadline := time.Now().Add(10 * time.Second); count() < len(evs) && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	mu.Lock()
	grouped := len(msgs)
	seen := map[uint64]bool{}
	for _, data := range msgs {
		if data[0] != '[' {
			t.Fatalf("a single verdict for a publisher that asked for arrays: %s", data)
		}
		vs, err := bus.ParseVerdicts(data)
		if err != nil || len(vs) == 0 || len(vs) > bus.MaxGroupedVerdicts {
			t.Fatalf("array of %d (%v)", len(vs), err)
		}
		for i, v := range vs {
			if v.Match != "g1" || v.Status != bus.StatusStored || i > 0 && v.Seq != vs[i-1].Seq+1 {
				t.Fatalf("verdict %d of an array: %+v", i, v)
			}
			seen[v.Seq] = true
		}
	}
	msgs = nil
	mu.Unlock()
	if len(seen) != len(evs) || grouped >= len(evs)/2 {
		t.Fatalf("%d verdicts in %d messages for %d inputs", len(seen), grouped, len(evs))
	}

	raw := matchInputs("r1", 3)
	w := h.watch("r1")
	for _, e := range raw {
		h.publishRaw("r1", e.MarshalMsgpack(), msgID(e))
	}
	w.wait(t, len(raw))
	for deadline := time.Now().Add(10 * time.Second); count() < len(raw) && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(msgs) != len(raw) {
		t.Fatalf("%d verdict messages for %d inputs published without the header", len(msgs), len(raw))
	}
	for _, data := range msgs {
		if data[0] != '{' {
			t.Fatalf("not a single verdict: %s", data)
		}
	}
}
