package reducer

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// Property tests of the table's effects over random games (driver_test.go).
// Each game is replayed twice with table effects on its inputs:
//
//   - agreeing: every input carries the rules' own effects told in the
//     table's vocabulary (project). It is verified, and the game reaches
//     the digest the rules alone reach, input by input;
//   - disagreeing: now and then an input's table effects are changed (an
//     effect left out, a life point more). It is disputed, and the game
//     goes on from the table's version with the inputs that follow, each
//     carrying its own effects.
//
// Either way a second game fed only the effects, through their stored
// form, reaches the same digest after every input: folding the stored
// effects equals deriving them.
func TestPropertyTableEffects(t *testing.T) {
	seeds := propertySeeds(t)
	if len(seeds) > 12 && os.Getenv("CHRONICLE_PROPERTY_GAMES") == "" {
		seeds = seeds[:12]
	}
	var mu sync.Mutex
	verified, disputed := 0, 0
	t.Run("games", func(t *testing.T) {
		for _, seed := range seeds {
			t.Run(strconv.FormatInt(seed, 10), func(t *testing.T) {
				t.Parallel()
				rec, err := playRandomGame(seed, nil)
				if err != nil {
					t.Fatal(err)
				}
				v, _, err := replayWithTable(rec, nil)
				if err != nil {
					t.Fatalf("seed %d, agreeing: %v", seed, err)
				}
				_, d, err := replayWithTable(rec, rand.New(rand.NewSource(seed)))
				if err != nil {
					t.Fatalf("seed %d, disagreeing: %v", seed, err)
				}
				mu.Lock()
				verified, disputed = verified+v, disputed+d
				mu.Unlock()
			})
		}
	})
	if !t.Failed() && (verified < 10*len(seeds) || disputed < len(seeds)/2) {
		t.Fatalf("%d inputs verified with the table's effects, %d disputed, over %d games: the test checks too little", verified, disputed, len(seeds))
	}
}

// replayWithTable replays rec's inputs with table effects; with rng it
// changes some of them. After a change the rules' effects of the recorded
// game no longer apply: the rest of the game is told from the new state.
func replayWithTable(rec *recordedGame, rng *rand.Rand) (verified, disputed int, err error) {
	g, trusted := New(drivePool()), New(drivePool())
	changed := false
	for i, orig := range rec.inputs {
		ev := orig
		pre := g.S.Clone()
		var table []events.TableEffect
		if events.TakesEffects(ev.Kind) && !changed {
			table = project(pre, rec.effects[i])
		}
		agreeing := true
		if rng != nil && len(table) > 0 && rng.Intn(8) == 0 && !hasAbility(table) {
			table, agreeing = disagree(rng, g.S, table), false
		}
		if len(table) > 0 && (!hasAbility(table) || !agreeing) {
			c := *ev
			c.Effects = table
			ev = &c
		}
		effs, v, err := g.SubmitVerified(ev)
		var re *RuleError
		if err != nil && !agreeing && errors.As(err, &re) && re.Rule == events.RuleTableForm {
			// leaving an effect out left a later one naming what isn't
			// there: the input as it was
			ev, agreeing = orig, true
			effs, v, err = g.SubmitVerified(ev)
		}
		if err != nil {
			if changed {
				return verified, disputed, nil // the recorded game has parted from this one
			}
			return verified, disputed, fmt.Errorf("seq %d (%s): %v", i+1, describeEvent(ev), err)
		}
		if len(ev.Effects) > 0 && v.Status == Verified {
			verified++
		}
		if v.Status == Disputed {
			disputed++
		}
		switch {
		case len(ev.Effects) == 0:
		case agreeing && !changed && v.Status != Verified:
			return verified, disputed, fmt.Errorf("seq %d (%s): the rules' own effects as the table's are %s: %s", i+1, describeEvent(ev), v.Status, v.Reason)
		case !agreeing && v.Status == Disputed:
			changed = true
		case !agreeing && v.Status == Verified:
			// the change made no difference to the state (a life point
			// lost and gained): the versions agree
		}
		if !changed && len(ev.Effects) > 0 && agreeing && g.S.Digest() != digestAfter(rec, i) {
			return verified, disputed, fmt.Errorf("seq %d (%s): with the table's effects digest %s, the rules alone %s", i+1, describeEvent(ev), g.S.Digest(), digestAfter(rec, i))
		}
		stored, err := DecodeEffects(EncodeEffects(effs))
		if err != nil {
			return verified, disputed, err
		}
		trusted.Apply(stored)
		if td, rd := trusted.S.Digest(), g.S.Digest(); td != rd {
			return verified, disputed, fmt.Errorf("seq %d (%s): effects-only replay digest %s, rules %s", i+1, describeEvent(ev), td, rd)
		}
		if g.S.Over {
			return verified, disputed, nil
		}
	}
	return verified, disputed, nil
}

// digestAfter is the digest of rec's game after its input i, the rules
// alone deriving it.
func digestAfter(rec *recordedGame, i int) Digest {
	if rec.digests == nil {
		g := New(drivePool())
		for _, ev := range rec.inputs {
			g.Submit(ev)
			rec.digests = append(rec.digests, g.S.Digest())
		}
	}
	return rec.digests[i]
}

// hasAbility: an ability the rules put on the stack is theirs; the table
// can only put its own there (with a text), so such a list can't agree.
func hasAbility(table []events.TableEffect) bool {
	return slices.ContainsFunc(table, func(e events.TableEffect) bool {
		return e.Op == events.EffAbility || e.Op == events.EffResolve
	})
}

// disagree changes a table version: an effect left out, or a player's
// life one lower.
func disagree(rng *rand.Rand, s *State, table []events.TableEffect) []events.TableEffect {
	out := slices.Clone(table)
	if rng.Intn(2) == 0 && len(out) > 1 {
		i := rng.Intn(len(out))
		return slices.Delete(out, i, i+1)
	}
	return append(out, events.TableEffect{Op: events.EffLoseLife, Player: s.Players[rng.Intn(len(s.Players))].ID, N: 1})
}
