package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

func shrinkFixture(name string) string { return filepath.Join("..", "..", "fixtures", "matches", name) }

// auditLast checks that the audit of the shrunk file finds kind and rule
// at its last input.
func auditLast(t *testing.T, path, kind, rule string) {
	t.Helper()
	reps, err := replay.AuditFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range reps[0].Findings {
		if f.Seq == reps[0].Inputs && f.Kind == kind && f.Rule == rule {
			return
		}
	}
	t.Errorf("%s: no %s (%s) at its last input (%d): %+v", path, kind, rule, reps[0].Inputs, reps[0].Findings)
}

// Each kind of finding, shrunk by the command: what it prints, and a file
// whose audit finds it at its last input.
func TestShrinkCommand(t *testing.T) {
	dir := t.TempDir()
	planted := filepath.Join(dir, "planted.jsonl")
	raw, err := os.ReadFile(shrinkFixture("bolt-race.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(raw), "\n")
	if err := os.WriteFile(planted, []byte(strings.Join(lines[:2], "")+`{"match":"bolt-race","kind":"cast","actor":"p1","body":{"player":"p1","card":"Counterspell"}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	playtest := filepath.Join(dir, "playtest.jsonl")
	if err := os.WriteFile(playtest, []byte(`{"match":"d1","kind":"match_started","actor":"table","body":{"format":"modern","first_player":"p1","players":[{"id":"p1","name":"A","deck":["Forest","Test Bear","Forest"]},{"id":"p2","name":"B","deck":["Forest"]}],`+
		`"cards":[{"name":"Test Bear","mana_cost":"{1}{G}","types":["Creature"],"power":"2","toughness":"2","abilities":[],"playtest":true}]}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		target, finding, kind, rule string
		says                        []string
	}{
		{planted, "illegal", "illegal", "CR 601.2a", []string{`3 inputs (from 3) show illegal at their last: p1 can't cast Counterspell: "Counterspell" is not in p1's hand (CR 601.2a)`, "placing 0 cards and 0 permanents (from 6 and 8)", "deck lists of 0 cards (from 16)"}},
		{shrinkFixture("table-effects.jsonl"), "unverified", "unverified", reducer.RuleTableUnverified, []string{"3 inputs (from 4) show unverified", "placing 1 card and 0 permanents"}},
		{playtest, "playtest", "playtest", replay.RulePlaytest, []string{"1 input (from 1) shows playtest at its last: Test Bear (in p1's deck) is a playtest card", "deck lists of 1 card (from 4)"}},
		{shrinkFixture("table-effects.jsonl"), "disputed:CR 117.3", "disputed", "CR 117.3", []string{"3 inputs (from 15) show disputed", "placing 1 card and 1 permanent"}},
	} {
		t.Run(c.kind, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "small.jsonl")
			stdout, stderr, code := runCLI(t, "shrink", c.target, "--finding", c.finding, "-o", out)
			wantCode(t, code, exitOK, stdout, stderr)
			for _, s := range c.says {
				if !strings.Contains(stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout)
				}
			}
			auditLast(t, out, c.kind, c.rule)
		})
	}
	// A divergence of a store: the recorded effects say Lightning Bolt
	// dealt 1; the smaller file carries them as the table's.
	t.Run("divergence", func(t *testing.T) {
		data := t.TempDir()
		evs := replaytest.Record(t, data, shrinkFixture("bolt-race.jsonl"))
		for seq := uint64(1); seq <= uint64(len(evs)); seq++ {
			replaytest.RewriteEffects(t, data, "bolt-race", seq, func(effs []reducer.Effect) []reducer.Effect {
				for i := range effs {
					if effs[i].Op == reducer.OpLife && effs[i].N == -3 {
						effs[i].N = -1
					}
				}
				return effs
			})
		}
		out := filepath.Join(t.TempDir(), "small.jsonl")
		stdout, stderr, code := runCLI(t, "shrink", "bolt-race", "--data", data, "--finding", "divergence", "-o", out)
		wantCode(t, code, exitOK, stdout, stderr)
		for _, s := range []string{"show divergence at their last: the table's effects differ from the rules': p2: life 2 for the rules, 4 for the table (TABLE-DISPUTE)", "the store's recorded effects of that input are its table effects", "deck lists of 1 card (from 16)"} {
			if !strings.Contains(stdout, s) {
				t.Errorf("stdout lacks %q:\n%s", s, stdout)
			}
		}
		auditLast(t, out, replay.FindingDisputed, reducer.RuleTableDispute)
	})
	// Refused: an unknown kind, a chain finding; none found: exit 1.
	for _, c := range []struct {
		finding string
		code    int
		says    string
	}{
		{"bogus", exitUsage, "unknown kind"},
		{"chain", exitUsage, "can't be shrunk"},
		{"crash", exitFailed, "no such finding"},
	} {
		stdout, stderr, code := runCLI(t, "shrink", planted, "--finding", c.finding, "-o", filepath.Join(dir, "x.jsonl"))
		wantCode(t, code, c.code, stdout, stderr)
		if !strings.Contains(stderr, c.says) {
			t.Errorf("--finding %s: stderr lacks %q: %s", c.finding, c.says, stderr)
		}
	}
}
