package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// fixture is the path of a sample match.
func fixture(name string) string { return filepath.Join("..", "..", "fixtures", "matches", name) }

// recordedDir records sample matches into a fresh store, as the recorder
// would, and returns its data directory.
func recordedDir(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, n := range names {
		replaytest.Record(t, dir, fixture(n))
	}
	return dir
}

// state is the part of show --json the tests read.
type state struct {
	Match        string `json:"match"`
	Seq          uint64 `json:"seq"`
	As           string `json:"as"`
	Turn         int    `json:"turn"`
	Step         string `json:"step"`
	ActivePlayer string `json:"active_player"`
	Priority     string `json:"priority"`
	Players      []struct {
		ID           string            `json:"id"`
		Life         int               `json:"life"`
		Hand         []json.RawMessage `json:"hand"`
		Library      []json.RawMessage `json:"library"`
		LibraryCount int               `json:"library_count"`
	} `json:"players"`
	Stack []struct {
		Name    string   `json:"name"`
		Targets []string `json:"targets"`
	} `json:"stack"`
	Pending struct {
		Ask    string `json:"ask"`
		Player string `json:"player"`
	} `json:"pending"`
	GameOver struct {
		Over   bool   `json:"over"`
		Winner string `json:"winner"`
	} `json:"game_over"`
}

func showJSON(t *testing.T, args ...string) (state, string) {
	t.Helper()
	out, errOut, code := runCLI(t, append([]string{"show", "--json"}, args...)...)
	wantCode(t, code, exitOK, out, errOut)
	var s state
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("%v in\n%s", err, out)
	}
	return s, out
}

// show --json at several seqs of bolt-race, from the file and from the
// store alike.
func TestShowJSON(t *testing.T) {
	data := recordedDir(t, "bolt-race.jsonl")
	for _, from := range [][]string{{fixture("bolt-race.jsonl")}, {"bolt-race", "--data", data}} {
		s, _ := showJSON(t, append(from, "--at", "2")...)
		if s.Match != "bolt-race" || s.Seq != 2 || s.Turn != 5 || s.Step != "main1" || s.Players[0].Life != 7 || s.Players[1].Life != 5 || len(s.Stack) != 0 {
			t.Errorf("%v at 2: %+v", from, s)
		}
		s, _ = showJSON(t, append(from, "--at", "4")...)
		if len(s.Stack) != 1 || s.Stack[0].Name != "Lightning Bolt" || strings.Join(s.Stack[0].Targets, ",") != "p2" ||
			s.Pending.Ask != "priority" || s.Pending.Player != "p1" || s.Priority != "p1" {
			t.Errorf("%v at 4, the bolt on the stack: %+v", from, s)
		}
		s, _ = showJSON(t, append(from, "--at", "6")...)
		if len(s.Stack) != 0 || s.Players[1].Life != 2 {
			t.Errorf("%v at 6, the bolt resolved: %+v", from, s)
		}
		s, _ = showJSON(t, append(from, "--at", "10")...)
		if s.Step != "declare_attackers" || s.Pending.Ask != "attack" || s.Pending.Player != "p1" {
			t.Errorf("%v at 10, attackers asked for: %+v", from, s)
		}
		s, _ = showJSON(t, from...)
		if s.Seq != 12 || !s.GameOver.Over || s.GameOver.Winner != "p1" || s.Pending.Ask != "none" {
			t.Errorf("%v at the end: %+v", from, s)
		}
	}
}

func TestShowTurn(t *testing.T) {
	s, _ := showJSON(t, fixture("opening-hands.jsonl"), "--turn", "1")
	if s.Seq != 9 || s.Turn != 1 || s.Step != "upkeep" || s.ActivePlayer != "p1" || s.Priority != "p1" {
		t.Errorf("turn 1: %+v", s)
	}
	out, errOut, code := runCLI(t, "show", fixture("opening-hands.jsonl"), "--turn", "2")
	wantCode(t, code, exitUsage, out, errOut)
	if !strings.Contains(errOut, "turn 2 never began in match opening-hands: turns that began: 1 in game 1") {
		t.Errorf("stderr: %s", errOut)
	}
}

