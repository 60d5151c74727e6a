package recorder

import (
	"context"
	"testing"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// TestPublishWithoutAtomicBatches: on a stream that refuses atomic batches
// the publisher sends input by input, and every input is stored; with
// them, in batches smaller than the match, the same.
func TestPublishWithoutAtomicBatches(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	s, err := h.js.Stream(ctx, bus.StreamName)
	if err != nil {
		t.Fatal(err)
	}
	cfg := s.CachedInfo().Config
	cfg.AllowAtomicPublish = false
	if _, err := h.js.UpdateStream(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		match string
		batch int
	}{{"plain", 0}, {"small", 3}} {
		p := h.publisher()
		p.Batch = c.batch
		if c.match == "small" {
			cfg.AllowAtomicPublish = true
			if _, err := h.js.UpdateStream(ctx, cfg); err != nil {
				t.Fatal(err)
			}
		}
		outs, err := p.PublishMatch(ctx, c.match, matchInputs(c.match, 10))
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range outs {
			if o.Status != bus.StatusStored {
				t.Fatalf("%s seq %d: %s (%s)", c.match, o.Seq, o.Status, o.Reason)
			}
		}
		if n := len(h.storedEvents(c.match)); n != 11 {
			t.Fatalf("%s: %d inputs stored, want 11", c.match, n)
		}
	}
}
