package main

import (
	"strings"
	"testing"
)

// TestRecordMalformedFile guards the all-or-nothing rule for files: a file
// with a bad line 3 is named with its line on stderr, nothing from it is
// stored, the good file given alongside it is stored, and the exit code is 1.
func TestRecordMalformedFile(t *testing.T) {
	start := `{"match":"bad-match","kind":"match_started","actor":"table","body":{"format":"standard","first_player":"p1","players":[{"id":"p1","name":"A","deck":["Forest"]},{"id":"p2","name":"B","deck":["Island"]}]}}`
	pass := `{"match":"bad-match","kind":"pass","actor":"p1","body":{"player":"p1"}}`
	after := `{"match":"bad-match","kind":"pass","actor":"p1","body":{"player":"p1"}}`
	cases := []struct {
		name, line3 string
	}{
		{"unknown kind", `{"match":"bad-match","kind":"teleport","actor":"p2","body":{"player":"p2"}}`},
		{"invalid JSON", `{"match":"bad-match","kind":"pass",`},
		{"wrong-typed field", `{"match":"bad-match","kind":"pass","actor":"p2","body":{"player":42}}`},
	}
	good := fixture(t, "bolt-race.jsonl")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			bad := writeFile(t, dir, "bad.jsonl", start, pass, c.line3, after)
			data := t.TempDir()
			r := runCLI(t, "record", "-q", "--data", data, bad, good)
			if r.code != exitRejected {
				t.Errorf("exit %d, want %d: %v", r.code, exitRejected, r)
			}
			if !strings.Contains(r.stderr, "bad.jsonl:3:") {
				t.Errorf("stderr does not name bad.jsonl:3:\n%s", r.stderr)
			}
			if !strings.Contains(r.stderr, "nothing from "+bad+" is published") {
				t.Errorf("stderr does not say nothing from the file is published:\n%s", r.stderr)
			}
			if strings.Contains(r.stderr, "bolt-race") {
				t.Errorf("stderr blames the good file:\n%s", r.stderr)
			}
			if !strings.Contains(r.stdout, bad+": not published:") {
				t.Errorf("summary does not list the bad file as not published:\n%s", r.stdout)
			}
			if !strings.Contains(r.stdout, "1 malformed files") {
				t.Errorf("summary does not count the malformed file:\n%s", r.stdout)
			}

			st := openStoreRO(t, data)
			if evs := storedEvents(t, st, "bad-match"); evs != nil {
				t.Errorf("%d events of the malformed file's match were stored", len(evs))
			}
			checkStored(t, st, good)
			n, rej, err := st.Counts()
			if err != nil || n != uint64(countLines(t, good)) || rej != 0 {
				t.Errorf("store holds %d events and %d rejections (err %v), want only the good file's %d events", n, rej, err, countLines(t, good))
			}
		})
	}
}
