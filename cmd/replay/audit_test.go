package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// auditJSON is audit --json's output as the tests read it.
type auditJSON []struct {
	Match    string `json:"match"`
	OK       bool   `json:"ok"`
	Findings []struct {
		Seq     uint64 `json:"seq"`
		Kind    string `json:"kind"`
		Rule    string `json:"rule"`
		Reason  string `json:"reason"`
		Changes []struct {
			Path   string `json:"path"`
			Before string `json:"before"`
			After  string `json:"after"`
		} `json:"changes"`
	} `json:"findings"`
}

func TestAuditClean(t *testing.T) {
	dir := recordedDir(t, "bolt-race.jsonl", "counter-war.jsonl", "green-red.jsonl")
	out, errOut, code := runCLI(t, "audit", "bolt-race", "--data", dir)
	wantCode(t, code, exitOK, out, errOut)
	if out != "bolt-race: ok, 12 inputs, all re-derived\n" {
		t.Errorf("stdout %q", out)
	}
	out, errOut, code = runCLI(t, "audit", "--all", "--data", dir)
	wantCode(t, code, exitOK, out, errOut)
	if strings.Count(out, ": ok, ") != 3 || !strings.Contains(errOut, "audited 3 matches: 3 clean, 0 findings in 0\n") {
		t.Errorf("--all:\nstdout:\n%s\nstderr:\n%s", out, errOut)
	}
	out, errOut, code = runCLI(t, "audit", fixture("green-red.jsonl"))
	wantCode(t, code, exitOK, out, errOut)
	if !strings.Contains(out, "green-red.jsonl: green-red: ok") {
		t.Errorf("file: %q", out)
	}
}

func TestAuditFindings(t *testing.T) {
	dir := recordedDir(t, "bolt-race.jsonl", "counter-war.jsonl")
	// The record says Lightning Bolt's resolution cost Bob 1 life, not 3.
	replaytest.RewriteEffects(t, dir, "bolt-race", 6, func(effs []reducer.Effect) []reducer.Effect {
		for i := range effs {
			if effs[i].Op == reducer.OpLife {
				effs[i].N = -1
			}
		}
		return effs
	})
	out, errOut, code := runCLI(t, "audit", "--all", "--json", "--data", dir)
	wantCode(t, code, exitFailed, out, errOut)
	var got auditJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(got) != 2 || got[0].Match != "bolt-race" || got[0].OK || !got[1].OK || got[1].Findings == nil {
		t.Fatalf("reports:\n%s", out)
	}
	f := got[0].Findings[0]
	if f.Seq != 6 || f.Kind != "divergence" || f.Rule != replay.RuleEffects || len(f.Changes) != 1 ||
		f.Changes[0].Path != "players.p2.life" || f.Changes[0].Before != "4" || f.Changes[0].After != "2" {
		t.Errorf("finding %+v", f)
	}
	if !strings.Contains(errOut, "audited 2 matches: 1 clean, 1 finding in 1\n") {
		t.Errorf("summary: %q", errOut)
	}
	one, errOut, code := runCLI(t, "audit", "--all", "--json", "--jobs", "1", "--data", dir)
	wantCode(t, code, exitFailed, one, errOut)
	if one != out {
		t.Errorf("--jobs 1 reports differently:\n%s\nthan one per core:\n%s", one, out)
	}
	out, errOut, code = runCLI(t, "audit", "bolt-race", "--data", dir)
	wantCode(t, code, exitFailed, out, errOut)
	for _, want := range []string{"bolt-race: 1 finding, 12 inputs", "seq 6: divergence:", "players.p2.life: 4 -> 2", "(AUDIT-EFFECTS)"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

func TestAuditIllegalFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.jsonl")
	data := `{"match":"m","kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"Alice","deck":["Forest","Keeper of the Crown"]},{"id":"p2","name":"Bob","deck":["Island"]}],"first_player":"p1"}}
{"match":"m","kind":"pass","actor":"p2","body":{"player":"p2"}}
`
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "audit", path)
	wantCode(t, code, exitFailed, out, errOut)
	for _, want := range []string{"2 findings", "seq 1: playtest: Keeper of the Crown (in p1's deck)", "(PT-1)", "line 2, seq 2: illegal: p2 can't pass priority"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

func TestAuditUsage(t *testing.T) {
	dir := recordedDir(t, "bolt-race.jsonl")
	notLog := filepath.Join(t.TempDir(), "notes.jsonl")
	if err := os.WriteFile(notLog, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"audit", "--data", dir}, "give a match, a file or --all"},
		{[]string{"audit", "bolt-race", "--all", "--data", dir}, "not both"},
		{[]string{"audit", "nope", "--data", dir}, "unknown match"},
		{[]string{"audit", notLog}, "notes.jsonl:1"},
		{[]string{"audit", "--all", "--data", t.TempDir()}, "no store"},
		{[]string{"audit", "--all", "--jobs=-1", "--data", dir}, "--jobs -1"},
	} {
		out, errOut, code := runCLI(t, c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.err) {
			t.Errorf("replay %q: exit %d, stderr %q; want exit 2 and %q\nstdout:\n%s", c.args, code, errOut, c.err, out)
		}
	}
}

func TestAuditProgress(t *testing.T) {
	dir := recordedDir(t, "bolt-race.jsonl", "counter-war.jsonl", "opening-hands.jsonl")
	every := auditProgressEvery
	auditProgressEvery = 0
	defer func() { auditProgressEvery = every }()
	out, errOut, code := runCLI(t, "audit", "--all", "--data", dir)
	wantCode(t, code, exitOK, out, errOut)
	if !strings.Contains(errOut, "replay: audited 1/3 matches, 0 findings so far\n") || !strings.Contains(errOut, "audited 2/3") {
		t.Errorf("no progress lines:\n%s", errOut)
	}
	// On a terminal: a bar.
	var bar bytes.Buffer
	p := newAuditProgress(&bar, true, 2)
	p.done(replay.Report{})
	p.done(replay.Report{Findings: []replay.Finding{{}}})
	p.finish()
	if !strings.Contains(bar.String(), "auditing") {
		t.Errorf("bar: %q", bar.String())
	}
}
