package events_test

import (
	"bytes"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/sim"
)

// Every input of a generated match (the corpus replay bench reads) is
// written by hand as the msgpack library writes it, read by the fast path
// without reflection, and reads the same as with the general decoder.
func TestDecodeFastReadsGeneratedMatches(t *testing.T) {
	matches := 12
	if testing.Short() {
		matches = 4
	}
	byKind := map[events.Kind][2]int{} // inputs, read without reflection
	err := sim.Generate(1, matches, sim.Options{Event: "bench"}, func(m *sim.Match) error {
		for _, ev := range m.Inputs {
			for _, data := range [][]byte{ev.AppendCanonical(nil), signed(ev).AppendCanonical(nil)} {
				// Written by hand as the msgpack library writes it.
				if back, _ := events.DecodeMsgpack(data); back == nil || !bytes.Equal(data, back.AppendCanonicalLibrary(nil)) {
					t.Fatalf("%s seq %d: written by hand otherwise than by the library", m.ID, ev.Seq)
				}
				path, err := events.DecodeBothWays(data)
				if err != nil {
					t.Fatal(err)
				}
				c := byKind[ev.Kind]
				c[0]++
				if path == "fast" {
					c[1]++
				}
				byKind[ev.Kind] = c
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range events.Kinds() {
		c := byKind[k]
		t.Logf("%-13s %6d inputs, %6d without reflection", k, c[0], c[1])
		if c[1] != c[0] {
			t.Errorf("%s: %d of %d inputs went to the msgpack library", k, c[0]-c[1], c[0])
		}
	}
}

// signed is ev with a signature, as a signing client's inputs are stored.
func signed(ev *events.Event) *events.Event {
	s := *ev
	s.Sig = make([]byte, events.SigSize)
	for i := range s.Sig {
		s.Sig[i] = byte(i * 7)
	}
	s.Seal()
	return &s
}
