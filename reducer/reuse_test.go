package reducer

import (
	"bytes"
	"testing"
)

// A game that reuses its effects' memory (ReuseEffects) derives, input by
// input, the same effects and the same states as one that doesn't, with
// the state-based actions skipped while nothing they read changed.
func TestReuseEffectsDerivesTheSame(t *testing.T) {
	for seed := int64(1); seed <= 3; seed++ {
		rec, err := playRandomGame(seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		plain, reused := New(drivePool()), New(drivePool())
		reused.ReuseEffects()
		for i, ev := range rec.inputs {
			want, err := plain.Submit(ev)
			if err != nil {
				t.Fatalf("seed %d input %d: %v", seed, i, err)
			}
			got, err := reused.Submit(ev)
			if err != nil {
				t.Fatalf("seed %d input %d, reusing: %v", seed, i, err)
			}
			if !bytes.Equal(EncodeEffects(got), EncodeEffects(want)) {
				t.Fatalf("seed %d input %d: effects %v, want %v", seed, i, got, want)
			}
		}
		if plain.S.Digest() != reused.S.Digest() {
			t.Errorf("seed %d: the states differ at the end", seed)
		}
	}
}
