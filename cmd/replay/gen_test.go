package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gen writes one file per match, named by match id, deterministic per
// seed; the files verify and audit clean.
func TestGenWritesMatches(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := run([]string{"gen", "--matches", "2", "--seed", "5", "--out", dir}, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "generated 2 matches") {
		t.Fatalf("stdout %q", out.String())
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) != 2 || filepath.Base(files[0]) != "sim-5.jsonl" || filepath.Base(files[1]) != "sim-6.jsonl" {
		t.Fatalf("files %v", files)
	}
	again := t.TempDir()
	if code := run([]string{"gen", "--matches", "1", "--seed", "6", "--out", again}, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	a, _ := os.ReadFile(files[1])
	b, _ := os.ReadFile(filepath.Join(again, "sim-6.jsonl"))
	if !bytes.Equal(a, b) {
		t.Fatal("seed 6 generated twice differs")
	}
	for _, cmd := range []string{"verify", "audit"} {
		out.Reset()
		errb.Reset()
		if code := run([]string{cmd, files[0]}, &out, &errb); code != exitOK {
			t.Fatalf("%s: exit %d: %s%s", cmd, code, out.String(), errb.String())
		}
	}
}

// gen --decklists plays real decks: the match of seed s the decks on
// lines 2s-1 and 2s, cards the engine doesn't model through the table's
// effects; the files verify, and audit finds only unverified inputs.
func TestGenDecklists(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := runCLI(t, "gen", "--decklists", "../../fixtures/decklists/decks.jsonl", "--matches", "1", "--seed", "2", "--out", dir)
	wantCode(t, code, exitOK, out, errOut)
	if !strings.HasPrefix(out, "generated 1 matches of 2 decks (") || !strings.Contains(out, " verified by the rules (") || !strings.Contains(out, " unverified) in "+dir) {
		t.Fatalf("stdout %q", out)
	}
	file := filepath.Join(dir, "decks-2.jsonl")
	again := t.TempDir()
	run1(t, "gen", "--decklists", "../../fixtures/decklists/decks.jsonl", "--matches", "1", "--seed", "2", "--out", again)
	a, _ := os.ReadFile(file)
	b, _ := os.ReadFile(filepath.Join(again, "decks-2.jsonl"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatal("seed 2 generated twice differs")
	}
	run1(t, "verify", file)
	out, errOut, code = runCLI(t, "audit", "--json", file)
	wantCode(t, code, exitFailed, out, errOut)
	var reps []struct {
		Inputs    int `json:"inputs"`
		Rederived int `json:"rederived"`
		Findings  []struct {
			Kind string `json:"kind"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &reps); err != nil {
		t.Fatal(err)
	}
	if len(reps) != 1 || reps[0].Rederived != reps[0].Inputs || len(reps[0].Findings) == 0 {
		t.Fatalf("audit: %+v", reps)
	}
	for _, f := range reps[0].Findings {
		if f.Kind != "unverified" {
			t.Fatalf("audit finds %s: %s", f.Kind, out)
		}
	}
}

// --modelled-only keeps the decks whose every card is modelled; without
// --matches every deck is played once.
func TestGenModelledOnly(t *testing.T) {
	dir := t.TempDir()
	decks := filepath.Join(dir, "decks.jsonl")
	lines := `{"event":"E","date":"2026-07-30","format":"Pauper","result":"1st","main":[{"name":"Forest","count":20},{"name":"Grizzly Bears","count":10}],"side":[]}
{"event":"E","date":"2026-07-30","format":"Pauper","result":"2nd","main":[{"name":"Island","count":20},{"name":"Fylamarid","count":10}],"side":[]}
{"event":"E","date":"2026-07-30","format":"Pauper","result":"3rd","main":[{"name":"Mountain","count":20},{"name":"Lightning Bolt","count":10}],"side":[{"name":"Shock","count":2}]}
`
	if err := os.WriteFile(decks, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "gen", "--decklists", decks, "--out", filepath.Join(dir, "all"))
	wantCode(t, code, exitOK, out, errOut)
	if !strings.HasPrefix(out, "generated 2 matches of 3 decks (") {
		t.Fatalf("stdout %q", out)
	}
	out, errOut, code = runCLI(t, "gen", "--decklists", decks, "--modelled-only", "--out", filepath.Join(dir, "modelled"))
	wantCode(t, code, exitOK, out, errOut)
	if !strings.Contains(errOut, "2 of the 3 decks of "+decks+" have every card modelled") ||
		!strings.HasPrefix(out, "generated 1 matches of 2 decks (") || !strings.Contains(out, ", 0 unverified)") {
		t.Fatalf("stdout %q\nstderr %q", out, errOut)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "modelled", "decks-1.jsonl"))
	if !strings.Contains(string(data), `"name":"deck 1"`) || !strings.Contains(string(data), `"format":"pauper"`) || strings.Contains(string(data), "Fylamarid") {
		t.Fatalf("decks-1.jsonl starts %.300s", data)
	}
	out, errOut, code = runCLI(t, "gen", "--modelled-only", "--out", dir)
	wantCode(t, code, exitUsage, out, errOut)
	out, errOut, code = runCLI(t, "gen", "--decklists", filepath.Join(dir, "none.jsonl"), "--out", dir)
	wantCode(t, code, exitUsage, out, errOut)
}
