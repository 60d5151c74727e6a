package sim

import (
	"os"
	"reflect"
	"strconv"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// fuzzMatches is how many matches the rules fuzzer plays in go test (and
// so in .ci/run); CHRONICLE_SIM_MATCHES=N plays N, CHRONICLE_SIM_SEED=S
// starts at seed S.
const fuzzMatches = 10

// TestFuzzRules plays best-of-three matches with every listed input tried
// on a clone: a panic, a refused input or a digest mismatch fails with the
// seed that reproduces it.
func TestFuzzRules(t *testing.T) {
	n, first := fuzzMatches, int64(1)
	if v := os.Getenv("CHRONICLE_SIM_MATCHES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			t.Fatalf("CHRONICLE_SIM_MATCHES=%q: %v", v, err)
		}
	}
	if v := os.Getenv("CHRONICLE_SIM_SEED"); v != "" {
		var err error
		if first, err = strconv.ParseInt(v, 10, 64); err != nil {
			t.Fatalf("CHRONICLE_SIM_SEED=%q: %v", v, err)
		}
	}
	games, inputs := 0, 0
	err := Generate(first, n, Options{CheckListed: true}, func(m *Match) error {
		games += m.Games
		inputs += len(m.Inputs)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d matches, %d games, %d inputs", n, games, inputs)
}

// A seed gives the same match every time: the same inputs, sealed into the
// same chain, to the same final state; another seed another match.
func TestPlayDeterministic(t *testing.T) {
	a, err := Play(7, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Play(7, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatal("seed 7 played twice gives two matches")
	}
	c, err := Play(8, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Digest == a.Digest {
		t.Fatal("seeds 7 and 8 end in the same state")
	}
}

// A match is complete and replays: best of three, started by
// match_started, sealed into a chain, its inputs accepted again by a fresh
// game to the same final digest; every table decision is a random input.
func TestPlayCompleteMatch(t *testing.T) {
	m, err := Play(3, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m.ID != "sim-3" || m.Inputs[0].Kind != events.KindMatchStarted {
		t.Fatalf("match %s starts with %s", m.ID, m.Inputs[0].Kind)
	}
	if b := m.Inputs[0].Body.(*events.MatchStarted); b.BestOf != 3 || len(b.Players[0].Deck) != 40 {
		t.Fatalf("match_started %+v", b)
	}
	var link events.Link
	g := reducer.New(nil)
	kinds := map[events.Kind]int{}
	for _, ev := range m.Inputs {
		if err := link.Next(ev); err != nil {
			t.Fatalf("seq %d: %v", ev.Seq, err)
		}
		if _, err := g.Submit(ev); err != nil {
			t.Fatalf("seq %d: %v", ev.Seq, err)
		}
		kinds[ev.Kind]++
	}
	if !g.S.Over || g.S.Digest() != m.Digest || m.Games < 2 {
		t.Fatalf("over %v, %d games, digest %s want %s", g.S.Over, m.Games, g.S.Digest(), m.Digest)
	}
	for _, k := range []events.Kind{events.KindRandom, events.KindKeep, events.KindPass, events.KindCast, events.KindPlayLand} {
		if kinds[k] == 0 {
			t.Errorf("no %s input in %v", k, kinds)
		}
	}
}

// An error names the seed and how to reproduce it.
func TestErrorNamesSeed(t *testing.T) {
	e := &Error{Seed: 42, Match: "sim-42", Seq: 9, Err: "refused"}
	want := "sim: seed 42 (sim-42), seq 9: refused; reproduce: replay gen --matches 1 --seed 42 --out DIR"
	if e.Error() != want {
		t.Fatalf("%q", e.Error())
	}
}
