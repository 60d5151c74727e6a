package reducer

import (
	"bytes"
	"github.com/chronicle-mtg/chronicle/ability"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// For every position of every fixture match, a snapshot decodes to a state
// with the same digest, re-encodes to the same bytes, and the game
// continued from the decoded copy produces the same effects and digests as
// the original, input by input, to the end.
func TestSnapshotFixtures(t *testing.T) {
	files, err := filepath.Glob("../fixtures/matches/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			lines, err := events.ReadJSONLFile(f, events.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			// The original run: digests and effects after each input.
			g := New(nil)
			digests := make([]Digest, len(lines))
			effects := make([][]Effect, len(lines))
			snaps := make([][]byte, len(lines))
			for i, l := range lines {
				if effects[i], err = g.Submit(l.Event); err != nil {
					t.Fatalf("line %d: %v", l.Line, err)
				}
				digests[i] = g.S.Digest()
				snaps[i] = g.S.MarshalSnapshot()
			}
			for i := range lines {
				s, err := UnmarshalSnapshot(nil, snaps[i])
				if err != nil {
					t.Fatalf("after line %d: %v", lines[i].Line, err)
				}
				if s.Digest() != digests[i] {
					t.Fatalf("after line %d: the decoded snapshot's digest differs", lines[i].Line)
				}
				if !bytes.Equal(s.MarshalSnapshot(), snaps[i]) {
					t.Fatalf("after line %d: the decoded snapshot encodes differently", lines[i].Line)
				}
				cont := NewFromState(s)
				for j := i + 1; j < len(lines); j++ {
					effs, err := cont.Submit(lines[j].Event)
					if err != nil {
						t.Fatalf("from line %d, line %d: %v", lines[i].Line, lines[j].Line, err)
					}
					if !reflect.DeepEqual(effs, effects[j]) || cont.S.Digest() != digests[j] {
						t.Fatalf("from line %d, line %d: the continued game parts from the original", lines[i].Line, lines[j].Line)
					}
				}
			}
		})
	}
}

