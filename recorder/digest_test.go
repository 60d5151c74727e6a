package recorder

import (
	"crypto/ed25519"
	"path/filepath"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// The digest worked out from an input's sealed encoding is the one the
// event gives, for every fixture input (table effects included), recorded
// at any time, first in its chain or not; a signed input is left to the
// event.
func TestDigestOfSealed(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "fixtures", "matches", "*.jsonl"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("fixtures: %v, %v", paths, err)
	}
	times := []int64{0, 1, 127, 128, -1, -33, 1 << 40, 1764547200123456789, -1 << 62}
	n := 0
	for _, path := range paths {
		lines, err := events.ReadJSONLFile(path, events.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var prev events.Hash
		for i, l := range lines {
			ev := l.Event
			ev.Seq, ev.Prev, ev.Recorded = uint64(i+1), prev, times[i%len(times)]
			sum, sealed := ev.SealedCanonical()
			ev.Hash, prev = sum, sum
			got, ok := digestOfSealed(sealed, ev)
			if !ok || got != ev.Digest() {
				t.Fatalf("%s seq %d: %v, %v; the event's digest %v", filepath.Base(path), ev.Seq, ok, got, ev.Digest())
			}
			n++
		}
	}
	if n < 500 {
		t.Fatalf("only %d inputs", n)
	}

	ev := &events.Event{Match: "m1", Seq: 2, Kind: events.KindPass, Actor: "p1", Body: &events.Pass{Player: "p1"}, Recorded: 5}
	ev.Prev[0] = 1
	ev.Sig = ed25519.Sign(ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)), []byte("x"))
	if _, sealed := ev.SealedCanonical(); len(sealed) == 0 {
		t.Fatal("no encoding")
	} else if _, ok := digestOfSealed(sealed, ev); ok {
		t.Fatal("a signed input's digest worked out from its encoding")
	}
	for _, bad := range [][]byte{nil, {0x89}, {0x80}, []byte("\x89\xa6schema\x01")} {
		if _, ok := digestOfSealed(bad, &events.Event{}); ok {
			t.Fatalf("%q read as an input", bad)
		}
	}
}

// BenchmarkDigest compares an input's digest worked out from its sealed
// encoding with the event's own (encoded again).
func BenchmarkDigest(b *testing.B) {
	evs := fixtureInputs(b, "green-red.jsonl")
	sealed := make([][]byte, len(evs))
	var prev events.Hash
	for i, ev := range evs {
		ev.Seq, ev.Prev, ev.Recorded = uint64(i+1), prev, 1764547200123456789
		ev.Hash, sealed[i] = ev.SealedCanonical()
		prev = ev.Hash
	}
	b.Run("event", func(b *testing.B) {
		for i := range b.N {
			_ = evs[i%len(evs)].Digest()
		}
	})
	b.Run("sealed", func(b *testing.B) {
		for i := range b.N {
			digestOfSealed(sealed[i%len(evs)], evs[i%len(evs)])
		}
	})
}
