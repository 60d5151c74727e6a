package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// shockFirst is a different play for bolt-race after its setup (seq 2): p1
// Shocks Bob's face before anything else. Seqs, prev and hash are left out.
const shockFirst = `{"match":"shock-first","kind":"activate","actor":"p1","body":{"player":"p1","source":"Mountain"}}
{"match":"shock-first","kind":"cast","actor":"p1","body":{"player":"p1","card":"Shock","targets":["p2"],"pay":[{"mana":"R"}]}}
{"match":"shock-first","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"shock-first","kind":"pass","actor":"p2","body":{"player":"p2"}}
`

// thenBolt follows shockFirst in a branch of the branch: Bolt for the win.
const thenBolt = `{"match":"bolt-too","kind":"activate","actor":"p1","body":{"player":"p1","source":"Mountain"}}
{"match":"bolt-too","kind":"cast","actor":"p1","body":{"player":"p1","card":"Lightning Bolt","targets":["p2"],"pay":[{"mana":"R"}]}}
{"match":"bolt-too","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"bolt-too","kind":"pass","actor":"p2","body":{"player":"p2"}}
`

// writeFile writes content to a file in a fresh folder and returns its path.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// run1 runs the command and wants exit 0; it returns stdout.
func run1(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := runCLI(t, args...)
	wantCode(t, code, exitOK, out, errOut)
	return out
}

// TestBranchAndAppend branches bolt-race after its setup, plays Shock
// instead, branches that branch and plays Bolt, and reads both back with
// show, log, verify, export and list --tree.
func TestBranchAndAppend(t *testing.T) {
	dir := recordedDir(t, "bolt-race.jsonl")
	out := run1(t, "branch", "bolt-race", "--at", "2", "--name", "shock-first", "--label", "Shock the face first", "--data", dir)
	if want := "shock-first: a branch of bolt-race after seq 2; add inputs with `replay append shock-first FILE.jsonl`\n"; out != want {
		t.Errorf("branch said %q, want %q", out, want)
	}
	out = run1(t, "append", "shock-first", writeFile(t, "shock.jsonl", shockFirst), "--data", dir)
	if !strings.HasPrefix(out, "shock-first: appended 4 inputs, seq 3 to 6; head ") || !strings.HasSuffix(out, "; open\n") {
		t.Errorf("append said %q", out)
	}

	// The branch is the whole game: the parent's setup, then the Shock.
	st, _ := showJSON(t, "shock-first", "--data", dir)
	if st.Match != "shock-first" || st.Seq != 6 || st.Players[1].Life != 3 || st.Players[0].Life != 7 || st.Priority != "p1" {
		t.Errorf("shock-first at its end: %+v", st)
	}
	if st, _ := showJSON(t, "shock-first", "--at", "2", "--data", dir); st.Turn != 5 || st.Players[1].Life != 5 {
		t.Errorf("shock-first at seq 2 (shared): %+v", st)
	}
	if st, _ := showJSON(t, "bolt-race", "--at", "6", "--data", dir); st.Players[1].Life != 2 {
		t.Errorf("the parent changed: bolt-race at seq 6 %+v", st)
	}
	log := run1(t, "log", "shock-first", "--data", dir)
	for _, want := range []string{"1  pregame table", "casts Shock", "Shock deals 2 damage to Bob (5 -> 3)"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "Lightning Bolt deals") {
		t.Errorf("the branch tells the parent's Bolt:\n%s", log)
	}
	if out := run1(t, "verify", "shock-first", "--data", dir); !strings.Contains(out, "shock-first: ok, 6 events, chain verified") {
		t.Errorf("verify: %s", out)
	}

	// A branch of the branch, after the Shock resolved.
	run1(t, "branch", "shock-first", "--at", "6", "--name", "bolt-too", "--data", dir)
	out = run1(t, "append", "bolt-too", writeFile(t, "bolt.jsonl", thenBolt), "--data", dir)
	if !strings.Contains(out, "appended 4 inputs, seq 7 to 10") {
		t.Errorf("append said %q", out)
	}
	if st, _ := showJSON(t, "bolt-too", "--data", dir); st.Players[1].Life != 0 || !st.GameOver.Over || st.GameOver.Winner != "p1" {
		t.Errorf("bolt-too at its end: %+v", st)
	}
	if out := run1(t, "verify", "--data", dir); strings.Count(out, ": ok,") != 3 {
		t.Errorf("verify all:\n%s", out)
	}

	tree := run1(t, "list", "--tree", "--data", dir)
	want := []string{
		"MATCH            FORMAT  PLAYERS      EVENTS  VERIFIED  STATUS    STARTED                  BRANCH POINT          LABEL",
		"bolt-race        modern  Alice v Bob  12      100%      finished  2024-05-01 12:00:00 UTC  -                     -",
		"  shock-first    modern  Alice v Bob  6       100%      open      2024-05-01 12:00:00 UTC  bolt-race seq 2       Shock the face first",
		"    bolt-too     modern  Alice v Bob  10      100%      finished  2024-05-01 12:00:00 UTC  shock-first seq 6     -",
	}
	if got := strings.Split(strings.TrimSuffix(tree, "\n"), "\n"); strings.Join(trimAll(got), "\n") != strings.Join(trimAll(want), "\n") {
		t.Errorf("list --tree:\n%s\nwant:\n%s", tree, strings.Join(want, "\n"))
	}
	js := run1(t, "list", "--tree", "--json", "--data", dir)
	if !strings.Contains(js, `"branches": [`) || !strings.Contains(js, `"parent": "shock-first"`) {
		t.Errorf("list --tree --json:\n%s", js)
	}

	// The jsonl export of a branch is a match of its own, recordable anywhere.
	exp := run1(t, "export", "bolt-too", "--data", dir)
	if n := strings.Count(exp, `"match":"bolt-too"`); n != 10 {
		t.Errorf("export names bolt-too %d times, want 10:\n%s", n, exp)
	}
	if out := run1(t, "verify", writeFile(t, "bolt-too.jsonl", exp)); !strings.Contains(out, "ok, 10 events, chain verified") {
		t.Errorf("verify of the export: %s", out)
	}
	// So is its setup export, which replays to the branch's end.
	report := writeFile(t, "report.jsonl", run1(t, "export", "bolt-too", "--format", "setup", "--at", "6", "--data", dir))
	if st, _ := showJSON(t, report); st.Match != "bolt-too" || st.Players[1].Life != 0 || st.GameOver.Winner != "p1" {
		t.Errorf("the branch's setup export ends at %+v", st)
	}
}

