package reducer

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// A match that declares cards keeps them through every door: the stored
// effects rebuild them (Apply), a snapshot carries them, and the digest
// covers them.
func TestDeclaredCardsSurviveFoldAndSnapshot(t *testing.T) {
	start := &events.MatchStarted{Format: "playtest", FirstPlayer: "p1",
		Players: []events.Player{
			{ID: "p1", Name: "Alice", Deck: []string{"Test Bear", "Test Bear", "Forest"}},
			{ID: "p2", Name: "Bob", Deck: []string{"Forest"}}},
		Cards: []events.DeclaredCard{
			{Name: "Test Bear", ManaCost: "{1}{G}", Types: []string{"Creature"}, Power: "2", Toughness: "2"},
			{Name: "Test Wall", Types: []string{"Creature"}, Power: "0", Toughness: "4", Token: true},
		}}
	g := New(nil)
	effs, err := g.Submit(&events.Event{Match: "m", Seq: 1, Kind: events.KindMatchStarted, Actor: events.TableActor, Body: start})
	if err != nil {
		t.Fatal(err)
	}
	folded := New(nil)
	folded.Apply(effs)
	if g.S.Digest() != folded.S.Digest() {
		t.Fatal("the stored effects don't rebuild the declared cards")
	}
	if def, ok := folded.S.cardDef("Test Wall"); !ok || !def.Declared || def.Layout != "token" {
		t.Fatalf("Test Wall after the fold: %+v, %v", def, ok)
	}
	snap, err := UnmarshalSnapshot(nil, g.S.MarshalSnapshot())
	if err != nil {
		t.Fatal(err)
	}
	if snap.Digest() != g.S.Digest() {
		t.Fatal("a snapshot loses the declared cards")
	}
	if c := snap.Cards[1].Def; c.Name != "Test Bear" || !c.Declared || c.ManaValue != 2 {
		t.Fatalf("card c1 from the snapshot: %+v", c)
	}
	// The declaration is in the digest: the same match without it differs.
	other := *start
	other.Cards = append([]events.DeclaredCard(nil), start.Cards...)
	other.Cards[0].Power = "3"
	g2 := New(nil)
	if _, err := g2.Submit(&events.Event{Match: "m", Seq: 1, Kind: events.KindMatchStarted, Actor: events.TableActor, Body: &other}); err != nil {
		t.Fatal(err)
	}
	if g2.S.Digest() == g.S.Digest() {
		t.Fatal("the digest doesn't cover what a declared card is")
	}
	// A match that declares nothing snapshots as before: [version, state].
	plain := New(nil)
	start.Cards = nil
	start.Players[0].Deck = []string{"Forest"}
	if _, err := plain.Submit(&events.Event{Match: "m", Seq: 1, Kind: events.KindMatchStarted, Actor: events.TableActor, Body: start}); err != nil {
		t.Fatal(err)
	}
	if b := plain.S.MarshalSnapshot(); b[0] != 0x92 { // fixarray of 2
		t.Fatalf("a snapshot without declared cards starts %#x, want a fixarray of 2", b[0])
	}
}

// An emblem's declaration has no types: "types":[] now, null in logs made
// before; both count the same, so those logs keep their digests and make
// the same emblem again.
func TestEmblemDeclarationTypes(t *testing.T) {
	was := Declared{Name: "Emblem (Test Teferi)", Token: true, Oracle: "Whenever you draw a card, you gain 1 life."}
	now := was
	now.Types = []string{}
	if declaredDigest([]Declared{was})[0] != declaredDigest([]Declared{now})[0] || !sameToken(&was, &now) {
		t.Error(`an emblem declared with "types":[] differs from one with none`)
	}
	data, err := json.Marshal(now)
	if err != nil || !strings.Contains(string(data), `"types":[]`) {
		t.Errorf("the declaration is written %s, %v; want \"types\":[]", data, err)
	}
}

// The digest keeps what it worked out of the declarations (declaredHashes)
// and covers one declared after it was taken; a clone that declares
// another card keeps the original's digest as it was.
func TestDigestCoversLaterDeclarations(t *testing.T) {
	start := &events.MatchStarted{Format: "playtest", FirstPlayer: "p1",
		Players: []events.Player{
			{ID: "p1", Name: "Alice", Deck: []string{"Test Bear", "Forest"}},
			{ID: "p2", Name: "Bob", Deck: []string{"Forest"}}},
		Cards: []events.DeclaredCard{{Name: "Test Bear", ManaCost: "{1}{G}", Types: []string{"Creature"}, Power: "2", Toughness: "2"}}}
	g := New(nil)
	effs, err := g.Submit(&events.Event{Match: "m", Seq: 1, Kind: events.KindMatchStarted, Actor: events.TableActor, Body: start})
	if err != nil {
		t.Fatal(err)
	}
	before := g.S.Digest()
	branch := g.S.Clone()
	wall := Declared{Name: "Test Wall", Types: []string{"Creature"}, Power: "0", Toughness: "4", Token: true}
	g.Apply([]Effect{{Op: OpDeclare, Decl: &wall}})
	folded := New(nil)
	folded.Apply(append(slices.Clone(effs), Effect{Op: OpDeclare, Decl: &wall}))
	if after := g.S.Digest(); after == before || after != folded.S.Digest() {
		t.Fatalf("after a later declaration: %v (before %v), folded %v", after, before, folded.S.Digest())
	}
	wisp := Declared{Name: "Test Wisp", Types: []string{"Creature"}, Power: "1", Toughness: "1", Token: true}
	(&Game{S: branch}).Apply([]Effect{{Op: OpDeclare, Decl: &wisp}})
	if branch.Digest() == g.S.Digest() || g.S.Digest() != folded.S.Digest() {
		t.Fatal("a clone's declaration changed the original's digest, or took its own")
	}
}
