package replay

import (
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
)

// Diffing two matches: where their inputs part, and how their states differ
// there, for `replay diff`. The matches may be in one store or in two
// sources (a stored match against a bug report's .jsonl file); a branch is
// an ordinary match.
//
// Inputs are compared by identity: kind, actor, body and seq, not the match
// id they were recorded under nor when or where in a chain (events.Event's
// Digest with the match left out), so the same play recorded twice is the
// same input. Two matches part at the first seq whose inputs differ, or
// that only one of them has. The states compared are each match's position
// after that seq, or its end when it ended before it: so the difference
// shows what the parting input did.

// Parting is where two matches part.
type Parting struct {
	A, B Summary
	// Seq is the first seq whose inputs differ or that only one match has;
	// 0 when the matches have the same inputs throughout.
	Seq uint64
	// InputA and InputB are the inputs at Seq, nil for a match that ended
	// before it.
	InputA, InputB *events.Event
}

// Identical reports whether the matches have the same inputs.
func (p *Parting) Identical() bool { return p.Seq == 0 }

// diffChunk is how many inputs of each match are read at a time.
const diffChunk = 256

// Part finds where match a of srcA and match b of srcB part. Inputs are
// read a chunk at a time from each, so memory doesn't grow with the logs;
// the prefix a branch shares with its parent in one store is not read.
func Part(srcA Source, a string, srcB Source, b string) (*Parting, error) {
	p := &Parting{}
	var err error
	if p.A, err = srcA.Match(a); err != nil {
		return nil, err
	}
	if p.B, err = srcB.Match(b); err != nil {
		return nil, err
	}
	seq := uint64(1)
	if srcA == srcB {
		seq = sharedPrefix(srcA, p.A, p.B) + 1
	}
	for {
		ia, err := inputIDs(srcA, a, seq, diffChunk)
		if err != nil {
			return nil, err
		}
		ib, err := inputIDs(srcB, b, seq, diffChunk)
		if err != nil {
			return nil, err
		}
		n := min(len(ia), len(ib))
		i := 0
		for i < n && ia[i] == ib[i] {
			i++
		}
		if i < n || len(ia) != len(ib) {
			p.Seq = seq + uint64(i)
			break
		}
		if len(ia) < diffChunk {
			return p, nil // both ended together
		}
		seq += diffChunk
	}
	if p.InputA, err = inputAt(srcA, a, p.Seq); err != nil {
		return nil, err
	}
	if p.InputB, err = inputAt(srcB, b, p.Seq); err != nil {
		return nil, err
	}
	return p, nil
}

// InputID is an input's identity: events.Event.Digest without the match id.
func InputID(ev *events.Event) events.Hash {
	c := *ev
	c.Match = ""
	return c.Digest()
}

// inputIDs returns the identities of up to n inputs of match from seq from.
func inputIDs(src Source, match string, from uint64, n int) ([]events.Hash, error) {
	var out []events.Hash
	err := eventsFrom(src, match, from, func(ev *events.Event) error {
		if len(out) == n {
			return errStop
		}
		if ev.Seq != from+uint64(len(out)) {
			return fmt.Errorf("%s: seq %d where seq %d should be", match, ev.Seq, from+uint64(len(out)))
		}
		out = append(out, InputID(ev))
		return nil
	})
	if err != nil && err != errStop {
		return nil, err
	}
	return out, nil
}

// inputAt returns input seq of match, nil if it has none.
func inputAt(src Source, match string, seq uint64) (*events.Event, error) {
	var found *events.Event
	err := eventsFrom(src, match, seq, func(ev *events.Event) error {
		if ev.Seq == seq {
			found = ev
		}
		return errStop
	})
	if err != nil && err != errStop {
		return nil, err
	}
	return found, nil
}

