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
	// Asked of every message the recorder reads: no allocation.
	rest, ok := strings.CutPrefix(subject, "chronicle.match.")
	i := strings.IndexByte(rest, '.')
	if !ok || i < 0 || strings.IndexByte(rest[i+1:], '.') >= 0 {
		return ""
	}
	return rest[:i]
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

// The read service's subjects (package query answers and asks them): a
// list every recorder answers, the reads and writes of one match, which
// only the recorder holding it answers, and its head notices. The view
// token of a read is judge, public or a player id: NATS permissions on
// these subjects say who may read what.
const (
	ReadList       = "chronicle.read.list"
	ReadRejections = "chronicle.read.rejections"
	ReadAll        = "chronicle.read.>"
	WriteAll       = "chronicle.write.>"
	HeadWild       = "chronicle.head.*"
	// ServiceDiscovery is NATS service discovery ($SRV.PING, .INFO,
	// .STATS), which the read service answers.
	ServiceDiscovery = "$SRV.>"

	readMatchPrefix  = "chronicle.read.m."
	writeMatchPrefix = "chronicle.write.m."
	headPrefix       = "chronicle.head."
)

// ReadSubject is where a read of match as view goes: op is summary, state,
// log, ...
func ReadSubject(match, view, op string) string {
	return readMatchPrefix + match + "." + view + "." + op
}

// ReadMatchWild is every read of match: view "*" for any view.
func ReadMatchWild(match, view string) string { return readMatchPrefix + match + "." + view + ".>" }

// WriteSubject is where a write to match goes: op is branch or append.
func WriteSubject(match, op string) string { return writeMatchPrefix + match + "." + op }

// WriteMatchWild is every write to match.
func WriteMatchWild(match string) string { return writeMatchPrefix + match + ".>" }

// HeadSubject is where the recorder tells that match's head moved.
func HeadSubject(match string) string { return headPrefix + match }

// ReadMatchPrefix and WriteMatchPrefix start the per-match subjects.
const (
	ReadMatchPrefix  = readMatchPrefix
	WriteMatchPrefix = writeMatchPrefix
)
