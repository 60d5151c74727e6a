package recorder

import "github.com/chronicle-mtg/chronicle/events"

// pending is a match's inputs admitted and not yet stored, in seq order,
// the last at the match's head. Admitting appends one; a commit stores a
// prefix, since runs are committed in the order they were admitted. A
// slice serves where a map by seq took an insert and a delete an input.
type pending struct {
	evs    []*events.Event // evs[i] is at seq first+i
	first  uint64
	stored int // evs[:stored] are stored since: dropped at the next add
}

// add appends ev, which follows the last one added.
func (p *pending) add(ev *events.Event) {
	if p.stored > 0 {
		n := copy(p.evs, p.evs[p.stored:])
		clear(p.evs[n:])
		p.evs, p.first, p.stored = p.evs[:n], p.first+uint64(p.stored), 0
	}
	if len(p.evs) == 0 {
		p.first = ev.Seq
	}
	p.evs = append(p.evs, ev)
}

// at is the input admitted at seq and not yet stored; nil if none.
func (p *pending) at(seq uint64) *events.Event {
	if seq < p.first+uint64(p.stored) || seq-p.first >= uint64(len(p.evs)) {
		return nil
	}
	return p.evs[seq-p.first]
}

// storedTo notes that the inputs up to seq are stored. Once all are, the
// list lets go of them at once: a match may get no input again.
func (p *pending) storedTo(seq uint64) {
	if len(p.evs) == 0 || seq < p.first {
		return
	}
	p.stored = max(p.stored, min(int(seq-p.first)+1, len(p.evs)))
	if p.stored == len(p.evs) {
		clear(p.evs)
		p.evs, p.stored = p.evs[:0], 0
	}
}

// len is how many inputs are admitted and not yet stored.
func (p *pending) len() int { return len(p.evs) - p.stored }
