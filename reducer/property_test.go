package reducer

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"strconv"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// Property tests over random games (see driver_test.go). For every input
// of every game:
//
//   - every listed action is a well-formed input that Submit accepts on a
//     clone of the game, with the effects it then has on the game itself;
//     listing changes nothing and is deterministic;
//   - inputs not listed are rejected: mutations of listed ones (another
//     player, a card or target that isn't there, a wrong count) fail on a
//     clone, and a rejection changes nothing;
//   - a listed spell or ability paid explicitly with the mana its default
//     payment spends reaches the same position; a mana short or over, it
//     is rejected;
//   - a second game fed only the effects, through their stored form
//     (EncodeEffects, DecodeEffects, Apply), has the same digest;
//   - every card is in exactly one zone, zone lists and objects agree,
//     pools hold real mana, life totals follow the effects, the pending
//     question can be answered.
//
// At the end the game's inputs are replayed twice into fresh games: the
// same inputs give the same effects and digests every time.
//
// CI plays propertyGames games (fewer with -short); CHRONICLE_PROPERTY_GAMES=N
// plays N, CHRONICLE_PROPERTY_SEED=S only the game of seed S. A failure
// names the seed and the seq of the input that reproduces it.

const propertyGames = 30

func propertySeeds(t *testing.T) []int64 {
	if v := os.Getenv("CHRONICLE_PROPERTY_SEED"); v != "" {
		s, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			t.Fatalf("CHRONICLE_PROPERTY_SEED=%q: %v", v, err)
		}
		return []int64{s}
	}
	n := propertyGames
	if testing.Short() {
		n = 10
	}
	if v := os.Getenv("CHRONICLE_PROPERTY_GAMES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 0 {
			t.Fatalf("CHRONICLE_PROPERTY_GAMES=%q: want a number of games", v)
		}
	}
	seeds := make([]int64, n)
	for i := range seeds {
		seeds[i] = int64(i + 1)
	}
	return seeds
}

func TestPropertyRandomGames(t *testing.T) {
	for _, seed := range propertySeeds(t) {
		t.Run(strconv.FormatInt(seed, 10), func(t *testing.T) {
			t.Parallel()
			if err := checkRandomGame(seed); err != nil {
				t.Fatalf("%v\nreproduce: CHRONICLE_PROPERTY_SEED=%d go test -run TestPropertyRandomGames ./reducer", err, seed)
			}
		})
	}
}

// FuzzGame plays the random game of each seed with every property checked.
func FuzzGame(f *testing.F) {
	for _, s := range []int64{0, 1, 42, -7} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed int64) {
		if err := checkRandomGame(seed); err != nil {
			t.Fatal(err)
		}
	})
}

// checkRandomGame plays the game of seed with every property checked.
func checkRandomGame(seed int64) error {
	c := &checker{rng: rand.New(rand.NewSource(^seed)), trusted: New(drivePool())}
	rec, err := playRandomGame(seed, c)
	if err != nil {
		return err
	}
	for run := 0; run < 2; run++ {
		g := New(drivePool())
		for i, ev := range rec.inputs {
			effs, err := g.Submit(ev)
			if err != nil {
				return fmt.Errorf("seed %d, seq %d: replay %d rejects %s: %v", seed, i+1, run+1, describeEvent(ev), err)
			}
			if !reflect.DeepEqual(effs, rec.effects[i]) {
				return fmt.Errorf("seed %d, seq %d: replay %d gives other effects for %s", seed, i+1, run+1, describeEvent(ev))
			}
			if d := g.S.Digest(); d != c.digests[i] {
				return fmt.Errorf("seed %d, seq %d: replay %d digest %s, first play %s", seed, i+1, run+1, d, c.digests[i])
			}
		}
	}
	return nil
}

// checker is the observer of the property tests.
type checker struct {
	rng     *rand.Rand // picks the mutations; separate from the driver's
	trusted *Game      // fed only effects
	life    lifeFold
	digests []Digest // after each input
	// tried holds the effects each listed input had on a clone, by
	// inputKey, to compare with the real game's once one is chosen.
	tried map[string][]Effect
}

