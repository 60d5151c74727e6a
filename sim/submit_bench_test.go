package sim

import (
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// BenchmarkSubmitCorpus re-derives a small generated tournament with full
// rules, as the bench's "full rules" pass does but without the store: one
// op is every match once. Its profile is the rules engine's hot path.
func BenchmarkSubmitCorpus(b *testing.B) {
	var matches [][]*events.Event
	inputs := 0
	err := Generate(1, 20, Options{Event: "bench"}, func(m *Match) error {
		matches = append(matches, m.Inputs)
		inputs += len(m.Inputs)
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range matches {
			g := reducer.New(nil)
			g.ReuseEffects()
			for _, ev := range in {
				if _, err := g.Submit(ev); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.ReportMetric(float64(inputs)*float64(b.N)/b.Elapsed().Seconds(), "inputs/s")
}
