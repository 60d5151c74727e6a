package events_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

const (
	startM1 = `{"match":"m1","kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"Alice","deck":["Forest"]},{"id":"p2","name":"Bob","deck":["Island"]}]}}`
	startM2 = `{"match":"m2","kind":"match_started","actor":"table","body":{"format":"pauper","players":[{"id":"p1","name":"Cleo","deck":["Swamp"]}]}}`
	passM1  = `{"match":"m1","kind":"pass","actor":"p1","body":{"player":"p1"}}`
	passM2  = `{"match":"m2","kind":"pass","actor":"p1","body":{"player":"p1"}}`
)

// readString reads JSON Lines from s as file f.jsonl.
func readString(s string, opt events.ReadOptions) ([]events.Line, error) {
	return events.ReadJSONL(strings.NewReader(s), "f.jsonl", opt)
}

// TestReadJSONLInterleaved guards per-match sequencing: two matches in one
// file each count their own seqs, and every event keeps its file and line.
func TestReadJSONLInterleaved(t *testing.T) {
	in := strings.Join([]string{startM1, startM2, passM1, passM2, passM1, passM1}, "\n")
	lines, err := readString(in, events.ReadOptions{})
	if err != nil {
		t.Fatalf("ReadJSONL: %v", err)
	}
	want := []struct {
		match string
		seq   uint64
	}{{"m1", 1}, {"m2", 1}, {"m1", 2}, {"m2", 2}, {"m1", 3}, {"m1", 4}}
	if len(lines) != len(want) {
		t.Fatalf("got %d events, want %d", len(lines), len(want))
	}
	for i, w := range want {
		l := lines[i]
		if l.Event.Match != w.match || l.Event.Seq != w.seq || l.Line != i+1 || l.File != "f.jsonl" {
			t.Errorf("line %d: got %s seq %d at %s:%d, want %s seq %d at f.jsonl:%d",
				i+1, l.Event.Match, l.Event.Seq, l.File, l.Line, w.match, w.seq, i+1)
		}
	}
}

// TestReadJSONLBlankLines guards tolerance of hand-written files: blank and
// space-only lines, CRLF endings and a missing final newline are fine, and
// line numbers still count the blank lines.
func TestReadJSONLBlankLines(t *testing.T) {
	in := "\n" + startM1 + "\r\n  \t\n\n" + passM1 + "\n\n" + passM1
	lines, err := readString(in, events.ReadOptions{})
	if err != nil {
		t.Fatalf("ReadJSONL: %v", err)
	}
	var got []string
	for _, l := range lines {
		got = append(got, fmt.Sprintf("%d@%d", l.Event.Seq, l.Line))
	}
	if want := "1@2 2@5 3@7"; strings.Join(got, " ") != want {
		t.Errorf("seq@line = %s, want %s", strings.Join(got, " "), want)
	}

	empty, err := readString("\n \n", events.ReadOptions{})
	if err != nil || len(empty) != 0 {
		t.Errorf("blank file: %d events, err %v; want none and no error", len(empty), err)
	}
}

// TestReadJSONLErrors guards error reporting: the first bad line stops the
// read, the error names file and line, and no events come back.
func TestReadJSONLErrors(t *testing.T) {
	cases := []struct {
		name     string
		in       string
		opt      events.ReadOptions
		where    string
		rule     string
		contains string
	}{
		{"bad_json", startM1 + "\n" + passM1 + "\n{\"match\":", events.ReadOptions{}, "f.jsonl:3:", events.RuleDecode, "unexpected end of input"},
		{"bad_body", startM1 + "\n\n" + `{"match":"m1","kind":"pass","actor":"p1","body":{}}`, events.ReadOptions{}, "f.jsonl:3:", events.RuleBody, "body.player: missing"},
		{"gap", startM1 + "\n" + passM1 + "\n" + `{"match":"m1","seq":5,"kind":"pass","actor":"p1","body":{"player":"p1"}}`, events.ReadOptions{}, "f.jsonl:3:", events.RuleSeq, "gap: expected seq 3, got 5"},
		{"not_started", startM1 + "\n" + passM1 + "\n" + passM2, events.ReadOptions{}, "f.jsonl:3:", events.RuleStart, "must be match_started"},
		{"started_twice", startM1 + "\n" + passM1 + "\n" + startM1, events.ReadOptions{}, "f.jsonl:3:", events.RuleStart, "already"},
		{"fragment_gap", `{"match":"m1","seq":40,"kind":"pass","actor":"p1","body":{"player":"p1"}}` + "\n" + passM1 + "\n" + `{"match":"m1","seq":43,"kind":"pass","actor":"p1","body":{"player":"p1"}}`, events.ReadOptions{Fragment: true}, "f.jsonl:3:", events.RuleSeq, "expected seq 42, got 43"},
		{"too_long", startM1 + "\n" + passM1 + "\n" + strings.Repeat(" ", events.MaxInputSize+1) + passM1, events.ReadOptions{}, "f.jsonl:3:", events.RuleSize, "input limit"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lines, err := readString(c.in, c.opt)
			if err == nil {
				t.Fatalf("accepted %d events", len(lines))
			}
			if lines != nil {
				t.Errorf("returned %d events with the error", len(lines))
			}
			if !strings.Contains(err.Error(), c.where) || !strings.Contains(err.Error(), c.contains) {
				t.Errorf("error %q lacks %q or %q", err, c.where, c.contains)
			}
			ee := asError(t, err)
			if ee.File != "f.jsonl" || ee.Line != 3 || ee.Rule != c.rule {
				t.Errorf("File %q Line %d Rule %q, want f.jsonl 3 %s", ee.File, ee.Line, ee.Rule, c.rule)
			}
		})
	}
}

