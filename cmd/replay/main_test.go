package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// runCLI runs the command in-process and returns what it printed and its exit
// code.
func runCLI(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return out.String(), errOut.String(), code
}

// wantCode fails the test unless the exit code is want, showing the output.
func wantCode(t *testing.T, code, want int, stdout, stderr string) {
	t.Helper()
	if code != want {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, want, stdout, stderr)
	}
}

// matches builds three sealed matches: m1 (Alice v Bob at FNM), m2 (Carol v
// Dave, a day later) and m3 (Carol v Alice).
func matches() (m1, m2, m3 []*events.Event) {
	m1 = replaytest.Match(replaytest.Spec{Match: "m1", Event: "FNM", Passes: 3})
	m2 = replaytest.Match(replaytest.Spec{Match: "m2", Format: "modern", Players: [2]string{"Carol", "Dave"}, Start: replaytest.Start.Add(24 * time.Hour)})
	m3 = replaytest.Match(replaytest.Spec{Match: "m3", Players: [2]string{"Carol", "Alice"}, Passes: 1})
	return
}

// storeDir commits the three matches into a fresh store and returns its
// data directory.
func storeDir(t *testing.T) string {
	t.Helper()
	m1, m2, m3 := matches()
	dir := t.TempDir()
	replaytest.Commit(t, dir, replaytest.Concat(m1, m2, m3))
	return dir
}

func TestUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		out  string // in stdout
		err  string // in stderr
	}{
		{nil, exitUsage, "", "expected one of"},
		{[]string{"frobnicate"}, exitUsage, "", "Run `replay --help`"},
		{[]string{"--help"}, exitOK, "Usage: replay <command>", ""},
		{[]string{"verify", "--help"}, exitOK, "--json", ""},
		{[]string{"export"}, exitUsage, "", "Run `replay export --help`"},
		{[]string{"list", "--bogus"}, exitUsage, "", "unknown flag --bogus"},
		{[]string{"list", "--wait", "soon"}, exitUsage, "", "--wait"},
	} {
		out, errOut, code := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(out, c.out) || !strings.Contains(errOut, c.err) {
			t.Errorf("replay %q: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit %d, stdout with %q, stderr with %q",
				c.args, code, out, errOut, c.code, c.out, c.err)
		}
	}
}
