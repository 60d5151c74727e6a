package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// bigMatch writes a match of 3001 inputs: match_started, then 3000 passes
// alternating between p1 and p2.
func bigMatch(t *testing.T) (path string, n int) {
	t.Helper()
	lines := []string{`{"match":"big","kind":"match_started","actor":"table","body":{"format":"standard","first_player":"p1","players":[{"id":"p1","name":"A","deck":["Forest"]},{"id":"p2","name":"B","deck":["Island"]}]}}`}
	for i := 0; i < 3000; i++ {
		p := []string{"p1", "p2"}[i%2]
		lines = append(lines, fmt.Sprintf(`{"match":"big","kind":"pass","actor":%q,"body":{"player":%q}}`, p, p))
	}
	return writeFile(t, t.TempDir(), "big.jsonl", lines...), len(lines)
}

var progressLine = regexp.MustCompile(`^recorder: \d+/3001 inputs have a verdict$`)

// TestRecordProgress guards `record` of a large file (with --no-rules: passes
// alone are no game the rules engine accepts): everything stored, any
// progress on a non-terminal stderr is plain "inputs have a verdict" lines
// (printed only after 2s, so their presence is not asserted), and -q keeps
// stderr empty.
func TestRecordProgress(t *testing.T) {
	file, n := bigMatch(t)
	want := fmt.Sprintf("total: 1 files, %d inputs: %d stored (0 already), 0 rejected", n, n)

	t.Run("progress", func(t *testing.T) {
		data := t.TempDir()
		r := runCLI(t, "record", "--no-rules", "--data", data, file)
		if r.code != exitOK {
			t.Fatalf("record: %v", r)
		}
		if !strings.Contains(r.stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, r.stdout)
		}
		for _, l := range strings.Split(strings.TrimRight(r.stderr, "\n"), "\n") {
			if l != "" && !progressLine.MatchString(l) {
				t.Errorf("stderr line %q is not a progress line", l)
			}
		}
		st := openStoreRO(t, data)
		checkStored(t, st, file)
	})

	t.Run("quiet", func(t *testing.T) {
		data := filepath.Join(t.TempDir(), "new", "data") // a dir that does not exist yet
		r := runCLI(t, "record", "--no-rules", "-q", "--data", data, file)
		if r.code != exitOK {
			t.Fatalf("record -q: %v", r)
		}
		if !strings.Contains(r.stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, r.stdout)
		}
		if r.stderr != "" {
			t.Errorf("-q: stderr not empty:\n%s", r.stderr)
		}
	})
}

// TestProgressLines guards the progress reporter itself: on a non-terminal
// stderr a "done/total inputs have a verdict" line every two seconds, on a
// terminal a bar, and nothing when quiet.
func TestProgressLines(t *testing.T) {
	var plain, bar, quiet syncBuffer
	pp := newProgress(&env{stderr: &plain}, 10, false)
	pb := newProgress(&env{stderr: &bar, stderrTTY: true}, 10, false)
	pq := newProgress(&env{stderr: &quiet}, 10, true)
	for i := 0; i < 3; i++ {
		pp.add()
		pb.add()
		pq.add()
	}
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(plain.String(), "\n") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	pp.finish()
	pb.finish()
	pq.finish()
	if got := plain.String(); !strings.HasPrefix(got, "recorder: 3/10 inputs have a verdict\n") {
		t.Errorf("non-terminal progress %q, want a line \"recorder: 3/10 inputs have a verdict\"", got)
	}
	if !strings.Contains(bar.String(), "inputs") {
		t.Errorf("terminal progress wrote no bar: %q", bar.String())
	}
	if quiet.String() != "" {
		t.Errorf("quiet progress wrote %q", quiet.String())
	}
}
