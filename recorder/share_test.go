package recorder

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// TestSharedRecorders: two recorders on one stream, each owning half the
// matches with a consumer and a store of its own. Every input is stored,
// in its owner's store only, and the publisher hears each verdict once,
// from the owner.
func TestSharedRecorders(t *testing.T) {
	h := newHarness(t)
	h.stopRecorder()
	var stores []*store.Store
	for i := 0; i < 2; i++ {
		st, err := store.Open(t.TempDir()+"/"+store.FileName, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		nc, err := nats.Connect(h.srv.ClientURL())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		rec, err := New(Config{Store: st, Conn: nc, Share: bus.Share{Index: i, Of: 2}})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- rec.Run(ctx) }()
		t.Cleanup(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("recorder %d: %v", i, err)
			}
		})
		select {
		case <-rec.Ready():
		case <-time.After(20 * time.Second):
			t.Fatal("not ready")
		}
		stores = append(stores, st)
	}
	p := h.publisher()
	owners := map[int]int{}
	for m := 0; m < 12; m++ {
		id := "share-" + string(rune('a'+m))
		owners[bus.ShareOf(id, 2)]++
		outs, err := p.PublishMatch(context.Background(), id, matchInputs(id, 4))
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range outs {
			if o.Status != bus.StatusStored {
				t.Errorf("%s seq %d: %s %s", id, o.Seq, o.Status, o.Reason)
			}
		}
		for i, st := range stores {
			var n int
			err := st.Events(id, 1, func(*events.Event) error { n++; return nil })
			owned := bus.ShareOf(id, 2) == i
			switch {
			case owned && (err != nil || n != 5):
				t.Errorf("%s: its owner's store holds %d events (%v)", id, n, err)
			case !owned && err != store.ErrNotFound:
				t.Errorf("%s: the other store holds it too (%d events, %v)", id, n, err)
			}
		}
	}
	if owners[0] == 0 || owners[1] == 0 {
		t.Fatalf("every match hashed to one share: %v", owners)
	}
}
