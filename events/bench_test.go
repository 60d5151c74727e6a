package events_test

import (
	"runtime"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/sim"
)

// Benchmarks of the codec on the inputs of a generated match (package
// sim): decoding stored bytes and encoding canonically, per input.
//
//	go test ./events -run '^$' -bench . -count 10 | benchstat -

func benchInputs(b *testing.B) []*events.Event {
	m, err := sim.Play(1, sim.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return m.Inputs
}

func BenchmarkDecodeMsgpack(b *testing.B) {
	evs := benchInputs(b)
	raws := make([][]byte, len(evs))
	size := 0
	for i, ev := range evs {
		raws[i] = ev.MarshalMsgpack()
		size += len(raws[i])
	}
	b.SetBytes(int64(size / len(raws)))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := events.DecodeMsgpack(raws[i%len(raws)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkDecodeCorpus decodes the inputs of the corpus replay bench
// reads (generated matches of its event), one input an op. cpu-ns/op is
// the process's CPU time (the collector's included), which a loaded
// machine disturbs less than the wall time; mallocs/op is allocs/op
// unrounded.
func BenchmarkDecodeCorpus(b *testing.B) {
	var raws [][]byte
	size := 0
	err := sim.Generate(1, 20, sim.Options{Event: "bench"}, func(m *sim.Match) error {
		for _, ev := range m.Inputs {
			raws = append(raws, ev.AppendCanonical(nil))
			size += len(raws[len(raws)-1])
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(size / len(raws)))
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	i := 0
	cpu := cpuClock()
	for b.Loop() {
		if _, err := events.DecodeMsgpack(raws[i%len(raws)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
	if cpu > 0 {
		b.ReportMetric(float64(cpuClock()-cpu)/float64(b.N), "cpu-ns/op")
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(b.N), "mallocs/op")
}

func BenchmarkMarshalMsgpack(b *testing.B) {
	evs := benchInputs(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		evs[i%len(evs)].MarshalMsgpack()
		i++
	}
}
