package reducer

import (
	"bytes"
	"testing"
)

// A game recycled from another match's (Recycle) passes through the same
// states as a new one, input by input, whether the effects are derived by
// the rules (written over the last match's) or folded from the record,
// and ends with the same snapshot.
func TestRecycledGameIsNew(t *testing.T) {
	var ruled, folded *Game
	for seed := int64(1); seed <= 4; seed++ {
		rec, err := playRandomGame(seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		fresh := New(drivePool())
		var chunk *Effect // the effects' chunk, kept (Game.arena)
		if ruled != nil && cap(ruled.arena) > 0 {
			chunk = &ruled.arena[:1][0]
		}
		ruled, folded = Recycle(ruled, drivePool()), Recycle(folded, drivePool())
		if chunk != nil && &ruled.arena[:1][0] != chunk {
			t.Fatalf("seed %d: the recycled game writes its effects to a new chunk", seed)
		}
		ruled.ReuseEffects() // each input's effects over the last's, in the last match's chunk
		if ruled.S.Digest() != fresh.S.Digest() || !bytes.Equal(ruled.S.MarshalSnapshot(), fresh.S.MarshalSnapshot()) {
			t.Fatalf("seed %d: a recycled game is not a new one", seed)
		}
		for i, ev := range rec.inputs {
			effs, err := fresh.Submit(ev)
			if err != nil {
				t.Fatalf("seed %d input %d: %v", seed, i, err)
			}
			got, err := ruled.Submit(ev)
			if err != nil {
				t.Fatalf("seed %d input %d, recycled: %v", seed, i, err)
			}
			if !bytes.Equal(EncodeEffects(got), EncodeEffects(effs)) {
				t.Fatalf("seed %d input %d: the recycled game's effects differ", seed, i)
			}
			folded.Apply(effs)
			want := fresh.S.Digest()
			if ruled.S.Digest() != want || folded.S.Digest() != want {
				t.Fatalf("seed %d input %d: a recycled game's state differs from a new one's", seed, i)
			}
		}
		want := fresh.S.MarshalSnapshot()
		if !bytes.Equal(ruled.S.MarshalSnapshot(), want) || !bytes.Equal(folded.S.MarshalSnapshot(), want) {
			t.Errorf("seed %d: the snapshots differ at the end", seed)
		}
	}
}
