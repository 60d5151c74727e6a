package recorder

import (
	"context"
	"testing"

	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// The recorder stores a snapshot after every input that began a game and
// at every multiple of SnapshotEvery, and nowhere else; each
// decodes to the state the stored effects rebuild at its seq. A recorder
// restarted mid-match rebuilds the game from the latest snapshot and judges
// the rest the same way.
func TestRulesStoreSnapshots(t *testing.T) {
	h := newRulesHarness(t)
	evs := fixtureInputs(t, "green-red.jsonl")
	match := evs[0].Match
	half := 150 // past seq 128: a snapshot to start from
	outs, err := h.publisher().PublishMatch(context.Background(), match, evs[:half])
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if o.Status != bus.StatusStored {
			t.Fatalf("seq %d: %+v", o.Seq, o)
		}
	}
	h.stopRecorder()
	h.startRecorder()
	if outs, err = h.publisher().PublishMatch(context.Background(), match, evs); err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if o.Status != bus.StatusStored {
			t.Fatalf("after the restart, seq %d: %+v", o.Seq, o)
		}
	}

	want := map[uint64]bool{}
	digests, err := h.store.Digests(match)
	if err != nil {
		t.Fatal(err)
	}
	game := 0
	for _, d := range digests {
		if d.Game != game {
			want[d.Seq] = true // the game's first turn began
			game = d.Game
		}
		if d.Game == 0 {
			t.Errorf("digest at seq %d: no game", d.Seq)
		}
	}
	for seq := uint64(SnapshotEvery); seq <= uint64(len(evs)); seq += SnapshotEvery {
		want[seq] = true
	}
	seqs, err := h.store.Snapshots(match)
	if err != nil {
		t.Fatal(err)
	}
	if len(seqs) != len(want) {
		t.Errorf("snapshots at %v; want one at each of %d seqs", seqs, len(want))
	}
	states := map[uint64]reducer.Digest{}
	g := reducer.New(nil)
	if err := h.store.Effects(match, func(seq uint64, b []byte) error {
		effs, err := reducer.DecodeEffects(b)
		if err != nil {
			return err
		}
		g.Apply(effs)
		states[seq] = g.S.Digest()
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, seq := range seqs {
		if !want[seq] {
			t.Errorf("a snapshot at seq %d, neither a game start nor a multiple of %d", seq, SnapshotEvery)
		}
		at, data, err := h.store.SnapshotAtOrBefore(match, seq)
		if err != nil || at != seq {
			t.Fatalf("snapshot at %d: at %d, %v", seq, at, err)
		}
		s, err := reducer.UnmarshalSnapshot(nil, data)
		if err != nil {
			t.Fatalf("snapshot at %d: %v", seq, err)
		}
		if s.Digest() != states[seq] {
			t.Errorf("snapshot at %d: not the state the effects rebuild", seq)
		}
	}
}