func (c *checker) submitted(g *Game, ev *events.Event, effs []Effect) error {
	if want, ok := c.tried[exactKey(ev)]; ok && !reflect.DeepEqual(effs, want) {
		return errors.New("the input had other effects on a clone of the game")
	}
	stored, err := DecodeEffects(EncodeEffects(effs))
	if err != nil {
		return err
	}
	c.trusted.Apply(stored)
	d := g.S.Digest()
	c.digests = append(c.digests, d)
	if td := c.trusted.S.Digest(); td != d {
		return fmt.Errorf("effects-only replay digest %s, rules %s", td, d)
	}
	c.life.apply(effs)
	for _, check := range []func(*State) error{checkZones, checkPools, checkPending, c.life.check} {
		if err := check(g.S); err != nil {
			return err
		}
	}
	return nil
}

func (c *checker) listed(g *Game, acts []*events.Event, complete bool) error {
	before := g.S.Digest()
	again := g.LegalActions()
	if g.S.Digest() != before {
		return errors.New("LegalActions changed the state")
	}
	if len(again) != len(acts) {
		return fmt.Errorf("LegalActions listed %d inputs, then %d", len(acts), len(again))
	}
	keys := make(map[string]bool, len(acts))
	c.tried = make(map[string][]Effect, len(acts))
	for i, a := range acts {
		k := exactKey(a)
		if k != exactKey(again[i]) {
			return fmt.Errorf("LegalActions listed %s, then %s", describeEvent(a), describeEvent(again[i]))
		}
		if _, ok := c.tried[k]; ok {
			return fmt.Errorf("LegalActions lists %s twice", describeEvent(a))
		}
		keys[inputKey(a)] = true
		if err := a.Check(); err != nil {
			return fmt.Errorf("listed %s is malformed: %v", describeEvent(a), err)
		}
		effs, err := g.Clone().Submit(a)
		if err != nil {
			return fmt.Errorf("listed %s is rejected: %v", describeEvent(a), err)
		}
		c.tried[k] = effs
	}
	if g.S.Pending.Ask != AskRandom && len(acts) == 0 {
		return fmt.Errorf("nothing is legal, waiting for %s", g.describePending())
	}
	for _, i := range c.sample(len(acts), 3) {
		for _, m := range mutations(c.rng, g, acts[i]) {
			if keys[inputKey(m.ev)] {
				continue
			}
			try := g.Clone()
			_, err := try.Submit(m.ev)
			if err == nil {
				if m.mustReject || complete {
					return fmt.Errorf("%s is accepted but not listed (mutated from %s)", describeEvent(m.ev), describeEvent(acts[i]))
				}
				continue
			}
			var re *RuleError
			var ee *events.Error
			if !errors.As(err, &re) && !errors.As(err, &ee) {
				return fmt.Errorf("%s is rejected without a rule: %v", describeEvent(m.ev), err)
			}
			if try.S.Digest() != before {
				return fmt.Errorf("rejected %s changed the state", describeEvent(m.ev))
			}
		}
	}
	for _, i := range c.sample(len(acts), 2) {
		// Named by card id, an input is the same input; by name, the first
		// object of that name for which it is legal (refs.go).
		byCard := renamed(g.S, acts[i], false)
		if effs, err := g.Clone().Submit(byCard); err != nil || !reflect.DeepEqual(effs, c.tried[exactKey(acts[i])]) {
			return fmt.Errorf("%s, named by card ids as %s: %v, or other effects", describeEvent(acts[i]), describeEvent(byCard), err)
		}
		if byName := renamed(g.S, acts[i], true); !sameNames(g.S, acts[i]) {
			if _, err := g.Clone().Submit(byName); err != nil {
				return fmt.Errorf("%s, named by card names as %s: %v", describeEvent(acts[i]), describeEvent(byName), err)
			}
		}
		if k := acts[i].Kind; k == events.KindCast || k == events.KindActivate {
			if err := checkExplicitPayment(c.rng, g, acts[i]); err != nil {
				return err
			}
		}
	}
	if g.S.Digest() != before {
		return errors.New("trying inputs on a clone changed the game")
	}
	return nil
}

// sample picks up to k distinct indexes below n.
func (c *checker) sample(n, k int) []int {
	p := c.rng.Perm(n)
	if len(p) > k {
		p = p[:k]
	}
	return p
}
