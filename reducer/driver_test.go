package reducer

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The random-game driver of the property tests, the fuzz target and the
// benchmarks. From a seed it builds two random decks from the modelled
// cards of the pool (drivePool), starts a match, supplies shuffles from its
// own seeded generator and otherwise picks a random input among
// LegalActions, passing often enough that games move on; now and then a
// player concedes. A game is capped at maxGameInputs inputs; at the cap the
// players concede until the match is over, so every game ends.

const (
	maxGameInputs = 600
	// Weights of passing and of a mulligan against other kinds of input
	// (cast and play_land 6, mana 3 in one's own main phase, 0.3 elsewhere,
	// anything else 1).
	passWeight     = 1.5
	mulliganWeight = 0.2
	// concedeChance is the chance that a player concedes before an input,
	// at any point of the game.
	concedeChance = 0.0005
)

var (
	drivePoolOnce sync.Once
	drivePoolVal  *cards.Pool
)

// drivePool is the pool the random games use: the project's own records
// (cards/data/extras.json) plus the real cards of testdata/cards.json that
// the scenarios need (menace, first strike, deathtouch, trample, hybrid
// costs, ...) and those records don't hold. It panics on unreadable files: a broken test setup.
func drivePool() *cards.Pool {
	drivePoolOnce.Do(func() {
		var all, extra []json.RawMessage
		for _, f := range []struct {
			path string
			into *[]json.RawMessage
		}{{"cards/data/extras.json", &all}, {"testdata/cards.json", &extra}} {
			data, err := os.ReadFile(f.path)
			if err == nil {
				err = json.Unmarshal(data, f.into)
			}
			if err != nil {
				panic(fmt.Sprintf("drivePool: %s: %v", f.path, err))
			}
		}
		known := map[string]bool{}
		for _, raw := range all {
			var c struct{ Name string }
			json.Unmarshal(raw, &c)
			known[c.Name] = true
		}
		for _, raw := range extra {
			var c struct{ Name string }
			json.Unmarshal(raw, &c)
			if !known[c.Name] {
				all = append(all, raw)
			}
		}
		data, _ := json.Marshal(all)
		pool, err := cards.Load(data)
		if err != nil {
			panic("drivePool: " + err.Error())
		}
		drivePoolVal = pool
	})
	return drivePoolVal
}

// basicOf is the basic land of each colour.
var basicOf = map[cards.Color]string{
	cards.White: "Plains", cards.Blue: "Island", cards.Black: "Swamp", cards.Red: "Mountain", cards.Green: "Forest",
}

// modelledSpells lists the pool's modelled nonland cards a deck may hold
// (tokens can't be in a deck), by name.
func modelledSpells(pool *cards.Pool) []*cards.Card {
	var out []*cards.Card
	for _, name := range pool.Names() {
		c, _ := pool.Card(name)
		if c.Modelled() && c.Layout != "token" && !c.Is("Land") {
			out = append(out, c)
		}
	}
	return out
}

