package recorder

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// fixtureInputs reads a fixture match from the repository.
func fixtureInputs(t testing.TB, name string) []*events.Event {
	t.Helper()
	lines, err := events.ReadJSONLFile(filepath.Join("..", "fixtures", "matches", name), events.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]*events.Event, len(lines))
	for i, l := range lines {
		out[i] = l.Event
	}
	return out
}

// With the rules plugged in, a legal match is stored with the effects the
// reducer derived from each input and a digest at each turn start; folding
// the stored effects rebuilds the same state as the rules do.
func TestRulesStoreEffectsAndDigests(t *testing.T) {
	h := newRulesHarness(t)
	evs := fixtureInputs(t, "opening-hands.jsonl")
	match := evs[0].Match
	outs, err := h.publisher().PublishMatch(context.Background(), match, evs)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if o.Status != bus.StatusStored {
			t.Fatalf("seq %d: %+v", o.Seq, o)
		}
	}
	rules, trusted := reducer.New(nil), reducer.New(nil)
	n := 0
	if err := h.store.Effects(match, func(seq uint64, b []byte) error {
		effs, err := reducer.DecodeEffects(b)
		if err != nil {
			return err
		}
		trusted.Apply(effs)
		n++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, e := range h.storedEvents(match) {
		if _, err := rules.Submit(e); err != nil {
			t.Fatalf("seq %d: %v", e.Seq, err)
		}
	}
	if n != len(evs) {
		t.Fatalf("effects stored for %d of %d inputs", n, len(evs))
	}
	if rules.S.Digest() != trusted.S.Digest() {
		t.Fatal("stored effects rebuild a different state than the rules")
	}
	if meta, err := h.store.Meta(match); err != nil || meta.Status != "finished" {
		t.Fatalf("a match the rules ended is finished in its meta: %+v, %v", meta, err)
	}
	// A digest at the game's start (turn 0) and at turn 1's start.
	digests, err := h.store.Digests(match)
	if err != nil || len(digests) != 2 || digests[0].Turn != 0 || digests[1].Turn != 1 {
		t.Fatalf("turn-start digests %+v, %v", digests, err)
	}
}

// An input the rules forbid is rejected with the reason and the rule, kept
// in the rejection log, and the match goes on.
func TestRulesRejectIllegalInput(t *testing.T) {
	h := newRulesHarness(t)
	evs := fixtureInputs(t, "bolt-race.jsonl")
	match := evs[0].Match
	if _, err := h.publisher().PublishMatch(context.Background(), match, evs[:2]); err != nil {
		t.Fatal(err)
	}
	w := h.watch(match)
	h.publishRaw(match, jsonInput(match, 3, "pass", "p2", `{"player":"p2"}`))
	v := w.wait(t, 1)[0]
	if v.Status != bus.StatusRejected || v.Rule != "CR 117.3" || !strings.Contains(v.Reason, "p2 can't pass priority: p1 has priority") {
		t.Fatalf("verdict %+v", v)
	}
	if r := h.rejections(); len(r) != 1 || r[0].Rule != "CR 117.3" || r[0].Seq != 3 {
		t.Fatalf("rejection log %+v", r)
	}
	// The recorder restarts: the game is rebuilt from stored effects and the
	// rest of the match is judged the same way.
	h.stopRecorder()
	h.startRecorder()
	outs, err := h.publisher().PublishMatch(context.Background(), match, evs)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if o.Status != bus.StatusStored {
			t.Fatalf("seq %d: %+v", o.Seq, o)
		}
	}
}