// A state with every field set survives the round trip whole; this covers
// what the fixtures may not reach (waiting triggers with last known
// information, targets, counters, pumps, combat, a choice with options).
func TestSnapshotEveryField(t *testing.T) {
	pool := cards.Default()
	def := func(name string) *cards.Card {
		c, ok := pool.Card(name)
		if !ok {
			t.Fatalf("no card %q", name)
		}
		return c
	}
	bears, bolt := def("Grizzly Bears"), def("Lightning Bolt")
	lki := func(n int) *LKI {
		return &LKI{Card: 1, Power: n, Toughness: n + 1, Counters: []Counter{{Kind: "+1/+1", N: n}}, X: n, Cast: true}
	}
	s := &State{
		Match: "m", Format: "standard", StartingLife: 20, BestOf: 3, pool: pool, ExtraTurns: []int{1, 0},
		Cards: []Card{{}, {Def: bears, Owner: 0}, {Def: bolt, Owner: 1, Sideboard: true}},
		Players: []*Player{
			{ID: "p1", Name: "Alice", Life: 17, Library: []ObjID{4}, Hand: []ObjID{1}, Graveyard: []ObjID{5}, Command: []ObjID{6},
				Pool: []Mana{{Color: cards.Green, Source: 2, Legendary: true}, {Color: cards.Colorless, Source: 2, Spend: &ability.Filter{Types: []string{"artifact"}}}}, LandsPlayed: 1, Spells: 2, Noncreature: 1, Mulligans: 2, Kept: true, Decided: true},
			{ID: "p2", Name: "Bob", Life: -1, Lost: true, LossReason: "life", Left: true},
		},
		Objects: []*Object{nil,
			{ID: 1, Card: 1, Def: bears, Zone: ZoneHand},
			{ID: 2, Card: 1, Def: bears, Owner: 0, Controller: 1, Zone: ZoneBattlefield, Tapped: true, Sick: true, Damage: 1,
				Deathtouched: true, Counters: []Counter{{Kind: "+1/+1", N: 2}, {Kind: "stun", N: 1}}, PumpP: 3, PumpT: 3,
				Attacking: 2, Blocked: true, Cast: true, X: 3, AttackingPW: 9, Used: []Use{{Kind: "loyalty", Turn: 7}}},
			{ID: 3, Card: 2, Def: bolt, Owner: 1, Controller: 1, Zone: ZoneStack, X: 2, Targets: []Target{{Obj: 2}, {Player: 1}},
				Face: "Bolt", Step: 2, CastFrom: ZoneExile},
			{ID: 4, Def: bears, Zone: ZoneLibrary, Token: true},
			{ID: 5, Def: bears, Zone: ZoneGraveyard, Ability: 1, Source: 2},
			{ID: 6, Def: bears, Zone: ZoneCommand, Trigger: 2, Source: 2, LKI: lki(4), Blocking: 2, Event: 3, EventSeat: 1, EventLKI: lki(1)},
			{ID: 7, Card: 1, Def: bears, Zone: ZoneExile, MayCast: []Permission{{Seat: 1, Kind: "adventure"}}, ExiledBy: "its own Adventure", FaceDown: true},
			{ID: 8, Card: 2, Def: bears, Zone: ZoneGraveyard}, // not its card's definition
			{ID: 9, Card: 1, Zone: ZoneGraveyard},             // none, though it has a card
			nil,
		},
		Battlefield: []ObjID{2}, Stack: []ObjID{3}, Exile: []ObjID{7},
		Game: 2, Turn: 7, Step: StepDeclareBlockers, Active: 1, Priority: 0, Passes: 1,
		Pending: Question{Ask: AskChoose, Player: 1, Random: "shuffle", Of: 1, Resolving: 3, N: 2, Max: 3, Prompt: "discard",
			What: "discard", Options: []string{"o1", "o2"}},
		Triggers: []Trigger{{Source: 9, Def: bears, Index: 1, Controller: 1, LKI: *lki(2), Event: 2, EventSeat: 1, EventLKI: lki(3)}},
		Continuous: []Continuous{{Timestamp: 4, Source: 2, Controller: 1, Objects: []ObjID{2}, Until: "leaves",
			AddSupertypes: []string{"Legendary"}, AddSubtypes: []string{"Noble"}, AddKeywords: []string{"Flying"},
			AnyColorMana: true, P: 1, T: 2, Rule: "no_prevention"},
			{Timestamp: 5, Objects: []ObjID{2}, Becomes: &Becoming{Types: []string{"Creature"}, AllCreatureTypes: true,
				SetColors: true, Colors: []cards.Color{cards.Blue}, SetPT: true, P: 2, T: 3, Rules: []string{"cant_block"}}}},
		Timestamp: 5,
		Discovery: &Discovery{Resolving: 3, Seat: 1, N: 4, Card: 7, Rest: []ObjID{4, 5}, Cascade: true, Rebound: true, Madness: true},
		Over:      true, GameWins: []int{1, 1}, GameOver: true, Winner: 0,
	}
	s.countSpecials() // derived data a state built by hand must carry too
	got, err := UnmarshalSnapshot(pool, s.MarshalSnapshot())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, s) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, s)
	}
	if got.Digest() != s.Digest() {
		t.Error("digests differ")
	}
}

