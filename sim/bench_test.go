package sim

import (
	"runtime"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
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

// BenchmarkRules submits whole matches to a fresh game, as full rules
// re-derivation does (replay bench's replay_rules, the audit); one op is
// every match once. Generated: the bench's tournament (seeds 1-4); Decks:
// four matches of the real decks (fixtures/decklists), cards the engine
// doesn't model played through the table's effects.
//
//	go test ./sim -run '^$' -bench Rules -cpuprofile cpu.out
func BenchmarkRules(b *testing.B) {
	b.Run("Generated", func(b *testing.B) { benchRules(b, Options{Event: "bench"}) })
	b.Run("Decks", func(b *testing.B) { benchRules(b, Options{Decks: realDecks(b)}) })
}

func benchRules(b *testing.B, opt Options) {
	var matches [][]*events.Event
	inputs := 0
	if err := Generate(1, 4, opt, func(m *Match) error {
		matches = append(matches, m.Inputs)
		inputs += len(m.Inputs)
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		for _, evs := range matches {
			g := reducer.New(nil)
			for _, ev := range evs {
				if _, err := g.Submit(ev); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	runtime.ReadMemStats(&after)
	total := float64(inputs) * float64(b.N)
	b.ReportMetric(total/b.Elapsed().Seconds(), "inputs/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/total, "allocs/input")
}
