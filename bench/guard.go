package bench

import "fmt"

// Collapse lines. `replay bench --guard` (run by .ci/run on the quick
// corpus) fails when a figure falls past its line: a collapse, not a
// regression of a few percent, which a loaded 2-core machine can't tell
// from noise. Each line is judged on the figure's ratio to its baseline
// measured in the same run where it has one, so the machine's load moves
// both sides. Where a target holds, the line is half the target (twice,
// for a ceiling); where it doesn't hold yet, half of today's ratio, so a
// large regression still fails.
type collapse struct {
	below, above float64 // the ratio's floor or ceiling; 0: none
	onValue      bool    // judge the value, not the ratio
	why          string
}

var collapseLines = map[string]collapse{
	"ingest":          {below: 0.3, why: "half the 0.6x target"},
	"replay_effects":  {below: 0.4, why: "half the 0.8x target of raw decoding"},
	"replay_rules":    {below: 0.045, why: "half of 0.09x to raw decoding, its ratio when the line was set; the target is a rate, 1M inputs/s"},
	"seek_median":     {above: 2, onValue: true, why: "twice the 1 ms target"},
	"replay_heap":     {above: 4, onValue: true, why: "a leak of 400 bytes an input over 10,000; the target is 1.5x + 1 MiB of a tenth of them"},
	"bytes_per_input": {above: 4, why: "twice the 2x target"},
}

// judge sets f's collapse line and whether it fell past it.
func judge(f *Figure) {
	c, ok := collapseLines[f.Key]
	if !ok {
		return
	}
	v, what := f.Ratio, "x"
	if c.onValue {
		v, what = f.Value, " "+f.Unit
	}
	switch {
	case c.below > 0:
		f.Collapse = fmt.Sprintf("< %g%s (%s)", c.below, what, c.why)
		f.Collapsed = v < c.below
	case c.above > 0:
		f.Collapse = fmt.Sprintf("> %g%s (%s)", c.above, what, c.why)
		f.Collapsed = v > c.above
	}
}

// Collapsed lists the figures that fell past their collapse line.
func (r *Report) Collapsed() []Figure {
	var out []Figure
	for _, f := range r.Figures {
		if f.Collapsed {
			out = append(out, f)
		}
	}
	return out
}