// --as p1 shows p1's hand and hides p2's hand and both libraries.
func TestShowAsPlayer(t *testing.T) {
	s, out := showJSON(t, fixture("bolt-race.jsonl"), "--at", "4", "--as", "p1")
	if s.As != "p1" || len(s.Players[1].Hand) != 1 || s.Players[0].Library != nil || s.Players[1].Library != nil || s.Players[1].LibraryCount != 1 {
		t.Fatalf("as p1: %+v", s)
	}
	var hidden map[string]any
	if err := json.Unmarshal(s.Players[1].Hand[0], &hidden); err != nil || len(hidden) != 2 || hidden["hidden"] != true || hidden["id"] != "" {
		t.Errorf("p2's hand card in p1's view: %s", s.Players[1].Hand[0])
	}
	if strings.Contains(out, "Giant Growth") || strings.Contains(out, `"o25"`) || !strings.Contains(out, "Shock") {
		t.Errorf("p1's view:\n%s", out)
	}
	text, errOut, code := runCLI(t, "show", fixture("bolt-race.jsonl"), "--at", "4", "--as", "Alice")
	wantCode(t, code, exitOK, text, errOut)
	if strings.Contains(text, "Giant Growth") || strings.Contains(text, "o26") || !strings.Contains(text, "hand (1): 1 hidden\n") || !strings.Contains(text, "seen by p1") {
		t.Errorf("p1's board:\n%s", text)
	}
}

func TestShowIllegalInput(t *testing.T) {
	text, err := os.ReadFile(fixture("bolt-race.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(text), "\n")
	path := filepath.Join(t.TempDir(), "bad.jsonl")
	bad := strings.Join(lines[:4], "") + `{"match":"bolt-race","kind":"pass","actor":"p2","body":{"player":"p2"}}` + "\n"
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "show", path)
	wantCode(t, code, exitFailed, out, errOut)
	if want := "replay: " + path + ":5: seq 5: p2 can't pass priority: p1 has priority (CR 117.3)\n"; errOut != want || out != "" {
		t.Errorf("stdout %q, stderr %q; want stderr %q", out, errOut, want)
	}
	// The state before it shows.
	out, errOut, code = runCLI(t, "show", path, "--at", "4")
	wantCode(t, code, exitOK, out, errOut)
}

func TestShowErrors(t *testing.T) {
	data := recordedDir(t, "bolt-race.jsonl")
	two := filepath.Join(t.TempDir(), "two.jsonl")
	a, _ := os.ReadFile(fixture("bolt-race.jsonl"))
	b, _ := os.ReadFile(fixture("counter-war.jsonl"))
	if err := os.WriteFile(two, append(a, b...), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"m9", "--data", data}, `unknown match "m9"`},
		{[]string{"bolt-race", "--data", data, "--at", "13"}, "seq 13 is past the end of match bolt-race: its last input is seq 12"},
		{[]string{fixture("bolt-race.jsonl"), "--at", "99"}, "seq 99 is past the end"},
		{[]string{fixture("bolt-race.jsonl"), "--at", "0"}, "--at: seqs count from 1"},
		{[]string{fixture("bolt-race.jsonl"), "--turn", "5", "--at", "3"}, "--at and --turn can't be used together"},
		{[]string{fixture("bolt-race.jsonl"), "--game", "1"}, "--game: a game is given with a turn"},
		{[]string{fixture("bolt-race.jsonl"), "--as", "zed"}, `--as: "zed" is not a player of match bolt-race`},
		{[]string{two}, "holds 2 matches (bolt-race, counter-war): pick one with --match"},
		{[]string{two, "--match", "m9"}, `unknown match "m9"`},
		{[]string{"bolt-race", "--data", data, "--match", "other"}, "--match is for .jsonl files"},
		{[]string{filepath.Join(t.TempDir(), "missing.jsonl")}, "no such file"},
		{[]string{"bolt-race", "--data", t.TempDir()}, "no store"},
	} {
		out, errOut, code := runCLI(t, append([]string{"show"}, c.args...)...)
		if code != exitUsage || !strings.Contains(errOut, c.err) {
			t.Errorf("show %q: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 2 and %q", c.args, code, out, errOut, c.err)
		}
	}
	s, _ := showJSON(t, two, "--match", "counter-war", "--at", "14")
	if len(s.Stack) != 3 || s.Stack[0].Name != "Counterspell" || s.Stack[2].Name != "Divination" {
		t.Errorf("counter-war at 14, the stack top first: %+v", s.Stack)
	}
}
