package bus

import "github.com/chronicle-mtg/chronicle/events"

// slot is what a publisher knows of one of a match's inputs.
type slot struct {
	ev       *events.Event
	out      *Outcome // its fate, in the run's outcomes, once known (done)
	done     bool
	awaiting bool // published, no verdict yet
	sent     bool // handed to NATS at least once
	tries    int  // sendings held back for a gap (chained.go)
}

// slots are a run's inputs by seq. The seqs are consecutive, so a slice
// does what maps did, without hashing a seq several times an input on
// the way out and again as its verdict comes back. The outcomes are a
// slice of their own, in seq order, which the run returns as its result
// (a few hundred bytes each: made once, not copied again at the end).
type slots struct {
	first    uint64
	s        []slot
	outs     []Outcome
	awaiting int // how many are awaiting
}

func newSlots(evs []*events.Event) slots {
	ss := slots{s: make([]slot, len(evs)), outs: make([]Outcome, len(evs))}
	if len(evs) > 0 {
		ss.first = evs[0].Seq
	}
	for i, ev := range evs {
		ss.s[i].ev, ss.s[i].out = ev, &ss.outs[i]
	}
	return ss
}

// at is seq's slot; nil when seq is not one of the run's.
func (ss *slots) at(seq uint64) *slot {
	if seq < ss.first || seq-ss.first >= uint64(len(ss.s)) {
		return nil
	}
	return &ss.s[seq-ss.first]
}

// outcome is seq's outcome, nil when it has none (or is not the run's).
func (ss *slots) outcome(seq uint64) *Outcome {
	if s := ss.at(seq); s != nil && s.done {
		return s.out
	}
	return nil
}

// await marks seq as published and waiting for its verdict (on), or no
// longer waiting (off); a seq with an outcome is left as it is when on.
func (ss *slots) await(seq uint64, on bool) {
	s := ss.at(seq)
	switch {
	case s == nil:
	case on && !s.done:
		if !s.awaiting {
			ss.awaiting++
		}
		s.awaiting, s.sent = true, true
	case !on && s.awaiting:
		s.awaiting = false
		ss.awaiting--
	}
}

// settle sets s's outcome to o.
func (s *slot) settle(o Outcome) { *s.out, s.done = o, true }

// awaitNone forgets which inputs wait for a verdict.
func (ss *slots) awaitNone() {
	for i := range ss.s {
		ss.s[i].awaiting = false
	}
	ss.awaiting = 0
}
