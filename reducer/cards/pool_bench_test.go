package cards

import (
	"runtime"
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer/cards/facts"
)

// Loading the pool and building the cards a match uses, against building
// every card of the database. Each reports the live heap the pool holds
// afterwards (heap-B, measured after a collection), beside time and
// allocations:
//
//	go test ./reducer/cards -run '^$' -bench Pool -benchmem

// sixty are sixty card names spread over the whole database, so that
// no two share a compressed block: the most a sixty-card match can cost.
func sixty(b *testing.B) []string {
	names := Default().Names()
	var out []string
	for i := 0; len(out) < 60; i += len(names) / 60 {
		out = append(out, names[i])
	}
	return out
}

func BenchmarkPoolOpen60(b *testing.B) {
	names := sixty(b)
	var p *Pool
	b.ReportAllocs()
	for b.Loop() {
		p = openPool(b)
		for _, n := range names {
			if _, ok := p.Card(n); !ok {
				b.Fatal(n)
			}
		}
	}
	b.ReportMetric(liveHeap(), "heap-B")
	runtime.KeepAlive(p)
}

func BenchmarkPoolOpenAll(b *testing.B) {
	var p *Pool
	b.ReportAllocs()
	for b.Loop() {
		p = openPool(b)
		for i := range p.Len() {
			p.card(i)
		}
	}
	b.ReportMetric(liveHeap(), "heap-B")
	runtime.KeepAlive(p)
}

// openPool opens the compiled-in facts as a new pool.
func openPool(b *testing.B) *Pool {
	db, err := facts.Open(factsBin)
	if err != nil {
		b.Fatal(err)
	}
	return newPool(db)
}

// liveHeap is the heap in use after a collection.
func liveHeap() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc)
}