// snapshotFields lists the fields the snapshot writes, by type (pool,
// linked, changes, statics and an object's state are rebuilt, not
// written; lastDef, declaredSums, slabs and tokenNames are caches, left
// empty). A field added to
// one of these types must be added to the snapshot (and the version bumped
// once snapshots of the old form are stored anywhere) before this test
// passes again.
var snapshotFields = map[reflect.Type]string{
	reflect.TypeFor[State]():      "Match Format StartingLife BestOf pool Players Objects Cards Battlefield Stack Exile Game Turn Step Active Priority Passes Pending Triggers Delayed Continuous Timestamp Discovery ExtraTurns Declared declared lastDef declaredSums linked readingStatics specials specialIDs cardFacts paying changes placed statics sbaClean legendClean entersClean overClean slabs tokenNames Over GameWins GameOver Winner",
	reflect.TypeFor[Player]():     "ID Name Life Library Hand Graveyard Command Pool LandsPlayed Drawn Spells Noncreature Mulligans Kept Decided Lost LossReason Counters ChosePlay DrewEmpty Left",
	reflect.TypeFor[Object]():     "state Def Owner Controller Damage Counters Ability Trigger LKI EventSeat EventLKI X Targets Face Step MayCast ExiledBy PumpP PumpT Attacking Used Kicks Times ClassLevel CastWith SkipUntap Regen Chosen Lang Text Facts Spent SpentColors ID Card Source Event Blocking AttackingPW AttachedTo Melded Zone Token Tapped Sick Deathtouched Blocked Cast FaceDown CastFrom Copy Kicked Uncounterable",
	reflect.TypeFor[Card]():       "Def Owner Sideboard",
	reflect.TypeFor[Mana]():       "Color Source Legendary Spend Uncounterable",
	reflect.TypeFor[Trigger]():    "Source Def Index Controller LKI Event EventSeat EventLKI",
	reflect.TypeFor[LKI]():        "Card Power Toughness Counters X Cast Moved Spent",
	reflect.TypeFor[Counter]():    "Kind N",
	reflect.TypeFor[Question]():   "Ask Player Random Of Resolving N Max Prompt What Options",
	reflect.TypeFor[Target]():     "Obj Player",
	reflect.TypeFor[Permission](): "Seat Kind",
	reflect.TypeFor[Use]():        "Kind Turn",
	reflect.TypeFor[Continuous](): "Timestamp Source Controller Objects Until AddSupertypes AddSubtypes AddKeywords AnyColorMana P T Rule Table Becomes",
	reflect.TypeFor[Discovery]():  "Resolving Seat N Card Rest Cascade Rebound Madness",
}

func TestSnapshotCoversEveryField(t *testing.T) {
	// objectFields (the wire order: appended to, never reordered) covers
	// every field of Object, in whatever order.
	objs := []string{"state"}
	for _, f := range objectFields {
		objs = append(objs, f.name)
	}
	want := strings.Fields(snapshotFields[reflect.TypeFor[Object]()])
	slices.Sort(objs)
	slices.Sort(want)
	if !slices.Equal(objs, want) {
		t.Errorf("objectFields: %v; want %v", objs, want)
	}
	for typ, want := range snapshotFields {
		var got []string
		for f := range typ.Fields() {
			got = append(got, f.Name)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s has fields %v; the snapshot writes %s: update reducer/snapshot.go", typ, got, want)
		}
	}
}

// Bytes that are not a snapshot of this version are refused with a reason.
func TestSnapshotRefusesBadBytes(t *testing.T) {
	g := New(nil)
	good := g.S.MarshalSnapshot()
	for name, b := range map[string][]byte{
		"empty":     nil,
		"truncated": good[:len(good)-1],
		"trailing":  append(append([]byte(nil), good...), 0xc0),
		"version":   append([]byte{0x92, 0x02}, good[2:]...),
		"not array": {0x01},
	} {
		if _, err := UnmarshalSnapshot(nil, b); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
	s := &State{Match: "m", Cards: []Card{{}, {Def: &cards.Card{Name: "No Such Card"}}}}
	if _, err := UnmarshalSnapshot(nil, s.MarshalSnapshot()); err == nil || !strings.Contains(err.Error(), "No Such Card") {
		t.Errorf("an unknown card: %v", err)
	}
}

// The fields readObject reads without the table are where the table has
// them.
func TestSnapshotObjectFieldIndexes(t *testing.T) {
	for i, name := range map[int]string{objID: "ID", objCard: "Card", objOwner: "Owner", objController: "Controller", objZone: "Zone", objTapped: "Tapped", objSick: "Sick"} {
		if objectFields[i].name != name {
			t.Errorf("objectFields[%d] is %s, want %s", i, objectFields[i].name, name)
		}
	}
}
