package reducer

import (
	"fmt"

	"github.com/chronicle-mtg/chronicle/events"
)

// RuleError is an input the rules forbid: who tried what, why not, and the
// rule (a CR number or a RULINGS.md ID).
type RuleError struct {
	Seq    uint64
	Player string // who tried; "table" for table facts
	Action string // "cast Test Bolt"
	Field  string // the input field to blame, if one is
	Reason string
	Rule   string
}

// Error reads like "seq 41: p2 can't cast Test Bolt: p1 has priority (CR 117.3)".
func (e *RuleError) Error() string {
	s := ""
	if e.Seq > 0 {
		s = fmt.Sprintf("seq %d: ", e.Seq)
	}
	s += fmt.Sprintf("%s can't %s: %s", e.Player, e.Action, e.Reason)
	if e.Rule != "" {
		s += " (" + e.Rule + ")"
	}
	return s
}

// EventError gives the rejection in the event log's terms.
func (e *RuleError) EventError(match string) *events.Error {
	return &events.Error{Match: match, Seq: e.Seq, Field: e.Field,
		Reason: fmt.Sprintf("%s can't %s: %s", e.Player, e.Action, e.Reason), Rule: e.Rule}
}

// refuse builds a RuleError for the input being submitted.
func (g *Game) refuse(rule, field, format string, args ...any) *RuleError {
	action := g.action
	if action == "" && g.ev != nil {
		action = describeInput(g.ev) // worked out only when an input is refused
	}
	return &RuleError{Seq: g.seq, Player: g.actor, Action: action, Field: field, Rule: rule, Reason: fmt.Sprintf(format, args...)}
}
