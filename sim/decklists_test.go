package sim

import (
	"os"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/chronicle-mtg/chronicle/coverage"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The real decks: fixtures/decklists/decks.jsonl, 576 Magic Online
// Challenge top-32 lists.
func realDecks(t testing.TB) []coverage.Deck {
	t.Helper()
	f, err := os.Open("../fixtures/decklists/decks.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	decks, err := coverage.ReadDecks(f)
	if err != nil {
		t.Fatal(err)
	}
	return decks
}

// deckMatches is how many real-deck matches the fuzzer plays in go test
// (and so in .ci/run, which plays more: CHRONICLE_DECK_MATCHES=N plays N
// from seed CHRONICLE_DECK_SEED, default 1).
const deckMatches = 2

// TestFuzzRealDecks plays matches of real decks, cards the engine doesn't
// model played through the table's effects, with every listed input (the
// rules' and the table's) tried on a clone: a panic, a refused or
// disputed input, or a digest that differs between the rules and an
// effects-only replay fails with the seed that reproduces it.
func TestFuzzRealDecks(t *testing.T) {
	n, first := envInt(t, "CHRONICLE_DECK_MATCHES", deckMatches), int64(envInt(t, "CHRONICLE_DECK_SEED", 1))
	decks := realDecks(t)
	games, inputs, unverified := 0, 0, 0
	err := Generate(first, n, Options{Decks: decks, CheckListed: true, GenFlags: "--decklists fixtures/decklists/decks.jsonl --check"}, func(m *Match) error {
		games += m.Games
		inputs += len(m.Inputs)
		unverified += m.Unverified
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if unverified == 0 || unverified == inputs {
		t.Errorf("%d of %d inputs unverified: the table's effects played no card, or every one", unverified, inputs)
	}
	t.Logf("%d matches, %d games, %d inputs, %d unverified", n, games, inputs, unverified)
}

func envInt(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Fatalf("%s=%q: %v", name, v, err)
	}
	return n
}

// A real-deck match: both decks of its seed, whole, in match_started, the
// names the card data lacks declared as stand-ins; a seed gives the same
// match every time.
func TestDecksMatch(t *testing.T) {
	decks := realDecks(t)
	// Seed 2 plays the decks on lines 3 and 4; line 4 holds Kavaero,
	// Mind-Bitten, newer than the card data.
	if got := PlayedDecks(2, len(decks)); got != [2]int{2, 3} {
		t.Fatalf("seed 2 plays decks %v", got)
	}
	a, err := Play(2, Options{Decks: decks, BestOf: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Play(2, Options{Decks: decks, BestOf: 1})
	if !reflect.DeepEqual(a, b) {
		t.Fatal("seed 2 played twice gives two matches")
	}
	start := a.Inputs[0].Body.(*events.MatchStarted)
	if a.ID != "decks-2" || start.Format != "standard" || start.Players[0].Name != "deck 3" || start.Players[1].Name != "deck 4" {
		t.Fatalf("%s: %+v", a.ID, start)
	}
	for seat, i := range []int{2, 3} {
		p := start.Players[seat]
		if want := copies(decks[i].Main); !slices.Equal(refs(p.Deck), want) {
			t.Errorf("seat %d deck %v, want %v", seat, p.Deck, want)
		}
		if want := copies(decks[i].Side); !slices.Equal(refs(p.Sideboard), want) {
			t.Errorf("seat %d sideboard %v, want %v", seat, p.Sideboard, want)
		}
	}
	if len(start.Cards) != 1 || start.Cards[0].Name != "Kavaero, Mind-Bitten" || start.Cards[0].Oracle != StandInText {
		t.Fatalf("declared %+v", start.Cards)
	}
	g := reducer.New(nil)
	for _, ev := range a.Inputs {
		if _, err := g.Submit(ev); err != nil {
			t.Fatalf("seq %d: %v", ev.Seq, err)
		}
	}
	if g.S.Digest() != a.Digest || a.Unverified == 0 {
		t.Fatalf("replayed to %s, generated %s; %d unverified", g.S.Digest(), a.Digest, a.Unverified)
	}
	for _, o := range g.S.Objects {
		if o != nil && o.Def != nil && o.Def.Name == "Kavaero, Mind-Bitten" && reducer.Modelled(o.Def) {
			t.Fatal("the stand-in Kavaero, Mind-Bitten is modelled")
		}
	}
}

func copies(es []coverage.Entry) []string {
	var out []string
	for _, e := range es {
		for range e.Count {
			out = append(out, e.Name)
		}
	}
	return out
}

func refs(rs []events.Ref) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = string(r)
	}
	return out
}

// Seeds 1 to ceil(n/2) play every deck once; the pairing wraps around.
func TestPlayedDecks(t *testing.T) {
	for _, n := range []int{1, 2, 5, 576} {
		seen := map[int]int{}
		for s := int64(1); s <= int64(MatchesForDecks(n)); s++ {
			for _, d := range PlayedDecks(s, n) {
				seen[d]++
			}
		}
		if len(seen) != n {
			t.Errorf("%d decks: %d played", n, len(seen))
		}
	}
	if got := PlayedDecks(-1, 5); got != [2]int{1, 2} {
		t.Errorf("seed -1 of 5: %v", got)
	}
}

// ModelledDecks keeps the decks whose every card is modelled.
func TestModelledDecks(t *testing.T) {
	decks := []coverage.Deck{
		{Main: []coverage.Entry{{Name: "Forest", Count: 20}, {Name: "Grizzly Bears", Count: 4}}},
		{Main: []coverage.Entry{{Name: "Forest", Count: 20}}, Side: []coverage.Entry{{Name: "Fylamarid", Count: 1}}},
		{Main: []coverage.Entry{{Name: "Kavaero, Mind-Bitten", Count: 1}}},
	}
	got := ModelledDecks(decks, cards.Default())
	if len(got) != 1 || got[0].Main[1].Name != "Grizzly Bears" {
		t.Fatalf("%+v", got)
	}
}

// The table reads "{T}: Add" lines for the mana they may add.
func TestTapForMana(t *testing.T) {
	for line, want := range map[string][][]string{
		"{T}: Add {U} or {R}.":                   {{"U"}, {"R"}},
		"{T}: Add {C}{C}.":                       {{"C", "C"}},
		"{T}: Add {W}, {U}, or {B}.":             {{"W"}, {"U"}, {"B"}},
		"{T}: Add one mana of any color.":        {{"W"}, {"U"}, {"B"}, {"R"}, {"G"}},
		"{T}: Add {G} for each Elf you control.": nil,
		"{1}, {T}: Add {B}{B}.":                  nil,
		"Flying":                                 nil,
	} {
		if got := tapForMana(line); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %v, want %v", line, got, want)
		}
	}
}

// The table's side on a position: an unmodelled land in hand is played,
// an unmodelled land on the battlefield taps for the mana its text adds,
// an unmodelled spell is cast with that mana and resolves; every input is
// stored unverified.
func TestTableSide(t *testing.T) {
	unread := "Whenever the moon is full, this card does something no template reads."
	d := &driver{opt: Options{Decks: []coverage.Deck{}}.withDefaults(), g: reducer.New(nil)}
	for _, line := range []string{
		`{"match":"m","kind":"match_started","actor":"table","body":{"format":"standard","first_player":"p1","players":[{"id":"p1","name":"A"},{"id":"p2","name":"B"}],"cards":[
{"name":"Test Mine","types":["Land"],"oracle_text":"{T}: Add {C}{C}. Spend this mana only on a full moon."},
{"name":"Test Vale","types":["Land"],"oracle_text":"This land enters tapped.\n` + unread + `"},
{"name":"Test Golem","mana_cost":"{2}","types":["Artifact","Creature"],"power":"2","toughness":"2","oracle_text":"` + unread + `"}]}}`,
		`{"match":"m","kind":"setup","actor":"table","body":{"turn":3,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"library":["Island"],"hand":["Test Vale","Test Golem"],"battlefield":[{"card":"Test Mine"}]},
{"id":"p2","life":20,"library":["Island"],"hand":[],"battlefield":[]}]}}`,
	} {
		ev, err := events.ParseJSON([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.g.Submit(ev); err != nil {
			t.Fatal(err)
		}
	}
	submit := func(kind events.Kind) {
		t.Helper()
		listed := d.g.LegalActions()
		for _, ev := range append(d.tableActions(listed), listed...) {
			if ev.Kind != kind {
				continue
			}
			if _, err := d.g.Submit(ev); err != nil {
				t.Fatalf("%s: %v", describe(ev), err)
			}
			if v := d.g.Verification(); v.Status != reducer.Unverified && len(ev.Effects) > 0 {
				t.Fatalf("%s: %s: %s", describe(ev), v.Status, v.Reason)
			}
			return
		}
		t.Fatalf("no %s among the table's actions", kind)
	}
	submit(events.KindPlayLand)
	if vale := d.g.S.Objects[d.g.S.Battlefield[1]]; vale.Def.Name != "Test Vale" || !vale.Tapped {
		t.Fatalf("Test Vale entered %s", d.g.S.DescribePermanent(vale.ID))
	}
	submit(events.KindActivate)
	if pool := d.g.S.Players[0].Pool; len(pool) != 2 || pool[0].Color != cards.Colorless {
		t.Fatalf("Test Mine made %v", pool)
	}
	submit(events.KindCast)
	submit(events.KindPass) // p1's: the rules'
	if got := d.tableActions(d.g.LegalActions()); len(got) != 1 || got[0].Kind != events.KindPass {
		t.Fatalf("p2's pass resolves Test Golem: %v", got)
	}
	submit(events.KindPass)
	golem := d.g.S.Objects[d.g.S.Battlefield[2]]
	if golem.Def.Name != "Test Golem" || len(d.g.S.Players[0].Pool) != 0 {
		t.Fatalf("battlefield %v, pool %v", golem.Def.Name, d.g.S.Players[0].Pool)
	}
}
