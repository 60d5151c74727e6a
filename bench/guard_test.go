package bench

import "testing"

// A figure past its collapse line is collapsed, judged on its ratio to
// its baseline or, for seeks, on its value; one short of it, or without a
// line, is not.
func TestJudgeCollapse(t *testing.T) {
	r := &Report{}
	r.add(Figure{Key: "replay_effects", Value: 300, Baseline: 1000})         // 0.3x < 0.4x
	r.add(Figure{Key: "ingest", Value: 31, Baseline: 100})                   // 0.31x >= 0.3x
	r.add(Figure{Key: "bytes_per_input", Value: 700, Baseline: 166})         // 4.2x > 4x
	r.add(Figure{Key: "seek_median", Value: 1.5, Unit: "ms", Baseline: 0.1}) // 1.5 ms <= 2 ms, ratio 15x
	r.add(Figure{Key: "seek_p99", Value: 50, Baseline: 1})                   // no line
	r.judgeAll()
	got := map[string]bool{}
	for _, f := range r.Collapsed() {
		got[f.Key] = true
	}
	want := map[string]bool{"replay_effects": true, "bytes_per_input": true}
	if len(got) != len(want) || !got["replay_effects"] || !got["bytes_per_input"] {
		t.Errorf("collapsed %v, want %v", got, want)
	}
	if r.Figures[0].Collapse == "" || r.Figures[4].Collapse != "" {
		t.Errorf("collapse lines %q, %q", r.Figures[0].Collapse, r.Figures[4].Collapse)
	}
}
