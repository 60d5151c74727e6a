package events_test

import (
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

func BenchmarkMarshalMsgpack(b *testing.B) {
	evs := benchInputs(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		evs[i%len(evs)].MarshalMsgpack()
		i++
	}
}
