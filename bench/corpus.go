package bench

import (
	"bytes"
	"fmt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/sim"
)

// packedMatch is a generated match kept as its inputs' canonical bytes, one
// after another: a 5,000-match tournament is millions of inputs, and as
// decoded events they would be gigabytes for the collector to scan through
// every measurement.
type packedMatch struct {
	ID    string
	Games int
	data  []byte
	ends  []uint32 // where each input ends in data
}

func pack(m *sim.Match) *packedMatch {
	p := &packedMatch{ID: m.ID, Games: m.Games, ends: make([]uint32, 0, len(m.Inputs))}
	for _, ev := range m.Inputs {
		p.data = ev.AppendCanonical(p.data)
		p.ends = append(p.ends, uint32(len(p.data)))
	}
	p.data = bytes.Clone(p.data) // no room left over from growing
	return p
}

// forgetBytes drops the tournament's input bytes once they are recorded.
// The read stage measures a reader of the store, and the generated inputs
// (some 0.8 GB for 5,000 matches) kept live would set its collector's pace:
// with the heap's goal twice them, each full rules pass allocated its way
// into fresh pages (about 89,000 page faults a pass in a full run, against
// 0-2 for the decoding baseline). The long match stays: its size is a figure.
func (c *corpus) forgetBytes() {
	for _, p := range c.matches {
		p.data = nil
	}
}

// Len is the number of inputs.
func (p *packedMatch) Len() int { return len(p.ends) }

// raw calls fn with each input's canonical bytes, valid during the call.
func (p *packedMatch) raw(fn func(b []byte)) {
	start := uint32(0)
	for _, end := range p.ends {
		fn(p.data[start:end])
		start = end
	}
}

// Inputs decodes the inputs.
func (p *packedMatch) Inputs() ([]*events.Event, error) {
	out := make([]*events.Event, 0, len(p.ends))
	var err error
	p.raw(func(b []byte) {
		if err != nil {
			return
		}
		var ev *events.Event
		if ev, err = events.DecodeMsgpack(b); err == nil {
			out = append(out, ev)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("bench: %s: %w", p.ID, err)
	}
	return out, nil
}
