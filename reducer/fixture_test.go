package reducer

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

var updateGolden = flag.Bool("update", false, "rewrite fixtures/matches/golden.json")

const goldenPath = "../fixtures/matches/golden.json"

// fixtureGolden is what a fixture match must replay to, like a chess perft
// count: its inputs, inputs per turn, and the final digest.
type fixtureGolden struct {
	Inputs       int    `json:"inputs"`
	InputsByTurn []int  `json:"inputs_by_turn"` // by turn number within its game, summed over games; 0 is before turn 1
	Games        int    `json:"games"`
	FinalDigest  string `json:"final_digest"`
}

// Every fixture match replays under the rules without a rejection, ends with
// a result, reaches its recorded final digest, and folding the effects alone
// (the trusted door) reaches the same digest after every input.
func TestFixturesReplay(t *testing.T) {
	files, err := filepath.Glob("../fixtures/matches/*.jsonl")
	if err != nil || len(files) < 5 {
		t.Fatalf("want at least five fixture matches, found %d (%v)", len(files), err)
	}
	want := map[string]fixtureGolden{}
	if data, err := os.ReadFile(goldenPath); err == nil {
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
	} else if !*updateGolden {
		t.Fatal(err)
	}
	got := map[string]fixtureGolden{}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			lines, err := events.ReadJSONLFile(f, events.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			rules, trusted := New(nil), New(nil)
			var gold fixtureGolden
			for _, l := range lines {
				effs, err := rules.Submit(l.Event)
				if err != nil {
					t.Fatalf("line %d: %v", l.Line, err)
				}
				trusted.Apply(effs)
				if rd, td := rules.S.Digest(), trusted.S.Digest(); rd != td {
					t.Fatalf("line %d: effects-only replay digest %s, rules %s", l.Line, td, rd)
				}
				for len(gold.InputsByTurn) <= rules.S.Turn {
					gold.InputsByTurn = append(gold.InputsByTurn, 0)
				}
				gold.InputsByTurn[rules.S.Turn]++
			}
			if !rules.S.Over {
				t.Fatalf("the match did not end: waiting for %s", rules.describePending())
			}
			gold.Inputs, gold.Games, gold.FinalDigest = len(lines), rules.S.Game, rules.S.Digest().String()
			got[name] = gold
			if *updateGolden {
				return
			}
			w, ok := want[name]
			switch {
			case !ok:
				t.Fatalf("no golden entry (run with -update and review)")
			case w.FinalDigest != gold.FinalDigest:
				t.Errorf("final digest %s, recorded %s", gold.FinalDigest, w.FinalDigest)
			case w.Inputs != gold.Inputs || w.Games != gold.Games || !equalInts(w.InputsByTurn, gold.InputsByTurn):
				t.Errorf("replayed %+v, recorded %+v", gold, w)
			}
		})
	}
	if *updateGolden {
		data, _ := json.MarshalIndent(got, "", "  ")
		if err := os.WriteFile(goldenPath, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
