package bus

import (
	"strings"
)

// Names of the stream and the recorder's consumer.
const (
	StreamName   = "CHRONICLE_IN"
	ConsumerName = "recorder"
	InWildcard   = "chronicle.match.*.in"
	StatusWild   = "chronicle.match.*.status"
)

// InSubject is where a match's inputs are published.
func InSubject(match string) string { return "chronicle.match." + match + ".in" }

// OutSubject is where the recorder publishes a match's verdicts.
func OutSubject(match string) string { return "chronicle.match." + match + ".out" }

// StatusSubject is where the recorder answers status requests for a match.
func StatusSubject(match string) string { return "chronicle.match." + match + ".status" }

// MatchOfSubject returns the match token of a chronicle.match.<match>.<verb> subject.
func MatchOfSubject(subject string) string {
	parts := strings.Split(subject, ".")
	if len(parts) != 4 || parts[0] != "chronicle" || parts[1] != "match" {
		return ""
	}
	return parts[2]
}

// MsgID is the JetStream deduplication id of an input.
func MsgID(match string, seq uint64) string {
	return match + ":" + uitoa(seq)
}

func uitoa(v uint64) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			return string(b[i:])
		}
	}
}
