package replay

import (
	"fmt"
	"io"
	"strconv"
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
	if r.Match == "" && r.File == "" {
		// AuditStore's report, about the store as a whole.
		b.WriteString("store: " + plural(uint64(len(r.Findings)), "finding") + "\n")
		for _, f := range r.Findings {
			b.WriteString("  " + f.String() + "\n")
		}
		_, err := io.WriteString(w, b.String())
		return err
	}
	if r.OK {
		b.WriteString("ok, ")
	} else {
		b.WriteString(plural(uint64(len(r.Findings)), "finding") + ", ")
	}
	b.WriteString(plural(r.Inputs, "input"))
	if r.Rederived == r.Inputs {
		b.WriteString(", all re-derived")
	} else {
		fmt.Fprintf(&b, ", %d re-derived", r.Rederived)
	}
	if sh := r.Share; sh.Unverified+sh.Disputed > 0 {
		fmt.Fprintf(&b, "; %d verified by the rules (%s), %d unverified, %d disputed", sh.Verified, sh.Percent(), sh.Unverified, sh.Disputed)
	}
	b.WriteString("\n")
	for _, d := range r.Declared {
		b.WriteString("  declares " + d.String() + "\n")
	}
	for _, f := range r.Findings {
		b.WriteString("  ")
		if f.Line > 0 && f.Seq > 0 {
			fmt.Fprintf(&b, "line %d, ", f.Line)
		}
		b.WriteString(f.String() + "\n")
		for _, e := range f.Table {
			b.WriteString("      table: " + e.String() + "\n")
		}
		for _, e := range f.Engine {
			b.WriteString("      rules: " + e.String() + "\n")
		}
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

// String reads like "Test Shock (a token, 1 ability given as data)".
func (d DeclaredCard) String() string {
	var parts []string
	if d.Token {
		parts = append(parts, "a token")
	}
	if d.Playtest {
		parts = append(parts, "a playtest card")
	}
	if d.From == "oracle_text" {
		parts = append(parts, "its Oracle text compiled")
	} else {
		n := "1 ability"
		if d.Abilities != 1 {
			n = strconv.Itoa(d.Abilities) + " abilities"
		}
		parts = append(parts, n+" given as data")
	}
	return d.Name + " (" + strings.Join(parts, ", ") + ")"
}
