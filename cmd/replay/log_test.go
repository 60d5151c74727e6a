package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLogBoltRace(t *testing.T) {
	data := recordedDir(t, "bolt-race.jsonl")
	var outs []string
	for _, from := range [][]string{{fixture("bolt-race.jsonl")}, {"bolt-race", "--data", data}} {
		out, errOut, code := runCLI(t, append([]string{"log"}, from...)...)
		wantCode(t, code, exitOK, out, errOut)
		for _, want := range []string{
			" 4  T5 main1 p1 Alice casts Lightning Bolt (o31) targeting Bob (p2), paying {R}\n",
			" 6  T5 main1 p2 Bob passes\n      Lightning Bolt (o31) resolves\n      Lightning Bolt deals 3 damage to Bob (5 -> 2)\n",
			"12  T5 declare_attackers p2 Bob concedes\n      p2 Bob loses: conceded (CR 104.3a)\n",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("log %v lacks %q:\n%s", from, want, out)
			}
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Errorf("file and store tell it differently:\n%s\n%s", outs[0], outs[1])
	}
}

func TestLogJSON(t *testing.T) {
	out, errOut, code := runCLI(t, "log", fixture("bolt-race.jsonl"), "--json")
	wantCode(t, code, exitOK, out, errOut)
	var entries []struct {
		Seq    uint64   `json:"seq"`
		Turn   int      `json:"turn"`
		Step   string   `json:"step"`
		Player string   `json:"player"`
		Text   string   `json:"text"`
		Lines  []string `json:"lines"`
	}
	if err := json.Unmarshal([]byte(out), &entries); err != nil {
		t.Fatalf("%v in\n%s", err, out)
	}
	if len(entries) != 12 {
		t.Fatalf("%d entries, want 12", len(entries))
	}
	e := entries[5]
	if e.Seq != 6 || e.Turn != 5 || e.Step != "main1" || e.Player != "p2" || e.Text != "p2 Bob passes" ||
		strings.Join(e.Lines, "|") != "Lightning Bolt (o31) resolves|Lightning Bolt deals 3 damage to Bob (5 -> 2)" {
		t.Errorf("seq 6: %+v", e)
	}
	if entries[0].Lines == nil || entries[0].Step != "" || entries[0].Player != "table" {
		t.Errorf("seq 1: %+v", entries[0])
	}
}

// As p1, p2's draws name no card.
func TestLogAsPlayer(t *testing.T) {
	out, errOut, code := runCLI(t, "log", fixture("opening-hands.jsonl"), "--as", "p1")
	wantCode(t, code, exitOK, out, errOut)
	for _, name := range []string{"Plains", "Savannah Lions", "Serra Angel"} {
		if strings.Contains(out, name) {
			t.Errorf("p1's log names %q:\n%s", name, out)
		}
	}
	if !strings.Contains(out, "p2 Frank draws 7 cards\n") || !strings.Contains(out, "p1 Erin draws 7 cards: Forest") {
		t.Errorf("p1's log:\n%s", out)
	}
}

// An illegal input: what came before is told, then the error, exit 1.
func TestLogIllegalInput(t *testing.T) {
	text, err := os.ReadFile(fixture("bolt-race.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(text), "\n")
	path := filepath.Join(t.TempDir(), "bad.jsonl")
	bad := strings.Join(lines[:3], "") + `{"match":"bolt-race","kind":"cast","actor":"p2","body":{"player":"p2","card":"Giant Growth","targets":["Grizzly Bears"]}}` + "\n"
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "log", path)
	wantCode(t, code, exitFailed, out, errOut)
	if !strings.Contains(out, "3  T5 main1 p1 Alice taps Mountain (o21) for {R}\n") || strings.Contains(out, "casts") {
		t.Errorf("stdout:\n%s", out)
	}
	if !strings.HasSuffix(errOut, "bad.jsonl:4: seq 4: p2 can't cast Giant Growth: p1 has priority (CR 117.3)\n") {
		t.Errorf("stderr: %s", errOut)
	}
	out, errOut, code = runCLI(t, "log", path, "--json")
	wantCode(t, code, exitFailed, out, errOut)
	var entries []json.RawMessage
	if err := json.Unmarshal([]byte(out), &entries); err != nil || len(entries) != 3 {
		t.Errorf("%d entries (%v):\n%s", len(entries), err, out)
	}
}

func TestLogErrors(t *testing.T) {
	data := recordedDir(t, "bolt-race.jsonl")
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"m9", "--data", data}, `unknown match "m9"`},
		{[]string{fixture("bolt-race.jsonl"), "--as", "zed"}, `--as: "zed" is not a player`},
		{[]string{}, `expected "<MATCH|FILE.jsonl>"`},
	} {
		out, errOut, code := runCLI(t, append([]string{"log"}, c.args...)...)
		if code != exitUsage || !strings.Contains(errOut, c.err) {
			t.Errorf("log %q: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 2 and %q", c.args, code, out, errOut, c.err)
		}
	}
}
