package sim

import (
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer"
)

// Benchmarks of the hot paths the replays share, on a generated match:
// the state digest, folding stored effects (decode and Apply), and
// playing a match (LegalActions, Submit, the effects-only check).
//
//	go test ./sim -run '^$' -bench . -count 10 | benchstat -

// benchMatch is seed 1's match, its stored effects and its states.
func benchMatch(b *testing.B) (stored [][]byte, states []*reducer.State) {
	m, err := Play(1, Options{})
	if err != nil {
		b.Fatal(err)
	}
	g := reducer.New(nil)
	for _, ev := range m.Inputs {
		effs, err := g.Submit(ev)
		if err != nil {
			b.Fatal(err)
		}
		stored = append(stored, reducer.EncodeEffects(effs))
		if len(states) < 64 && ev.Seq%16 == 0 {
			states = append(states, g.S.Clone())
		}
	}
	return stored, states
}

func BenchmarkDigest(b *testing.B) {
	_, states := benchMatch(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		states[i%len(states)].Digest()
		i++
	}
}

// BenchmarkApplyStored folds a whole match's stored effects; one op is one
// match.
func BenchmarkApplyStored(b *testing.B) {
	stored, _ := benchMatch(b)
	b.ReportAllocs()
	for b.Loop() {
		g := reducer.New(nil)
		for _, raw := range stored {
			effs, err := reducer.DecodeEffects(raw)
			if err != nil {
				b.Fatal(err)
			}
			g.Apply(effs)
		}
	}
	b.ReportMetric(float64(len(stored))*float64(b.N)/b.Elapsed().Seconds(), "inputs/s")
}

// BenchmarkPlay generates matches; one op is one match.
func BenchmarkPlay(b *testing.B) {
	seed := int64(0)
	for b.Loop() {
		seed++
		if _, err := Play(seed, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
