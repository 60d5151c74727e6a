package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestRecordFixtures guards `record`: every fixture ends up stored whole with
// a verifying hash chain, the summary names every file and the totals, and a
// second run of the same files stores nothing new.
func TestRecordFixtures(t *testing.T) {
	files := fixtures(t)
	data := t.TempDir()
	total := 0
	for _, f := range files {
		total += countLines(t, f)
	}

	r := runCLI(t, append([]string{"record", "-q", "--data", data}, files...)...)
	if r.code != exitOK {
		t.Fatalf("first record: %v", r)
	}
	for _, f := range files {
		for match, in := range fileMatches(t, f) {
			line := fmt.Sprintf("%s: %s: %d stored", f, match, len(in))
			if !hasSummaryLine(r.stdout, line) {
				t.Errorf("summary lacks %q:\n%s", line, r.stdout)
			}
		}
	}
	wantTotal := fmt.Sprintf("total: %d files, %d inputs: %d stored (0 already), 0 rejected, 0 not published, 0 malformed files",
		len(files), total, total)
	if !strings.Contains(r.stdout, wantTotal) {
		t.Errorf("summary lacks %q:\n%s", wantTotal, r.stdout)
	}
	if r.stderr != "" {
		t.Errorf("-q: stderr not empty:\n%s", r.stderr)
	}

	st := openStoreRO(t, data)
	for _, f := range files {
		checkStored(t, st, f)
	}
	st.Close() // the next record needs the lock

	r = runCLI(t, append([]string{"record", "-q", "--data", data}, files...)...)
	if r.code != exitOK {
		t.Fatalf("second record: %v", r)
	}
	for _, f := range files {
		for match, in := range fileMatches(t, f) {
			line := fmt.Sprintf("%s: %s: %d stored (%d already)", f, match, len(in), len(in))
			if !hasSummaryLine(r.stdout, line) {
				t.Errorf("second summary lacks %q:\n%s", line, r.stdout)
			}
		}
	}
	wantTotal = fmt.Sprintf("total: %d files, %d inputs: %d stored (%d already), 0 rejected",
		len(files), total, total, total)
	if !strings.Contains(r.stdout, wantTotal) {
		t.Errorf("second summary lacks %q:\n%s", wantTotal, r.stdout)
	}

	st = openStoreRO(t, data)
	for _, f := range files {
		checkStored(t, st, f) // still exactly once
	}
}

// hasSummaryLine reports whether out has a line that is line, or line
// followed by the counts of the inputs the rules could not verify
// ("; 5 unverified, 1 disputed").
func hasSummaryLine(out, line string) bool {
	return strings.Contains(out, line+"\n") || strings.Contains(out, line+"; ")
}

// jsonSummary mirrors the documented --json summary; it is declared here, not
// borrowed from the command, so a renamed field breaks the test.
type jsonSummary struct {
	Files []struct {
		File    string `json:"file"`
		Error   string `json:"error"`
		Matches []struct {
			Match       string `json:"match"`
			Inputs      int    `json:"inputs"`
			Stored      int    `json:"stored"`
			Already     int    `json:"already"`
			Rejected    int    `json:"rejected"`
			Unpublished int    `json:"unpublished"`
			Unconfirmed int    `json:"unconfirmed"`
			Untried     int    `json:"untried"`
			Problems    []struct {
				Seq    uint64 `json:"seq"`
				Status string `json:"status"`
				Rule   string `json:"rule"`
				Reason string `json:"reason"`
			} `json:"problems"`
			Unverified int `json:"unverified"`
			Disputed   int `json:"disputed"`
			Checks     []struct {
				Seq    uint64 `json:"seq"`
				Status string `json:"status"`
				Rule   string `json:"rule"`
				Reason string `json:"reason"`
			} `json:"checks"`
		} `json:"matches"`
	} `json:"files"`
	Inputs      int `json:"inputs"`
	Stored      int `json:"stored"`
	Already     int `json:"already"`
	Rejected    int `json:"rejected"`
	Unpublished int `json:"unpublished"`
	Unconfirmed int `json:"unconfirmed"`
	Untried     int `json:"untried"`
	Malformed   int `json:"malformed_files"`
	Unverified  int `json:"unverified"`
	Disputed    int `json:"disputed"`
}

// decodeSummary decodes --json output strictly and checks the documented
// keys are present.
func decodeSummary(t *testing.T, out string) jsonSummary {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	var s jsonSummary
	if err := dec.Decode(&s); err != nil {
		t.Fatalf("--json output does not decode: %v\n%s", err, out)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"files", "inputs", "stored", "already", "rejected", "unpublished", "unconfirmed", "untried", "malformed_files", "unverified", "disputed"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("--json summary lacks %q:\n%s", k, out)
		}
	}
	var files []struct {
		Matches []map[string]json.RawMessage `json:"matches"`
	}
	if err := json.Unmarshal(raw["files"], &files); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		for _, m := range f.Matches {
			for _, k := range []string{"match", "inputs", "stored", "already", "rejected", "unpublished", "unconfirmed", "untried"} {
				if _, ok := m[k]; !ok {
					t.Errorf("--json match summary lacks %q: %v", k, m)
				}
			}
			var problems []map[string]json.RawMessage
			if raw, ok := m["problems"]; ok {
				if err := json.Unmarshal(raw, &problems); err != nil {
					t.Fatal(err)
				}
			}
			for _, p := range problems {
				for _, k := range []string{"seq", "status", "reason"} { // rule only when one applies
					if _, ok := p[k]; !ok {
						t.Errorf("--json problem lacks %q: %v", k, p)
					}
				}
			}
		}
	}
	return s
}

// TestRecordJSON guards the --json summary of `record`: the documented
// fields, per file and per match, with the right counts.
func TestRecordJSON(t *testing.T) {
	files := fixtures(t)
	data := t.TempDir()
	total := 0
	for _, f := range files {
		total += countLines(t, f)
	}
	for round, already := range []int{0, total} {
		r := runCLI(t, append([]string{"record", "--json", "-q", "--data", data}, files...)...)
		if r.code != exitOK {
			t.Fatalf("record %d: %v", round+1, r)
		}
		s := decodeSummary(t, r.stdout)
		if s.Inputs != total || s.Stored != total || s.Already != already || s.Rejected != 0 || s.Unpublished != 0 || s.Malformed != 0 {
			t.Errorf("record %d: totals %+v, want %d inputs, %d stored, %d already", round+1, s, total, total, already)
		}
		if len(s.Files) != len(files) {
			t.Fatalf("record %d: %d files in the summary, want %d", round+1, len(s.Files), len(files))
		}
		for i, f := range s.Files {
			if f.File != files[i] || f.Error != "" {
				t.Errorf("record %d: file %d is %q (error %q), want %q", round+1, i, f.File, f.Error, files[i])
			}
			want := fileMatches(t, files[i])
			if len(f.Matches) != len(want) {
				t.Errorf("%s: %d matches in the summary, want %d", f.File, len(f.Matches), len(want))
			}
			for _, m := range f.Matches {
				n := len(want[m.Match])
				wantAlready := 0
				if already > 0 {
					wantAlready = n
				}
				if n == 0 || m.Inputs != n || m.Stored != n || m.Already != wantAlready || m.Rejected != 0 || m.Unpublished != 0 || len(m.Problems) != 0 {
					t.Errorf("record %d: %s: match %+v, want %d inputs all stored, %d already", round+1, f.File, m, n, wantAlready)
				}
			}
		}
	}
}