// sharedPrefix is how many first inputs two matches of one store share by
// lineage: a branch shares its parent's up to its branch point, its
// grandparent's up to the lesser of the two branch points, and so on.
func sharedPrefix(src Source, a, b Summary) uint64 {
	upTo := func(s Summary) map[string]uint64 {
		out := map[string]uint64{s.Match: s.HeadSeq}
		limit := s.HeadSeq
		for i := 0; s.Parent != "" && i < 1000; i++ {
			limit = min(limit, s.BranchPoint)
			parent, err := src.Match(s.Parent)
			if err != nil {
				break
			}
			out[parent.Match] = limit
			s = parent
		}
		return out
	}
	ua, ub := upTo(a), upTo(b)
	var best uint64
	for m, na := range ua {
		if nb, ok := ub[m]; ok {
			best = max(best, min(na, nb))
		}
	}
	return best
}

// eventsFrom walks the events of match from seq from on, through a cursor
// where the source has one.
func eventsFrom(src Source, match string, from uint64, fn func(*events.Event) error) error {
	switch s := src.(type) {
	case SnapshotSource:
		return s.EventsFrom(match, from, fn)
	case *File:
		return s.EventsFrom(match, from, fn)
	}
	return src.Events(match, func(ev *events.Event) error {
		if ev.Seq < from {
			return nil
		}
		return fn(ev)
	})
}

// StateDiff compares the two matches' positions after seq at, each at its
// end if it ended before at, as viewer as sees them (DiffViews: key paths,
// A's value before B's). It returns the seqs of the two positions compared.
func StateDiff(srcA Source, a string, srcB Source, b string, at uint64, as string) (changes []Change, seqA, seqB uint64, err error) {
	pa, err := positionUpTo(srcA, a, at)
	if err != nil {
		return nil, 0, 0, err
	}
	va := pa.View(as)
	pb, err := positionUpTo(srcB, b, at)
	if err != nil {
		return nil, 0, 0, err
	}
	changes, err = DiffViews(va, pb.View(as))
	return collapseObjects(changes), pa.Seq, pb.Seq, err
}

// collapseObjects folds the paths of an object (or player) that only one
// side has into one change naming it: "players.p1.hand.o19: "Shock" ->
// (none)" rather than a line for each of its fields.
func collapseObjects(changes []Change) []Change {
	var out []Change
	for i := 0; i < len(changes); {
		ch := changes[i]
		prefix, ok := objectPrefix(ch.Path)
		oneSided := ch.Before == absent || ch.After == absent
		j := i + 1
		if ok && oneSided {
			for j < len(changes) && strings.HasPrefix(changes[j].Path, prefix+".") &&
				(changes[j].Before == absent) == (ch.Before == absent) && (changes[j].After == absent) == (ch.After == absent) {
				j++
			}
		}
		if j-i < 2 || !ok || !oneSided || !wholeObject(changes, i, j, prefix) {
			out = append(out, ch)
			i++
			continue
		}
		name := "{...}"
		for _, c := range changes[i:j] {
			if c.Path == prefix+".name" {
				name = c.Before
				if name == absent {
					name = c.After
				}
			}
		}
		folded := Change{Path: prefix, Before: name, After: absent}
		if ch.Before == absent {
			folded = Change{Path: prefix, Before: absent, After: name}
		}
		out = append(out, folded)
		i = j
	}
	return out
}

// objectPrefix cuts path after its last segment that is an id ("o12",
// "p1").
func objectPrefix(path string) (string, bool) {
	segs := strings.Split(path, ".")
	for k := len(segs) - 1; k >= 0; k-- {
		if isID(segs[k]) {
			return strings.Join(segs[:k+1], "."), k < len(segs)-1
		}
	}
	return "", false
}

// wholeObject reports whether changes i to j hold the object's id path, so
// that the whole object is on one side only.
func wholeObject(changes []Change, i, j int, prefix string) bool {
	for _, c := range changes[i:j] {
		if c.Path == prefix+".id" {
			return true
		}
	}
	return false
}

func isID(seg string) bool {
	if len(seg) < 2 || (seg[0] != 'o' && seg[0] != 'p') {
		return false
	}
	for _, r := range seg[1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// positionUpTo is the position after seq at, or at the match's end if it
// ended before.
func positionUpTo(src Source, match string, at uint64) (*Position, error) {
	c, err := NewCursor(src, match)
	if err != nil {
		return nil, err
	}
	return c.At(min(at, c.Len()))
}
