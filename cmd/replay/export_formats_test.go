package main

import (
	"os"
	"strings"
	"testing"
)

// The text export: heading, narrative, final board; told as a player it
// names no card that player never saw.
func TestExportText(t *testing.T) {
	dir := recordedDir(t, "bolt-race.jsonl")
	out := run1(t, "export", "bolt-race", "--format", "text", "--data", dir)
	for _, want := range []string{
		"match bolt-race: Alice (p1) v Bob (p2), modern, fnm-2026-11-27\n",
		"inputs 1 to 12 of 12, told as a judge sees it\n",
		" 4  T5 main1 p1 Alice casts Lightning Bolt (o31) targeting Bob (p2), paying {R}\n",
		"12  T5 declare_attackers p2 Bob concedes",
		"\nposition after seq 12:\nmatch bolt-race (modern), game 1, after seq 12, seen by judge\n",
		"Shock", // in Alice's hand, which the judge sees
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text export lacks %q:\n%s", want, out)
		}
	}
	// Neither player saw the other's hand: Alice's Shock and Bob's Giant
	// Growth were never played.
	for as, hidden := range map[string]string{"p2": "Shock", "Alice": "Giant Growth"} {
		out := run1(t, "export", "bolt-race", "--format", "text", "--as", as, "--data", dir)
		if strings.Contains(out, hidden) {
			t.Errorf("told as %s, the export names %s:\n%s", as, hidden, out)
		}
		if !strings.Contains(out, "saw it (other players' hands and every library hidden)") {
			t.Errorf("told as %s, the heading doesn't say so:\n%s", as, out)
		}
	}
	// --at stops the story and shows the board there: Bolt on the stack.
	out = run1(t, "export", "bolt-race", "--format", "text", "--at", "4", "--data", dir)
	if strings.Contains(out, "\n 5  ") || !strings.Contains(out, "inputs 1 to 4 of 12") || !strings.Contains(out, "stack (top first):\n  Lightning Bolt") {
		t.Errorf("text export --at 4:\n%s", out)
	}
	// A file is told the same way, with the rules.
	if out := run1(t, "export", fixture("bolt-race.jsonl"), "--format", "text"); !strings.Contains(out, "casts Lightning Bolt") {
		t.Errorf("text export of the file:\n%s", out)
	}
}

// jsonl with --at: the inputs up to it.
func TestExportJSONLAt(t *testing.T) {
	dir := storeDir(t)
	out := run1(t, "export", "m1", "--at", "4", "--data", dir)
	if n := strings.Count(out, "\n"); n != 4 || !strings.Contains(out, `"seq":4`) {
		t.Errorf("export --at 4: %d lines:\n%s", n, out)
	}
}

// The setup export from the command line: a small file that replays to the
// same position and then to the same end.
func TestExportSetup(t *testing.T) {
	dir := recordedDir(t, "bolt-race.jsonl")
	out := run1(t, "export", "bolt-race", "--format", "setup", "--at", "6", "--data", dir)
	if n := strings.Count(out, "\n"); n != 8 {
		t.Fatalf("%d lines, want 8 (match_started, setup, 6 inputs):\n%s", n, out)
	}
	file := writeFile(t, "report.jsonl", out)
	at, _ := showJSON(t, file, "--at", "2")
	want, _ := showJSON(t, "bolt-race", "--at", "6", "--data", dir)
	if at.Turn != want.Turn || at.Step != want.Step || at.Priority != want.Priority || at.Players[1].Life != 2 || len(at.Players[0].Hand) != len(want.Players[0].Hand) {
		t.Errorf("the setup places\n%+v\nwant\n%+v", at, want)
	}
	end, _ := showJSON(t, file)
	if !end.GameOver.Over || end.GameOver.Winner != "p1" {
		t.Errorf("the report ends at %+v", end)
	}
	if out := run1(t, "verify", file); !strings.Contains(out, "ok, 8 events, seq gapless, unhashed (hand-written)") {
		t.Errorf("verify of the report: %s", out)
	}

	out = run1(t, "export", "bolt-race", "--format", "setup", "--at", "12", "--data", dir) // the match over (CR 104.1)
	if !strings.Contains(out, `"over":{"winner":"p1"}`) || strings.Count(out, "\n") != 2 {
		t.Errorf("export setup at 12, the end of the match, lacks over or has inputs after it:\n%s", out)
	}
	over := writeFile(t, "over.jsonl", out)
	if end, _ := showJSON(t, over); !end.GameOver.Over || end.GameOver.Winner != "p1" {
		t.Errorf("the setup of the end shows %+v", end.GameOver)
	}
	if out := run1(t, "show", over); !strings.Contains(out, "waiting for: nothing: the match is over") {
		t.Errorf("show of the setup of the end:\n%s", out)
	}
	if out := run1(t, "export", "bolt-race", "--format", "setup", "--at", "1", "--data", dir); !strings.Contains(out, `"turn":0,"step":"pregame"`) {
		t.Errorf("export setup at 1, before the first turn:\n%s", out)
	}
	out = run1(t, "export", "bolt-race", "--format", "setup", "--at", "4", "--data", dir)
	if !strings.Contains(out, `"stack":[{"id":"o31","controller":"p1","spell":"Lightning Bolt","targets":["p2"]`) {
		t.Errorf("export setup at 4 lacks Lightning Bolt on the stack:\n%s", out)
	}
}

// An export of a file the rules refuse exits 1 and writes nothing.
func TestExportIllegalFile(t *testing.T) {
	raw, err := os.ReadFile(fixture("bolt-race.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(raw), "\n")
	bad := writeFile(t, "bad.jsonl", lines[0]+lines[1]+`{"match":"bolt-race","kind":"pass","actor":"p2","body":{"player":"p2"}}`+"\n")
	for _, format := range []string{"text", "setup"} {
		out, errOut, code := runCLI(t, "export", bad, "--format", format, "--at", "3")
		if code != exitFailed || out != "" || !strings.Contains(errOut, "seq 3: p2 can't pass priority: p1 has priority (CR 117.3)") {
			t.Errorf("%s: exit %d\nstdout:\n%s\nstderr:\n%s", format, code, out, errOut)
		}
	}
}
