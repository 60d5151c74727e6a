package events

import "fmt"

// Link is the end of a match's log as far as a reader has seen it: the last
// seq and its hash. It checks that the next event continues the log.
type Link struct {
	Seq  uint64 // last seq seen; 0 before the first event
	Hash Hash   // its hash; zero when unhashed or unknown
	// Fragment lets the first event start past seq 1, as in a file that
	// continues a match stored elsewhere.
	Fragment bool
}

// Next checks e as the event after l and advances l. An absent seq is assigned
// (l.Seq+1); a present one must be exactly that. Prev is checked when both it
// and the previous hash are known; a present hash must match the content.
func (l *Link) Next(e *Event) *Error { return l.NextHashing(e, (*Event).ComputeHash) }

// NextHashing is Next with the hash e should carry worked out by hash
// (called once, after the seq is settled, when e carries a hash to check)
// instead of ComputeHash: a caller that keeps the encoding it hashed (the
// recorder stores it) encodes an input once.
func (l *Link) NextHashing(e *Event, hash func(*Event) Hash) *Error {
	want := l.Seq + 1
	bad := func(field, rule, format string, args ...any) *Error {
		return &Error{Match: e.Match, Seq: e.Seq, Field: field, Rule: rule, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case e.Seq == 0:
		e.Seq = want
	case l.Seq == 0 && l.Fragment:
	case e.Seq != want:
		if e.Seq > want {
			return bad("seq", RuleSeq, "gap: expected seq %d, got %d", want, e.Seq)
		}
		return bad("seq", RuleSeq, "out of order: expected seq %d, got %d", want, e.Seq)
	}
	if e.Seq == 1 && e.Kind != KindMatchStarted {
		return bad("kind", RuleStart, "the match has not started: seq 1 must be match_started, got %s", e.Kind)
	}
	if e.Seq > 1 && e.Kind == KindMatchStarted {
		return bad("kind", RuleStart, "the match started at seq 1 already")
	}
	if e.Prev.IsZero() && e.Seq > 1 && !e.Hash.IsZero() && !l.Hash.IsZero() {
		return bad("prev", RuleChain, "prev missing: a hashed event must name the hash of seq %d (%s)", l.Seq, l.Hash.Short())
	}
	if !e.Prev.IsZero() {
		if e.Seq == 1 {
			return bad("prev", RuleChain, "seq 1 has no previous event, prev must be empty")
		}
		if l.Seq > 0 && !l.Hash.IsZero() && e.Prev != l.Hash {
			prev, want := ShortPair(e.Prev, l.Hash)
			return bad("prev", RuleChain, "prev %s does not match the hash of seq %d (%s)", prev, l.Seq, want)
		}
	}
	if !e.Hash.IsZero() {
		if got := hash(e); got != e.Hash {
			have, want := ShortPair(e.Hash, got)
			return bad("hash", RuleChain, "hash %s does not match the content (computed %s)", have, want)
		}
	}
	l.Seq, l.Hash = e.Seq, e.Hash
	return nil
}
