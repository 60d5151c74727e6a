package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Figure is one measured figure with the baseline it is judged against.
type Figure struct {
	// Key names the figure in the JSON form ("ingest_inputs_per_s").
	Key string `json:"-"`
	// What says what was measured.
	What     string  `json:"what"`
	Value    float64 `json:"value"`
	Unit     string  `json:"unit"`
	Baseline float64 `json:"baseline"`
	// BaselineWhat says what the baseline is.
	BaselineWhat string `json:"baseline_what"`
	// Ratio is Value / Baseline.
	Ratio float64 `json:"ratio"`
	// Target is the target, if any, and Holds whether it holds.
	Target string `json:"target,omitempty"`
	Holds  *bool  `json:"holds,omitempty"`
	// Collapse is the line past which `replay bench --guard` fails
	// (guard.go), and Collapsed whether the figure is past it.
	Collapse  string `json:"collapse,omitempty"`
	Collapsed bool   `json:"collapsed,omitempty"`
}

// Report is the outcome of a run.
type Report struct {
	Matches int      // matches in the tournament
	Inputs  int      // their inputs
	Games   int      // their games
	Figures []Figure // in the order measured
}

// add appends a figure, computing its ratio.
func (r *Report) add(f Figure) {
	if f.Baseline != 0 {
		f.Ratio = f.Value / f.Baseline
	}
	r.Figures = append(r.Figures, f)
}

// judgeAll sets every figure's collapse line, once all are measured.
func (r *Report) judgeAll() {
	for i := range r.Figures {
		judge(&r.Figures[i])
	}
}

// holds is a bool's address, for Figure.Holds.
func holds(b bool) *bool { return &b }

// MarshalJSON gives one object: the corpus, and one key per figure.
func (r Report) MarshalJSON() ([]byte, error) {
	m := map[string]any{"matches": r.Matches, "inputs": r.Inputs, "games": r.Games}
	for _, f := range r.Figures {
		m[f.Key] = f
	}
	return json.Marshal(m)
}

// WriteText writes the report as a table.
func (r Report) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "tournament: %d matches, %d games, %d inputs\n\n", r.Matches, r.Games, r.Inputs)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "figure\tvalue\tbaseline\tratio\ttarget")
	for _, f := range r.Figures {
		target := f.Target
		if f.Holds != nil {
			target += map[bool]string{true: ": holds", false: ": MISSED"}[*f.Holds]
		}
		if f.Collapsed {
			target += "; COLLAPSED past " + f.Collapse
		}
		fmt.Fprintf(tw, "%s\t%s %s\t%s (%s)\t%.2fx\t%s\n", f.What, num(f.Value), f.Unit, num(f.Baseline), f.BaselineWhat, f.Ratio, target)
	}
	return tw.Flush()
}

// num prints a figure with sensible precision.
func num(v float64) string {
	switch {
	case v >= 1000:
		s := fmt.Sprintf("%.0f", v)
		var b strings.Builder
		for i, c := range s {
			if i > 0 && (len(s)-i)%3 == 0 {
				b.WriteByte(',')
			}
			b.WriteRune(c)
		}
		return b.String()
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.3f", v)
}
