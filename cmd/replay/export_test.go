package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// Export, record the export into a fresh store, export again: same bytes.
func TestExportRoundTrip(t *testing.T) {
	first := storeDir(t)
	out, errOut, code := runCLI(t, "export", "m1", "--data", first, "--format", "jsonl")
	wantCode(t, code, exitOK, out, errOut)
	m1, _, _ := matches()
	if n := strings.Count(out, "\n"); n != len(m1) {
		t.Fatalf("%d lines, want %d:\n%s", n, len(m1), out)
	}
	path := filepath.Join(t.TempDir(), "m1.jsonl")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	lines, err := events.ReadJSONLFile(path, events.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var evs []*events.Event
	for _, l := range lines {
		evs = append(evs, l.Event)
	}
	second := t.TempDir()
	replaytest.Commit(t, second, evs)
	again, errOut, code := runCLI(t, "export", "--data", second, "m1")
	wantCode(t, code, exitOK, again, errOut)
	if again != out {
		t.Errorf("second export differs:\n%s\nfirst:\n%s", again, out)
	}
	first1 := strings.SplitN(out, "\n", 2)[0]
	if want := `{"schema":1,"match":"m1","seq":1,"kind":"match_started","actor":"table","recorded":"2024-05-01T12:00:00Z",`; !strings.HasPrefix(first1, want) ||
		!strings.HasSuffix(first1, `"hash":"`+m1[0].Hash.String()+`"}`) {
		t.Errorf("first line: %s", first1)
	}
}

func TestExportErrors(t *testing.T) {
	dir := storeDir(t)
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"m9", "--data", dir}, `unknown match "m9"`},
		{[]string{"m1", "--data", dir, "--format", "pdf"}, `unknown export format "pdf" (supported: jsonl, text, setup, forge, xmage-test, html)`},
		{[]string{"m1", "--data", t.TempDir(), "--format", "text"}, `no store at`},
		{[]string{"--data", dir}, "expected \"<MATCH|FILE.jsonl>\""},
		{[]string{"m1", "--data", dir, "--at", "11"}, "seq 11 is past the end of match m1: its last input is seq 10"},
		{[]string{"m1", "--data", dir, "--at", "0"}, "--at: seqs count from 1"},
		{[]string{"m1", "--data", dir, "--as", "p1"}, "a jsonl export holds every card of the log; --format text tells what p1 could see"},
		{[]string{"m1", "--data", dir, "--format", "setup", "--as", "Bob"}, "only a judge sees the whole log"},
		{[]string{"m1", "--data", dir, "--format", "text", "--as", "Zed"}, `"Zed" is not a player of match m1`},
		{[]string{"m1", "m2", "--data", dir}, "unexpected argument m2"},
	} {
		out, errOut, code := runCLI(t, append([]string{"export"}, c.args...)...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, c.err) {
			t.Errorf("export %q: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit 2, no output and %q", c.args, code, out, errOut, c.err)
		}
	}
}
