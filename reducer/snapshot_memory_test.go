package reducer

import (
	"path/filepath"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// Snapshots decoded one after another into one SnapshotMemory, in an order
// that jumps back and forth, each game continued a few inputs before the
// next is decoded over it, give the digests of the original run.
func TestSnapshotMemory(t *testing.T) {
	files, err := filepath.Glob("../fixtures/matches/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	var m SnapshotMemory
	for _, f := range files {
		lines, err := events.ReadJSONLFile(f, events.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		g := New(nil)
		digests := make([]Digest, len(lines))
		snaps := make([][]byte, len(lines))
		for i, l := range lines {
			if _, err := g.Submit(l.Event); err != nil {
				t.Fatalf("%s line %d: %v", f, l.Line, err)
			}
			digests[i], snaps[i] = g.S.Digest(), g.S.MarshalSnapshot()
		}
		for k := range lines {
			i := k / 2
			if k%2 == 1 {
				i = len(lines) - 1 - k/2
			}
			s, err := m.UnmarshalSnapshot(nil, snaps[i])
			if err != nil {
				t.Fatalf("%s after line %d: %v", f, lines[i].Line, err)
			}
			if s.Digest() != digests[i] {
				t.Fatalf("%s after line %d: the digest differs", f, lines[i].Line)
			}
			cont := NewFromState(s)
			for j := i + 1; j < min(i+4, len(lines)); j++ {
				if _, err := cont.Submit(lines[j].Event); err != nil || cont.S.Digest() != digests[j] {
					t.Fatalf("%s from line %d, line %d: %v or the digest differs", f, lines[i].Line, lines[j].Line, err)
				}
			}
		}
	}
}