// TestReadJSONLFragment guards continuation files: with Fragment each match
// may begin past seq 1, and unnumbered lines continue from there (an
// unnumbered first line is still seq 1).
func TestReadJSONLFragment(t *testing.T) {
	in := `{"match":"m1","seq":40,"kind":"pass","actor":"p1","body":{"player":"p1"}}` + "\n" + passM1 + "\n" + startM2
	lines, err := readString(in, events.ReadOptions{Fragment: true})
	if err != nil {
		t.Fatalf("ReadJSONL: %v", err)
	}
	var got []string
	for _, l := range lines {
		got = append(got, fmt.Sprintf("%s:%d", l.Event.Match, l.Event.Seq))
	}
	if want := "m1:40 m1:41 m2:1"; strings.Join(got, " ") != want {
		t.Errorf("seqs %s, want %s", strings.Join(got, " "), want)
	}
}

// TestWriteReadJSONL guards the file form as a lossless store: writing
// events and reading them back gives byte-identical lines and identical
// canonical encodings, sealed chains included.
func TestWriteReadJSONL(t *testing.T) {
	// m3 (one event of every valid line, numbered) interleaved with a sealed
	// chain of m1.
	m3 := []*events.Event{mustParse(t, strings.Replace(startM1, `"m1"`, `"m3"`, 1))}
	for _, c := range validLines {
		e := mustParse(t, c.line)
		if e.Kind == events.KindMatchStarted || e.Match != "m1" {
			continue // one match_started per match
		}
		e.Match, e.Prev, e.Hash = "m3", events.Hash{}, events.Hash{}
		m3 = append(m3, e)
	}
	for i, e := range m3 {
		e.Seq = uint64(i + 1)
	}
	evs := append(m3[:1:1], sealedChain(4)...)
	evs = append(evs, m3[1:]...)

	var file bytes.Buffer
	if err := events.WriteJSONL(&file, evs); err != nil {
		t.Fatalf("WriteJSONL: %v", err)
	}
	lines, err := events.ReadJSONL(bytes.NewReader(file.Bytes()), "w.jsonl", events.ReadOptions{})
	if err != nil {
		t.Fatalf("ReadJSONL of written file: %v\n%s", err, file.Bytes())
	}
	if len(lines) != len(evs) {
		t.Fatalf("read %d events, wrote %d", len(lines), len(evs))
	}
	back := make([]*events.Event, len(lines))
	for i, l := range lines {
		back[i] = l.Event
		if !bytes.Equal(l.Event.MarshalMsgpack(), evs[i].MarshalMsgpack()) {
			t.Errorf("line %d: canonical encoding changed", l.Line)
		}
	}
	var again bytes.Buffer
	if err := events.WriteJSONL(&again, back); err != nil {
		t.Fatalf("WriteJSONL again: %v", err)
	}
	if !bytes.Equal(again.Bytes(), file.Bytes()) {
		t.Errorf("second write differs:\n%s\nvs\n%s", again.Bytes(), file.Bytes())
	}
	if n := bytes.Count(file.Bytes(), []byte("\n")); n != len(evs) {
		t.Errorf("%d newlines for %d events", n, len(evs))
	}
}

// TestReadJSONLFile guards the path-based reader: errors carry the path.
func TestReadJSONLFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(path, []byte(startM1+"\n"+passM2+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := events.ReadJSONLFile(path, events.ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), path+":2:") {
		t.Errorf("err = %v, want it to name %s:2", err, path)
	}
	if _, err := events.ReadJSONLFile(filepath.Join(t.TempDir(), "missing.jsonl"), events.ReadOptions{}); err == nil {
		t.Errorf("missing file: no error")
	}
}
