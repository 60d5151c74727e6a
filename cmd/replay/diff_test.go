package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/recorder"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// storeBranch makes branch name of the stored match parent after seq at and
// appends bodies to it, each derived by the rules as the recorder would.
func storeBranch(t *testing.T, dir, parent string, at uint64, name string, bodies ...events.Body) {
	t.Helper()
	st, err := store.OpenDir(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.CreateBranch(parent, at, name, ""); err != nil {
		t.Fatal(err)
	}
	g := reducer.New(nil)
	var last *events.Event
	if err := st.Events(name, 1, func(ev *events.Event) error {
		last = ev
		_, err := g.Submit(ev)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var evs []*events.Event
	var ds []*store.Derived
	for _, b := range bodies {
		actor, _ := events.PlayerOf(b)
		ev := &events.Event{Schema: events.SchemaVersion, Match: name, Seq: last.Seq + 1, Kind: b.Kind(), Actor: actor,
			Body: b, Prev: last.Hash, Recorded: last.Recorded + 1e9}
		ev.Seal()
		d, err := recorder.Derive(g, ev)
		if err != nil {
			t.Fatal(err)
		}
		evs, ds, last = append(evs, ev), append(ds, d), ev
	}
	if err := st.AppendBranch(name, evs, ds); err != nil {
		t.Fatal(err)
	}
}

// diffJSON runs diff --json and decodes its output.
func diffJSON(t *testing.T, wantExit int, args ...string) query.DiffReply {
	t.Helper()
	out, errOut, code := runCLI(t, append([]string{"diff", "--json"}, args...)...)
	wantCode(t, code, wantExit, out, errOut)
	var r query.DiffReply
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v in\n%s", err, out)
	}
	return r
}

// A branch that casts Shock where the recorded game cast Lightning Bolt
// parts from it at that seq; the difference is the spell on the stack and
// what is left in hand, as key paths.
func TestDiffBranch(t *testing.T) {
	data := recordedDir(t, "bolt-race.jsonl")
	storeBranch(t, data, "bolt-race", 3, "shock", &events.Cast{Player: "p1", Card: "Shock", Targets: []string{"p2"}})
	out, errOut, code := runCLI(t, "diff", "bolt-race", "shock", "--data", data)
	wantCode(t, code, exitFailed, out, errOut)
	for _, want := range []string{
		"bolt-race and shock part at seq 4:\n",
		`  A bolt-race  seq 4: cast by p1 {"player":"p1","card":"Lightning Bolt","targets":["p2"],"pay":[{"mana":"R"}]}`,
		`  B shock      seq 4: cast by p1 {"player":"p1","card":"Shock","targets":["p2"]}`,
		"state after seq 4 (A -> B), ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	// The spell on the stack differs; each card left in hand is one line.
	for _, want := range []string{
		`(?m)^  stack\.o\d+\.name: "Lightning Bolt" -> "Shock"$`,
		`(?m)^  players\.p1\.hand\.o\d+: \(none\) -> "Lightning Bolt"$`,
		`(?m)^  players\.p1\.hand\.o\d+: "Shock" -> \(none\)$`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("no line matching %s in\n%s", want, out)
		}
	}
	r := diffJSON(t, exitFailed, "bolt-race", "shock", "--data", data)
	if r.Identical || r.PartedAt != 4 || r.At != 4 || r.SeqA != 4 || r.SeqB != 4 || r.InputA.Kind != "cast" || r.InputB == nil || len(r.Changes) == 0 {
		t.Errorf("json: %+v", r)
	}
	// A branch compared with itself, and at a seq before the parting.
	if out, errOut, code := runCLI(t, "diff", "shock", "shock", "--data", data); code != exitOK || !strings.Contains(out, "shock and shock have the same 4 inputs") {
		t.Errorf("a branch with itself: exit %d\n%s%s", code, out, errOut)
	}
	r = diffJSON(t, exitFailed, "bolt-race", "shock", "--data", data, "--at", "3")
	if r.PartedAt != 4 || r.At != 3 || len(r.Changes) != 0 {
		t.Errorf("--at 3: %+v", r)
	}
}

// A stored match and the file it was recorded from have the same inputs
// (recorded times and hashes aside); a file that stops early parts where
// it stops, its state compared at its end.
func TestDiffFiles(t *testing.T) {
	data := recordedDir(t, "bolt-race.jsonl")
	out, errOut, code := runCLI(t, "diff", "bolt-race", fixture("bolt-race.jsonl"), "--data", data)
	wantCode(t, code, exitOK, out, errOut)
	if out != "bolt-race and bolt-race have the same 12 inputs\n" {
		t.Errorf("stdout %q", out)
	}
	out, errOut, code = runCLI(t, "diff", "bolt-race", fixture("bolt-race.jsonl"), "--data", data, "--at", "6")
	wantCode(t, code, exitOK, out, errOut)
	if !strings.Contains(out, "state after seq 6: no difference") {
		t.Errorf("stdout %q", out)
	}

	text, err := os.ReadFile(fixture("bolt-race.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(text), "\n")
	short := filepath.Join(t.TempDir(), "short.jsonl")
	if err := os.WriteFile(short, []byte(strings.Join(lines[:5], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = runCLI(t, "diff", short, fixture("bolt-race.jsonl"))
	wantCode(t, code, exitFailed, out, errOut)
	for _, want := range []string{
		"bolt-race and bolt-race part at seq 6:\n",
		"  A bolt-race  seq 6: none, its last input is seq 5\n",
		`  B bolt-race  seq 6: pass by p2 {"player":"p2"}`,
		"state A after seq 5, B after seq 6 (A -> B)",
		"players.p2.life: 5 -> 2",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}

func TestDiffErrors(t *testing.T) {
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
		{[]string{"bolt-race", "m9", "--data", data}, `unknown match "m9"`},
		{[]string{"bolt-race", two, "--data", data}, "holds 2 matches: diff compares files of one match"},
		{[]string{"bolt-race", fixture("bolt-race.jsonl"), "--data", data, "--at", "13"}, "--at: seq 13 is past the end of match bolt-race: its last input is seq 12"},
		{[]string{"bolt-race", fixture("bolt-race.jsonl"), "--data", data, "--at", "0"}, "--at: seqs count from 1"},
		{[]string{"bolt-race", "bolt-race", "--data", t.TempDir()}, "no store"},
		{[]string{"bolt-race"}, "expected"},
	} {
		out, errOut, code := runCLI(t, append([]string{"diff"}, c.args...)...)
		if code != exitUsage || !strings.Contains(errOut, c.err) {
			t.Errorf("diff %q: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 2 and %q", c.args, code, out, errOut, c.err)
		}
	}
}