func trimAll(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.Join(strings.Fields(l), " ")
	}
	return out
}

// append reads stdin for "-", and assigns seqs after the head.
func TestAppendStdin(t *testing.T) {
	dir := recordedDir(t, "bolt-race.jsonl")
	run1(t, "branch", "bolt-race", "--at", "2", "--name", "shock-first", "--data", dir)
	old := stdin
	stdin = strings.NewReader(shockFirst)
	defer func() { stdin = old }()
	if out := run1(t, "append", "shock-first", "-", "--data", dir); !strings.Contains(out, "appended 4 inputs, seq 3 to 6") {
		t.Errorf("append - said %q", out)
	}
}

// Refused appends and failed branches write nothing: the store file is the
// same byte for byte, and the exit code says why.
func TestBranchAppendErrors(t *testing.T) {
	dir := recordedDir(t, "bolt-race.jsonl")
	run1(t, "branch", "bolt-race", "--at", "2", "--name", "b1", "--data", dir)
	path := filepath.Join(dir, store.FileName)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	wrongTurn := strings.ReplaceAll(shockFirst, "shock-first", "b1")
	lines := strings.SplitAfter(wrongTurn, "\n")
	// p2 passes while p1 holds priority, as the third input.
	badRules := lines[0] + lines[1] + `{"match":"b1","kind":"pass","actor":"p2","body":{"player":"p2"}}` + "\n"
	for _, c := range []struct {
		name string
		args []string
		code int
		err  string
	}{
		{"unknown match", []string{"branch", "m9", "--at", "1", "--name", "x"}, exitUsage, `unknown match "m9"`},
		{"past the end", []string{"branch", "bolt-race", "--at", "13", "--name", "x"}, exitUsage,
			"can't branch bolt-race after seq 13: it is past the end of the match, whose last input is seq 12"},
		{"seq 0", []string{"branch", "bolt-race", "--at", "0", "--name", "x"}, exitUsage, "--at: seqs count from 1"},
		{"no --at", []string{"branch", "bolt-race", "--name", "x"}, exitUsage, "missing flags: --at"},
		{"name taken", []string{"branch", "bolt-race", "--at", "1", "--name", "b1"}, exitUsage, "b1 is a branch of bolt-race after seq 2 already"},
		{"name of a match", []string{"branch", "b1", "--at", "1", "--name", "bolt-race"}, exitUsage, "bolt-race is a recorded match already"},
		{"bad name", []string{"branch", "bolt-race", "--at", "1", "--name", "what if"}, exitUsage, `branch name "what if" is not a valid match id`},
		{"main line", []string{"append", "bolt-race", writeFile(t, "x.jsonl", shockFirst)}, exitUsage,
			"bolt-race is a recorded main line: it never changes; branch it first: `replay branch bolt-race --at SEQ --name NAME`"},
		{"unknown branch", []string{"append", "b9", writeFile(t, "x.jsonl", wrongTurn)}, exitUsage, `unknown match "b9"`},
		{"not a log", []string{"append", "b1", writeFile(t, "notes.txt", "what if p1 had held Shock?\n")}, exitUsage, "notes.txt is not a log of inputs"},
		{"empty", []string{"append", "b1", writeFile(t, "empty.jsonl", "\n")}, exitUsage, "it holds no inputs"},
		{"missing file", []string{"append", "b1", filepath.Join(t.TempDir(), "none.jsonl")}, exitUsage, "no such file"},
		{"rules", []string{"append", "b1", writeFile(t, "bad.jsonl", badRules)}, exitFailed,
			"bad.jsonl:3: seq 5 refused: p2 can't pass priority: p1 has priority (CR 117.3); nothing was appended"},
		{"other match", []string{"append", "b1", writeFile(t, "other.jsonl", shockFirst)}, exitFailed,
			`other.jsonl:1: refused: match: the input is for match "shock-first": every input appended to b1 must name it (LOG-BODY)`},
		{"gap", []string{"append", "b1", writeFile(t, "gap.jsonl", strings.Replace(lines[0], `"kind"`, `"seq":4,"kind"`, 1))}, exitFailed,
			"seq 4 refused: seq: gap: expected seq 3, got 4 (LOG-SEQ)"},
		{"not a player", []string{"append", "b1", writeFile(t, "p3.jsonl", strings.ReplaceAll(lines[0], "p1", "p3"))}, exitFailed,
			`seq 3 refused: actor: "p3" is not a player of match b1 (LOG-ACTOR)`},
		{"wrong prev", []string{"append", "b1", writeFile(t, "prev.jsonl", strings.Replace(lines[0], `"kind"`, `"prev":"`+strings.Repeat("ab", 32)+`","kind"`, 1))}, exitFailed,
			"prev abababababab does not match the hash of seq 2"},
	} {
		out, errOut, code := runCLI(t, append(c.args, "--data", dir)...)
		if code != c.code || out != "" || !strings.Contains(errOut, c.err) {
			t.Errorf("%s: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit %d, no output and %q", c.name, code, out, errOut, c.code, c.err)
		}
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("failed branches and appends changed the store file")
	}
}

// A store another process holds for writing (a running recorder) is named,
// and nothing waits forever.
func TestBranchLockedStore(t *testing.T) {
	dir := recordedDir(t, "bolt-race.jsonl")
	held, err := store.OpenDir(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	start := time.Now()
	out, errOut, code := runCLI(t, "branch", "bolt-race", "--at", "2", "--name", "x", "--data", dir, "--wait", "100ms")
	if code != exitUsage || out != "" || !strings.Contains(errOut, "locked by another process (a running recorder?); waited 100ms: stop the recorder") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if time.Since(start) > 5*time.Second {
		t.Errorf("waited %v", time.Since(start))
	}
	if out, errOut, code := runCLI(t, "branch", "bolt-race", "--at", "2", "--name", "x", "--data", t.TempDir()); code != exitUsage || !strings.Contains(errOut, "no store at") {
		t.Errorf("no store: exit %d\n%s%s", code, out, errOut)
	}
}
