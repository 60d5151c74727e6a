package reducer

import "strings"

// describeVerification is how a scenario prints an input the rules
// couldn't verify: its status, cards, rule and reason, and for a dispute
// both versions.
func describeVerification(v Verification) []string {
	line := v.Status
	if len(v.Cards) > 0 {
		line += " (" + strings.Join(v.Cards, ", ") + ")"
	}
	out := []string{line + " " + v.Rule + ": " + v.Reason}
	for _, e := range v.Table {
		out = append(out, "  table: "+e.String())
	}
	for _, e := range v.Engine {
		out = append(out, "  rules: "+e.String())
	}
	return out
}
