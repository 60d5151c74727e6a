package coverage

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The floor: coverage of the committed decklists (a copy of
// shared/decklists/decks.jsonl, 576 Magic Online Challenge top-32 lists)
// never falls below what has been reached. Raise it as it grows.
var floor = struct{ names, slots, decks int }{names: 867, slots: 33154, decks: 0}

func TestDecklistsFloor(t *testing.T) {
	f, err := os.Open("../fixtures/decklists/decks.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	decks, err := ReadDecks(f)
	if err != nil {
		t.Fatal(err)
	}
	r := OfDecks(decks, cards.Default(), supports, 10)
	t.Logf("modelled: %d of %d names, %d of %d slots, %d of %d decks", r.Names.Modelled, r.Names.Cards,
		r.Slots.Modelled, r.Slots.Cards, r.DecksModelled, r.Decks)
	if r.Decks != 576 || r.Names.Cards != 1794 || r.Slots.Cards != 43505 {
		t.Errorf("the fixture changed: %d decks, %d names, %d slots", r.Decks, r.Names.Cards, r.Slots.Cards)
	}
	if r.Names.Modelled < floor.names || r.Slots.Modelled < floor.slots || r.DecksModelled < floor.decks {
		t.Errorf("coverage fell below the floor (names %d, slots %d, decks %d)", floor.names, floor.slots, floor.decks)
	}
}

// supports is the engine's word on abilities, for the floor.
var supports Supports = reducer.Supports

func TestOfStatuses(t *testing.T) {
	pool := cards.Default()
	get := func(name string) *cards.Card {
		c, ok := pool.Card(name)
		if !ok {
			t.Fatalf("no %s", name)
		}
		return c
	}
	if c := Of(get("Lightning Bolt"), nil); c.Status != Modelled || c.Compile != "compiled" {
		t.Errorf("Lightning Bolt: %+v", c)
	}
	// An engine that carries out no damage leaves Lightning Bolt unmodelled
	// and says why.
	noDamage := func(a *ability.Ability) error {
		for _, e := range a.Effects {
			if e.Verb == ability.Damage {
				return errors.New("effects[0].verb: damage is not carried out yet")
			}
		}
		return nil
	}
	c := Of(get("Lightning Bolt"), noDamage)
	if c.Status != NotModelled || len(c.Faces[0].Unsupported) != 1 || !strings.Contains(c.Faces[0].Unsupported[0].Reason, "damage") {
		t.Errorf("Lightning Bolt without damage: %+v", c)
	}
	if c := Of(get("Banefire"), nil); c.Status != Partly || c.Compile != "declined" || len(c.Faces[0].Declined) != 1 {
		t.Errorf("Banefire: %+v", c)
	}
	if c := Of(get("Fire // Ice"), nil); c.Status != Modelled || len(c.Faces) != 2 {
		t.Errorf("Fire // Ice: %+v", c)
	}
	if c := Of(get("Grizzly Bears"), nil); c.Status != Modelled {
		t.Errorf("Grizzly Bears: %+v", c)
	}
}

func TestReadDecksErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"event":"x","main":[{"name":"Island","count":0}]}`, "line 1: an entry needs a name and a count of 1 or more"},
		{"{}\n{\"mian\":[]}", `line 2: json: unknown field "mian"`},
		{`not json`, "line 1:"},
	} {
		_, err := ReadDecks(strings.NewReader(c.in))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %s", c.in, err, c.want)
		}
	}
}

func TestOfDecks(t *testing.T) {
	decks := []Deck{
		{Main: []Entry{{"Lightning Bolt", 4}, {"Mountain", 16}}, Side: []Entry{{"Fireball", 2}}},
		{Main: []Entry{{"Lightning Bolt", 4}, {"Mountain", 20}}},
		{Main: []Entry{{"No Such Card", 1}}},
	}
	r := OfDecks(decks, cards.Default(), nil, 5)
	if r.Decks != 3 || r.DecksModelled != 1 || r.Names.Cards != 4 || r.Names.Modelled != 2 || r.Names.Unknown != 1 ||
		r.Slots.Cards != 47 || r.Slots.Modelled != 44 {
		t.Errorf("%+v", r)
	}
	if len(r.Top) != 2 || r.Top[0].Slots != 2 {
		t.Errorf("top %+v", r.Top)
	}
	if r.Cards[0].Name != "Mountain" || r.Cards[0].Slots != 36 {
		t.Errorf("cards by slots: %+v", r.Cards[0])
	}
}
