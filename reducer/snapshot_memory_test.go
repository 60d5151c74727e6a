package reducer

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// Snapshots decoded one after another into one SnapshotMemory, in an order
// that jumps back and forth, each game continued a few inputs before the
// next is decoded over it, give the digests of the original run and encode
// back to the same bytes: nothing of the last state, its lists, strings or
// declared cards, shows through.
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
			if s.Digest() != digests[i] || !bytes.Equal(s.MarshalSnapshot(), snaps[i]) {
				t.Fatalf("%s after line %d: the digest or the snapshot differs", f, lines[i].Line)
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

// A memory keeps the declared cards a snapshot decoded for the next that
// declares the same, and builds them anew for one that declares otherwise
// or not at all, or whose declarations it no longer keeps: each state
// decodes to its own digest and bytes, its cards resolved in its own
// declarations.
func TestSnapshotMemoryDeclared(t *testing.T) {
	game := func(power string, declare bool) *State {
		start := &events.MatchStarted{Format: "playtest", FirstPlayer: "p1",
			Players: []events.Player{
				{ID: "p1", Name: "Alice", Deck: []string{"Test Bear", "Forest"}},
				{ID: "p2", Name: "Bob", Deck: []string{"Forest"}}},
			Cards: []events.DeclaredCard{{Name: "Test Bear", ManaCost: "{1}{G}", Types: []string{"Creature"}, Power: power, Toughness: "2"}}}
		if !declare {
			start.Cards, start.Players[0].Deck = nil, []string{"Grizzly Bears", "Forest"}
		}
		g := New(nil)
		if _, err := g.Submit(&events.Event{Match: "m", Seq: 1, Kind: events.KindMatchStarted, Actor: events.TableActor, Body: start}); err != nil {
			t.Fatal(err)
		}
		return g.S
	}
	two, three, four, five, none := game("2", true), game("3", true), game("4", true), game("5", true), game("", false)
	var m SnapshotMemory // keeps four ways of resolving names: five here
	for i, want := range []*State{two, two, three, two, none, none, three, four, five, two, none, four, three} {
		b := want.MarshalSnapshot()
		s, err := m.UnmarshalSnapshot(nil, b)
		if err != nil {
			t.Fatalf("decode %d: %v", i, err)
		}
		if s.Digest() != want.Digest() || !bytes.Equal(s.MarshalSnapshot(), b) {
			t.Fatalf("decode %d: the digest or the snapshot differs", i)
		}
		if got, want := s.Cards[1].Def, want.Cards[1].Def; got.Name != want.Name || got.Power != want.Power {
			t.Fatalf("decode %d: card c1 is %s %s, want %s %s", i, got.Name, got.Power, want.Name, want.Power)
		}
	}
}
