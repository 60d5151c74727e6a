package replay

import (
	"fmt"
	"io"
	"strings"
)

// AuditChangesShown is how many state changes of a divergence the text
// report lists; the JSON form lists them all.
const AuditChangesShown = 20

// WriteText prints the report for people: a header line, then one line per
// finding and, under a divergence, its state changes as key paths:
//
//	m1: 2 findings, 40 inputs, 40 re-derived
//	  seq 7: divergence: the recorded effects differ from today's rules: ... (AUDIT-EFFECTS)
//	      battlefield.o41.counters.+1/+1: 1 -> 2
//	  seq 1: playtest: Keeper of the Crown // ... (PT-1)
//	bolt-race: ok, 12 inputs, all re-derived
func (r Report) WriteText(w io.Writer) error {
	var b strings.Builder
	if r.File != "" {
		b.WriteString(r.File + ": ")
	}
	if r.Match != "" {
		b.WriteString(r.Match + ": ")
	}
	if r.OK {
		b.WriteString("ok, ")
	} else {
		b.WriteString(plural(uint64(len(r.Findings)), "finding") + ", ")
	}
	b.WriteString(plural(r.Inputs, "input"))
	if r.Rederived == r.Inputs {
		b.WriteString(", all re-derived\n")
	} else {
		fmt.Fprintf(&b, ", %d re-derived\n", r.Rederived)
	}
	for _, f := range r.Findings {
		b.WriteString("  ")
		if f.Line > 0 && f.Seq > 0 {
			fmt.Fprintf(&b, "line %d, ", f.Line)
		}
		b.WriteString(f.String() + "\n")
		for i, c := range f.Changes {
			if i == AuditChangesShown {
				fmt.Fprintf(&b, "      ... and %d more (--json lists them all)\n", len(f.Changes)-i)
				break
			}
			b.WriteString("      " + c.String() + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
