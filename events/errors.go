package events

import (
	"fmt"
	"strings"
)

// Rule codes for the checks this package makes. The reducer adds CR numbers and
// RULINGS.md IDs; these name the log's own rules, documented in the README.
const (
	RuleDecode   = "LOG-DECODE"   // bytes that are not an event
	RuleSize     = "LOG-SIZE"     // larger than MaxInputSize
	RuleKind     = "LOG-KIND"     // unknown kind
	RuleBody     = "LOG-BODY"     // missing, extra or wrong-typed field
	RuleStart    = "LOG-START"    // match_started must come first, once
	RuleSeq      = "LOG-SEQ"      // seq is gapless from 1
	RuleChain    = "LOG-CHAIN"    // prev and hash chain the events
	RuleConflict = "LOG-CONFLICT" // a different input at a stored seq
	RuleActor    = "LOG-ACTOR"    // the actor is the table or a player of the match
)

// MaxInputSize is the largest encoded input the recorder accepts, in bytes.
// NATS itself refuses messages over its max_payload (1 MiB by default) at
// publish time; anything between the two reaches the recorder and is kept in
// the rejection log.
const MaxInputSize = 256 << 10

// FieldError names a field, by its JSON path, and what is wrong with it.
type FieldError struct {
	Field  string
	Reason string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Reason }

func fieldErr(field, format string, args ...any) *FieldError {
	return &FieldError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// under prefixes a nested field path.
func (e *FieldError) under(prefix string) *FieldError {
	if e == nil {
		return nil
	}
	return &FieldError{Field: prefix + "." + e.Field, Reason: e.Reason}
}

// Error is a rejected event: where it was, which field, why, and the rule.
type Error struct {
	File   string // source file, when read from one
	Line   int    // 1-based line in File, 0 when not from a file
	Match  string
	Seq    uint64
	Field  string // JSON path of the offending field, if one is to blame
	Reason string
	Rule   string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("events: ")
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
		}
		b.WriteString(": ")
	} else if e.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	switch {
	case e.Match != "" && e.Seq > 0:
		fmt.Fprintf(&b, "%s seq %d: ", e.Match, e.Seq)
	case e.Match != "":
		fmt.Fprintf(&b, "%s: ", e.Match)
	case e.Seq > 0:
		fmt.Fprintf(&b, "seq %d: ", e.Seq)
	}
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Reason)
	if e.Rule != "" {
		fmt.Fprintf(&b, " (%s)", e.Rule)
	}
	return b.String()
}

// validID reports whether s can name a match or a player: it becomes a NATS
// subject token, so letters, digits, '-' and '_' only.
func validID(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

const idRule = "letters, digits, '-' and '_', 1 to 64 characters"

// ValidMatchID reports whether s is a usable match id.
func ValidMatchID(s string) bool { return validID(s) }
