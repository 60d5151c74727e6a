package reducer

import (
	"runtime"
	"sync"
	"testing"
)

// Benchmarks over random games, played once up front by the driver: the
// validating door (Submit), the trusted door (Apply) and LegalActions.
// Each reports inputs/s and allocs/input alongside the per-op figures,
// where one op is a replay of every game.

const benchGames = 8

var (
	benchOnce sync.Once
	benchRecs []*recordedGame
	benchErr  error
)

func benchRecords(b *testing.B) []*recordedGame {
	benchOnce.Do(func() {
		for seed := int64(1); seed <= benchGames; seed++ {
			rec, err := playRandomGame(seed, nil)
			if err != nil {
				benchErr = err
				return
			}
			benchRecs = append(benchRecs, rec)
		}
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchRecs
}

// perInput runs replay b.N times and reports inputs/s and allocs/input.
func perInput(b *testing.B, recs []*recordedGame, replay func(*recordedGame)) {
	inputs := 0
	for _, r := range recs {
		inputs += len(r.inputs)
	}
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for range b.N {
		for _, r := range recs {
			replay(r)
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	total := float64(inputs) * float64(b.N)
	b.ReportMetric(total/b.Elapsed().Seconds(), "inputs/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/total, "allocs/input")
}

func BenchmarkSubmit(b *testing.B) {
	recs := benchRecords(b)
	perInput(b, recs, func(r *recordedGame) {
		g := New(drivePool())
		for _, ev := range r.inputs {
			if _, err := g.Submit(ev); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkApply(b *testing.B) {
	recs := benchRecords(b)
	perInput(b, recs, func(r *recordedGame) {
		g := New(drivePool())
		for _, effs := range r.effects {
			g.Apply(effs)
		}
	})
}

// BenchmarkLegalActions lists the legal inputs in every position of the
// games, reached by the trusted door (Apply is a small part of the time).
func BenchmarkLegalActions(b *testing.B) {
	recs := benchRecords(b)
	perInput(b, recs, func(r *recordedGame) {
		g := New(drivePool())
		for _, effs := range r.effects {
			g.Apply(effs)
			g.LegalActions()
		}
	})
}