// randomDeck builds a two-colour deck of 16 to 24 cards, two fifths basic
// lands, and a sideboard of up to two cards.
func randomDeck(rng *rand.Rand, spells []*cards.Card) (deck, side []string) {
	perm := rng.Perm(5)
	colors := []cards.Color{cards.Color(perm[0]), cards.Color(perm[1])}
	var fits []*cards.Card
	for _, c := range spells {
		ok := true
		for _, col := range c.Colors {
			ok = ok && slices.Contains(colors, col)
		}
		if ok {
			fits = append(fits, c)
		}
	}
	n := 16 + rng.Intn(9)
	lands := n * 2 / 5
	for i := 0; i < lands; i++ {
		deck = append(deck, basicOf[colors[rng.Intn(2)]])
	}
	for i := lands; i < n; i++ {
		deck = append(deck, fits[rng.Intn(len(fits))].Name)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	for i := rng.Intn(3); i > 0; i-- {
		side = append(side, fits[rng.Intn(len(fits))].Name)
	}
	return deck, side
}

// randomMatch is the match_started input of a seed's game.
func randomMatch(rng *rand.Rand, match string) *events.Event {
	spells := modelledSpells(drivePool())
	b := &events.MatchStarted{Format: "standard", BestOf: 1}
	for i, name := range []string{"Alice", "Bob"} {
		deck, side := randomDeck(rng, spells)
		b.Players = append(b.Players, events.Player{ID: fmt.Sprintf("p%d", i+1), Name: name, Deck: deck, Sideboard: side})
	}
	if rng.Intn(4) == 0 {
		b.BestOf = 3
	}
	if r := rng.Intn(3); r > 0 {
		b.FirstPlayer = b.Players[r-1].ID
	}
	b.StartingLife = []int{0, 20, 10, 5}[rng.Intn(4)]
	return &events.Event{Match: match, Kind: events.KindMatchStarted, Actor: events.TableActor, Body: b}
}

// pickInput chooses the next input: a shuffle from rng when one is asked
// for, else one of acts.
func pickInput(rng *rand.Rand, g *Game, acts []*events.Event) *events.Event {
	s := g.S
	q := s.Pending
	if q.Ask == AskRandom && q.Random == events.RandomShuffle {
		lib := slices.Clone(s.Players[q.Of].Library)
		rng.Shuffle(len(lib), func(i, j int) { lib[i], lib[j] = lib[j], lib[i] })
		body := &events.Random{Of: events.RandomShuffle, Player: s.Players[q.Of].ID, Order: refsOf(lib)}
		return &events.Event{Match: s.Match, Kind: events.KindRandom, Actor: events.TableActor, Body: body}
	}
	if len(acts) == 0 {
		return nil
	}
	byKind := map[events.Kind][]*events.Event{}
	var kinds []events.Kind // in order of first appearance
	for _, a := range acts {
		if byKind[a.Kind] == nil {
			kinds = append(kinds, a.Kind)
		}
		byKind[a.Kind] = append(byKind[a.Kind], a)
	}
	// A kind by weight, then an input of that kind. Mana is worth making
	// mostly in one's own main phase, where it can be spent on anything.
	weight := func(k events.Kind) float64 {
		switch k {
		case events.KindPass:
			return passWeight
		case events.KindMulligan:
			return mulliganWeight
		case events.KindActivate:
			if s.Active == q.Player && (s.Step == StepMain1 || s.Step == StepMain2) {
				return 3
			}
			return 0.3
		case events.KindCast, events.KindPlayLand:
			return 6
		}
		return 1
	}
	total := 0.0
	for _, k := range kinds {
		total += weight(k)
	}
	r := rng.Float64() * total
	for _, k := range kinds {
		if r -= weight(k); r < 0 {
			list := byKind[k]
			return list[rng.Intn(len(list))]
		}
	}
	return byKind[kinds[len(kinds)-1]][0]
}

// concession is a player's concession: seat's, or the next player's who
// hasn't lost.
func concession(g *Game, seat int) *events.Event {
	for i := range g.S.Players {
		p := g.S.Players[(seat+i)%len(g.S.Players)]
		if !p.Lost {
			return &events.Event{Match: g.S.Match, Kind: events.KindConcede, Actor: p.ID, Body: &events.Concede{Player: p.ID}}
		}
	}
	return nil
}

// describeEvent is an input as a JSON line, for failure messages.
func describeEvent(ev *events.Event) string {
	if ev == nil {
		return "<nil>"
	}
	body, _ := json.Marshal(ev.Body)
	return fmt.Sprintf("%s by %s %s", ev.Kind, ev.Actor, body)
}

// recordedGame is a random game's inputs and what the rules made of them.
type recordedGame struct {
	inputs  []*events.Event
	effects [][]Effect
	digests []Digest // after each input, once a test asks (table_property_test.go)
}

// observer watches a random game: listed runs with the legal actions
// before each input is chosen, submitted after each input is applied.
type observer interface {
	listed(g *Game, acts []*events.Event, complete bool) error
	submitted(g *Game, ev *events.Event, effs []Effect) error
}

// playRandomGame plays the game of seed, with obs (if not nil) checking it
// along the way. An error, or a panic of the engine, is reported with the
// seed and the index of the input that reproduces it.
func playRandomGame(seed int64, obs observer) (rec *recordedGame, err error) {
	rng := rand.New(rand.NewSource(seed))
	g := New(drivePool())
	rec = &recordedGame{}
	ev := randomMatch(rng, fmt.Sprintf("prop-%d", seed))
	fail := func(format string, args ...any) error {
		return fmt.Errorf("seed %d, seq %d (%s): %s", seed, len(rec.inputs)+1, describeEvent(ev), fmt.Sprintf(format, args...))
	}
	defer func() {
		if r := recover(); r != nil {
			err = fail("panic: %v", r)
		}
	}()
	for {
		ev.Seq = uint64(len(rec.inputs) + 1)
		effs, err := g.Submit(ev)
		if err != nil {
			return rec, fail("rejected: %v", err)
		}
		if obs != nil {
			if err := obs.submitted(g, ev, effs); err != nil {
				return rec, fail("after it: %v", err)
			}
		}
		rec.inputs = append(rec.inputs, ev)
		rec.effects = append(rec.effects, effs)
		if g.S.Over {
			return rec, nil
		}
		if len(rec.inputs) >= maxGameInputs || rng.Float64() < concedeChance {
			ev = concession(g, rng.Intn(len(g.S.Players)))
			continue
		}
		acts, complete := g.legalActions()
		if obs != nil {
			if err := obs.listed(g, acts, complete); err != nil {
				ev = nil
				return rec, fail("listing: %v", err)
			}
		}
		if ev = pickInput(rng, g, acts); ev == nil {
			return rec, fail("no legal input, waiting for %s", g.describePending())
		}
	}
}

// The driver must keep exercising the whole game: over the CI seeds it
// plays every kind of input, attacks and blocks with creatures, and games
// end in more ways than the input cap.
func TestDriverCoverage(t *testing.T) {
	seen := map[string]int{}
	for seed := int64(1); seed <= propertyGames; seed++ {
		rec, err := playRandomGame(seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, ev := range rec.inputs {
			k := string(ev.Kind)
			switch b := ev.Body.(type) {
			case *events.Attack:
				if len(b.Attackers) > 0 {
					k = "attack with creatures"
				}
			case *events.Block:
				if len(b.Blocks) > 0 {
					k = "block with creatures"
				}
			case *events.Cast:
				if len(b.Targets) > 0 {
					k = "cast with targets"
				}
			}
			seen[k]++
			for _, e := range rec.effects[i] {
				if e.Op == OpLose {
					seen["lose: "+e.Kind]++
				}
			}
		}
	}
	t.Logf("over %d games: %v", propertyGames, seen)
	for _, k := range []string{"match_started", "random", "mulligan", "keep", "choose", "pass", "play_land",
		"activate", "cast", "cast with targets", "attack with creatures", "block with creatures", "concede",
		"lose: life total 0 or less (CR 704.5a)", "lose: drew from an empty library (CR 704.5b)"} {
		if seen[k] == 0 {
			t.Errorf("no %s in %d random games", k, propertyGames)
		}
	}
}
