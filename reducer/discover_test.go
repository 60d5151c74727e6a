package reducer

import (
	"slices"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// discoverGame is Alice with seven Mountains casting Trumpeting Carnosaur
// (discover 5) over a library of Mountain, Island, Hill Giant, and the
// trigger resolved up to the cast-or-hand question.
func discoverGame(t *testing.T) *Game {
	t.Helper()
	return legalGame(t,
		`{"kind":"setup","body":{"turn":3,"step":"main1","active_player":"p1","players":[
		{"id":"p1","life":20,"library":["Mountain","Island","Hill Giant","Grizzly Bears"],"hand":["Trumpeting Carnosaur"],"battlefield":[{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"},{"card":"Mountain"}]},
		{"id":"p2","life":20,"battlefield":[{"card":"Grizzly Bears"}]}]}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Mountain"}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Mountain"}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Mountain"}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Mountain"}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Mountain"}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Mountain"}}`,
		`{"kind":"cast","body":{"player":"p1","card":"Trumpeting Carnosaur"}}`,
		`{"kind":"pass","body":{"player":"p1"}}`,
		`{"kind":"pass","body":{"player":"p2"}}`,
		`{"kind":"pass","body":{"player":"p1"}}`,
		`{"kind":"pass","body":{"player":"p2"}}`,
	)
}

// DISC-2: the discovered cards are exiled face up: Bob's view of the game
// shows them by name.
func TestDISC2ExiledFaceUpForEveryPlayer(t *testing.T) {
	g := discoverGame(t)
	for _, as := range []string{"p1", "p2", "spectator"} {
		var names []string
		for _, o := range g.S.View(as).Exile {
			if o.Hidden {
				t.Errorf("as %s: exiled %s is hidden", as, o.ID)
			}
			names = append(names, o.Name)
		}
		if want := []string{"Mountain", "Island", "Hill Giant"}; !slices.Equal(names, want) {
			t.Errorf("as %s: exile %v, want %v", as, names, want)
		}
	}
}

// DISC-1: the cast-or-hand question and the cast that follows are listed
// by LegalActions: "cast" and "hand", then exactly the casts of the
// discovered card (Hill Giant: no targets, X = 0).
func TestDISC1LegalActions(t *testing.T) {
	g := discoverGame(t)
	got := legalLines(g)
	wantLines(t, got, `choose {"player":"p1","answer":["cast"]}`, `choose {"player":"p1","answer":["hand"]}`)
	submitJSON(t, g, `{"kind":"choose","body":{"player":"p1","answer":["cast"]}}`)
	got = legalLines(g)
	if len(got) != 1 || !strings.HasPrefix(got[0], "cast ") || !strings.Contains(got[0], "Hill Giant") {
		t.Fatalf("legal casts: %v", got)
	}
	submitJSON(t, g, `{"kind":"cast","body":{"player":"p1","card":"Hill Giant"}}`)
	if q := g.S.Pending; q.Ask != AskRandom || q.Random != events.RandomOrder || len(q.Options) != 2 {
		t.Fatalf("after the cast: %s", g.S.DescribePending())
	}
	acts := g.LegalActions()
	if len(acts) != 1 || acts[0].Kind != events.KindRandom {
		t.Fatalf("random order: %v", legalLines(g))
	}
}

// a permanent's own enters-the-battlefield triggered ability uses the
// X of the spell that became it, as the permanent is or last existed; any
// other triggered ability's X is 0, and an activated ability's is its own.
func TestX1EntersTriggerUsesSpellX(t *testing.T) {
	pool := cards.Default()
	def := func(name string) *cards.Card {
		c, ok := pool.Card(name)
		if !ok {
			t.Fatalf("no card %q", name)
		}
		return c
	}
	appraiser, hangarback := def("Geological Appraiser"), def("Hangarback Walker")
	s := &State{pool: pool, Objects: []*Object{nil,
		{ID: 1, Def: appraiser, Zone: ZoneBattlefield, X: 3, Cast: true},
		{ID: 2, Def: appraiser, Zone: ZoneStack, Trigger: 1, Source: 1, LKI: &LKI{X: 3, Cast: true}},
		{ID: 3, Def: hangarback, Zone: ZoneBattlefield, X: 2, Cast: true},
		{ID: 4, Def: hangarback, Zone: ZoneStack, Trigger: 1, Source: 3, LKI: &LKI{X: 2, Cast: true}},
		{ID: 5, Def: hangarback, Zone: ZoneStack, Ability: 1, Source: 3, X: 4},
	}}
	s.link()
	if x := spellX(s.Objects[2]); x != 3 {
		t.Errorf("enters trigger: X = %d, want the spell's 3", x)
	}
	if x := spellX(s.Objects[4]); x != 0 {
		t.Errorf("dies trigger: X = %d, want 0", x)
	}
	if x := spellX(s.Objects[5]); x != 4 {
		t.Errorf("activated ability: X = %d, want its own 4", x)
	}
	s.Objects[1] = nil // the permanent has left: its last known X
	if x := spellX(s.Objects[2]); x != 3 {
		t.Errorf("enters trigger, source gone: X = %d, want 3", x)
	}
	if m := s.Objects[3].ManaValue(); m != 0 {
		t.Errorf("Hangarback Walker on the battlefield: mana value %d, want 0 (its X is 0)", m)
	}
}

// X-1, with the game's own moves: a permanent spell cast with X = 2 enters
// remembering that X and that it was cast; one put onto the battlefield
// any other way was not cast (Geological Appraiser's "if you cast it").
func TestX1PermanentRemembersSpell(t *testing.T) {
	g := play(t, twoDecks, `{"turn":3,"step":"main1","active_player":"p1","players":[
		{"id":"p1","life":20,"library":["Island","Geological Appraiser"],"hand":["Hangarback Walker"],"battlefield":[{"card":"Forest"},{"card":"Forest"},{"card":"Forest"},{"card":"Forest"}]}]}`,
		in("activate", "p1", `,"source":"Forest"`), in("activate", "p1", `,"source":"Forest"`),
		in("activate", "p1", `,"source":"Forest"`), in("activate", "p1", `,"source":"Forest"`),
		in("cast", "p1", `,"card":"Hangarback Walker","x":2`),
		in("pass", "p1", ``), in("pass", "p2", ``))
	h := permanent(g, "Hangarback Walker")
	if h == nil || !h.Cast || h.X != 2 || h.counter("+1/+1") != 2 || h.ManaValue() != 0 {
		t.Fatalf("Hangarback Walker: %+v", h)
	}
	lib := g.S.Players[0].Library
	app := lib[len(lib)-1]
	g.out = nil
	nid := g.move(app, ZoneBattlefield, 0, -1) // put onto the battlefield, not cast
	if o := g.S.Objects[nid]; o.Cast || len(g.S.Triggers) != 0 {
		t.Fatalf("Geological Appraiser put onto the battlefield: cast %v, triggers %d", o.Cast, len(g.S.Triggers))
	}
}

// MV-2: a split card's mana value outside the stack is that of both
// halves; on the stack, the half cast (Expansion // Explosion with X: {X}
// counts 0 outside the stack).
func TestMV2SplitCardManaValue(t *testing.T) {
	pool := cards.Default()
	fi, _ := pool.Card("Fire // Ice")
	ee, _ := pool.Card("Expansion // Explosion")
	cm, _ := pool.Card("Commit // Memory")
	for _, c := range []struct {
		o    *Object
		want int
	}{
		{&Object{Def: fi, Zone: ZoneHand}, 4},
		{&Object{Def: fi, Zone: ZoneLibrary}, 4},
		{&Object{Def: fi, Zone: ZoneStack, Face: "Fire"}, 2},
		{&Object{Def: ee, Zone: ZoneGraveyard}, 6},
		{&Object{Def: ee, Zone: ZoneStack, Face: "Explosion", X: 3}, 7},
		{&Object{Def: cm, Zone: ZoneExile}, 10},
		{&Object{Def: cm, Zone: ZoneStack, Face: "Commit"}, 4},
	} {
		if got := c.o.ManaValue(); got != c.want {
			t.Errorf("%s in %s (face %q, X %d): mana value %d, want %d", c.o.Def.Name, c.o.Zone, c.o.Face, c.o.X, got, c.want)
		}
	}
}

// FREE-1, DISC-4: a cast without paying the mana cost is accepted only
// once "cast" is chosen, only for the discovered card, with X = 0, and a
// payment only for costs added to the spell (none for Hill Giant).
func TestFREE1CastOnlyAnswersTheQuestion(t *testing.T) {
	g := discoverGame(t)
	try := func(line, want string) {
		t.Helper()
		ev, err := events.ParseJSON([]byte(`{"match":"legal","kind":"cast","actor":"p1","body":` + line + `}`))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Clone().Submit(ev); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", line, err, want)
		}
	}
	// Before "cast" is chosen, nobody may cast.
	try(`{"player":"p1","card":"Hill Giant"}`, "CR 117.3")
	submitJSON(t, g, `{"kind":"choose","body":{"player":"p1","answer":["cast"]}}`)
	try(`{"player":"p1","card":"Hill Giant","x":1}`, "DISC-4")
	try(`{"player":"p1","card":"Grizzly Bears"}`, "DISC-1")
	try(`{"player":"p1","card":"Hill Giant","face":"Storm Reading"}`, "no face named")
	try(`{"player":"p1","card":"Hill Giant","pay":[{"mana":"R"}]}`, "CR 601.2h")
}
