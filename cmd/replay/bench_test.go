package main

import (
	"bytes"
	"encoding/json"
	"testing"
)

// bench --quick --json on a tiny corpus gives one object with every
// figure, each with its baseline and ratio. Timings are not asserted.
func TestBenchQuickJSON(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"bench", "--quick", "--json", "--matches", "3", "--long", "300", "--data", t.TempDir()}, &out, &errb)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errb.String())
	}
	var rep map[string]json.RawMessage
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, k := range []string{"matches", "inputs", "games", "ingest", "ingest_packed", "tournament_ingest", "replay_effects", "replay_rules",
		"seek_median", "seek_p99", "seek_first_median", "seek_first_p99", "tournament_audit", "audit_peak_heap", "replay_heap", "bytes_per_input"} {
		if rep[k] == nil {
			t.Errorf("no %q in %s", k, out.String())
			continue
		}
		if k == "matches" || k == "inputs" || k == "games" {
			continue
		}
		var f map[string]any
		json.Unmarshal(rep[k], &f)
		for _, field := range []string{"value", "unit", "baseline", "baseline_what", "ratio"} {
			if _, ok := f[field]; !ok {
				t.Errorf("%s has no %s: %s", k, field, rep[k])
			}
		}
	}
}
