package replay

import (
	"errors"
	"fmt"
	"sync"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Cursor is a match's game at a point that moves: forward, back, to any
// seq. It is what seeking and stepping are built on.
//
// From the store, a move to seq starts from the nearest snapshot at or
// before it (the recorder stores one every 64 inputs and at every turn
// start) and folds the stored effects of the inputs after it, read with a
// cursor from there: neither the time of a move nor the memory it takes
// depends on the log's length. A move forward from where the cursor stands
// folds only the inputs in between, so stepping forward one input applies
// one input's effects; a move back is a seek. An input stored without
// effects goes through the rules.
//
// A file has no snapshots: the cursor replays it with the rules from the
// start, and keeps a snapshot of its own every 64 inputs as it passes, so
// that a move back starts from the nearest of those.
type Cursor struct {
	src   Source
	match string
	sum   Summary
	// snaps is src as a SnapshotSource, nil for one without snapshots.
	snaps SnapshotSource

	g   *reducer.Game // the game after input seq; nil when none is built
	seq uint64
	// marks are snapshots the cursor took itself, by seq, for a source
	// without stored ones.
	marks map[uint64][]byte
	turns []TurnStart // nil until listed
	// fold reads each stored input's effects and applies them as it
	// reads; nil until the first is folded.
	fold *reducer.Folder
	// mem is the memory snapshots are decoded into: a move that starts
	// again from a snapshot builds its game over the last one's objects.
	mem reducer.SnapshotMemory
}

// SnapshotSource is a Source that keeps, beside the inputs, the effects the
// rules derived from them and snapshots of the state: the store.
type SnapshotSource interface {
	Source
	// SnapshotAtOrBefore returns the snapshot at the greatest seq at or
	// before seq (reducer snapshot encoding), or at 0 and nil data.
	SnapshotAtOrBefore(match string, seq uint64) (at uint64, data []byte, err error)
	// EffectsFrom calls fn with the encoded effects of each input from seq
	// from on that has them, in seq order; b is valid only during the call.
	EffectsFrom(match string, from uint64, fn func(seq uint64, b []byte) error) error
	// EventsFrom calls fn for each event from seq from on, in seq order.
	EventsFrom(match string, from uint64, fn func(*events.Event) error) error
}

// markEvery is how often a cursor over a source without snapshots keeps a
// snapshot of its own.
const markEvery = 64

// NewCursor opens a cursor on match. It reads nothing of the log yet; an
// unknown match is an error wrapping ErrUnknownMatch.
func NewCursor(src Source, match string) (*Cursor, error) {
	sum, err := src.Match(match)
	if err != nil {
		return nil, err
	}
	c := &Cursor{src: src, match: match, sum: sum}
	if ss, ok := src.(SnapshotSource); ok {
		c.snaps = ss
	} else {
		c.marks = map[uint64][]byte{}
	}
	return c, nil
}

// newFoldCursor is NewCursor for a fold, which asks the cursor nothing
// but Len: from the store its summary holds only the match's id and last
// seq, read without the rest of the meta's strings and lists.
func newFoldCursor(src Source, match string) (*Cursor, error) {
	s, ok := src.(*Store)
	if !ok {
		return NewCursor(src, match)
	}
	head, err := s.headSeq(match)
	if err != nil {
		return nil, err
	}
	return &Cursor{src: src, match: match, sum: Summary{Match: match, HeadSeq: head}, snaps: s}, nil
}

// Summary describes the cursor's match.
func (c *Cursor) Summary() Summary { return c.sum }

// Len is the number of the match's last input: positions are 1 to Len.
func (c *Cursor) Len() uint64 { return c.sum.HeadSeq }

// Seq is the input the cursor stands after, 0 before its first move.
func (c *Cursor) Seq() uint64 { return c.seq }

// At moves the cursor to the state right after input seq. The position's
// game belongs to the cursor and changes with its next move: clone it
// (Game.Clone) to keep it. A seq outside 1 to Len is an error wrapping
// ErrNotReached; an input the rules forbid on the way, an *IllegalError
// (the cursor then stands after the input before it).
func (c *Cursor) At(seq uint64) (*Position, error) {
	switch {
	case seq == 0:
		return nil, errNotReached("seqs count from 1")
	case seq > c.sum.HeadSeq:
		return nil, errNotReached("seq %d is past the end of match %s: its last input is seq %d", seq, c.match, c.sum.HeadSeq)
	}
	if c.g == nil || c.seq != seq {
		if err := c.move(seq); err != nil {
			return nil, err
		}
	}
	return &Position{Summary: c.sum, Seq: c.seq, Game: c.g}, nil
}

// Next moves one input forward; Prev one back.
func (c *Cursor) Next() (*Position, error) { return c.At(c.seq + 1) }

// Prev moves one input back, which is a seek.
func (c *Cursor) Prev() (*Position, error) { return c.At(c.seq - 1) }

// move brings the game to seq: on from where it stands when that is after
// the nearest snapshot, else from the snapshot (or the start).
func (c *Cursor) move(seq uint64) error {
	if c.g != nil && c.seq < seq && seq-c.seq <= markEvery {
		return c.forward(seq, nil) // no farther than the snapshots are apart
	}
	buf := snapBufs.Get().(*[]byte)
	defer snapBufs.Put(buf)
	at, data, err := c.snapshotAtOrBefore(seq, buf)
	if err != nil {
		return err
	}
	if c.g == nil || c.seq > seq || c.seq < at {
		c.g, c.seq = nil, 0
		if data != nil {
			// A snapshot this build can't read means a start from the
			// beginning instead: slower, never wrong. The decoded state
			// keeps nothing of data (its strings are copies), and its
			// objects and the game itself are the last game's memory,
			// that game dropped.
			if s, err := c.mem.UnmarshalSnapshot(nil, data); err == nil {
				c.g, c.seq = c.mem.Game(s), at
			}
		}
		if c.g == nil {
			c.g = reducer.New(nil)
		}
	}
	return c.forward(seq, nil)
}

// snapBufs hold decompressed snapshots while they are decoded: a seek
// needs one for a moment, and a fresh one each time was tens of kilobytes
// of a seek's allocations. One larger than maxSnapBuf is not kept.
var snapBufs = sync.Pool{New: func() any { return new([]byte) }}

const maxSnapBuf = 1 << 20

// snapshotsInto is a SnapshotSource that decompresses a snapshot into
// memory it is given (the store).
type snapshotsInto interface {
	snapshotAtOrBeforeInto(match string, seq uint64, buf []byte) (uint64, []byte, error)
}

// snapshotAtOrBefore finds the nearest snapshot at or before seq, in buf's
// memory when the source can (buf then keeps what grew).
func (c *Cursor) snapshotAtOrBefore(seq uint64, buf *[]byte) (uint64, []byte, error) {
	if into, ok := c.snaps.(snapshotsInto); ok {
		at, data, err := into.snapshotAtOrBeforeInto(c.match, seq, *buf)
		if err != nil {
			return 0, nil, fmt.Errorf("%s: %w", c.match, err)
		}
		if cap(data) > cap(*buf) && cap(data) <= maxSnapBuf {
			*buf = data[:0]
		}
		return at, data, nil
	}
	if c.snaps != nil {
		at, data, err := c.snaps.SnapshotAtOrBefore(c.match, seq)
		if err != nil {
			return 0, nil, fmt.Errorf("%s: %w", c.match, err)
		}
		return at, data, nil
	}
	at := seq / markEvery * markEvery
	for ; at > 0; at -= markEvery {
		if data, ok := c.marks[at]; ok {
			return at, data, nil
		}
	}
	return 0, nil, nil
}

// errGap stops a walk over stored effects at an input stored without them.
var errGap = errors.New("an input without stored effects")

// forward applies the inputs after c.seq up to seq, calling each (when not
// nil) after every one, the game then standing after it.
func (c *Cursor) forward(seq uint64, each func(seq uint64) error) error {
	for c.seq < seq {
		if c.snaps != nil {
			if err := c.forwardStored(seq, each); err != nil {
				return err
			}
			if c.seq >= seq {
				break
			}
		}
		// The next input has no stored effects: the rules derive them, for
		// every input up to the next one that has stored effects.
		err := c.events(c.seq+1, func(ev *events.Event) error {
			if ev.Seq != c.seq+1 {
				return fmt.Errorf("%s: seq %d follows seq %d", c.match, ev.Seq, c.seq)
			}
			if _, err := c.g.Submit(ev); err != nil {
				return illegal(c.src, ev, err)
			}
			c.passed(ev.Seq)
			if each != nil {
				if err := each(ev.Seq); err != nil {
					return err
				}
			}
			if c.seq >= seq || c.snaps != nil {
				return errStop // from a store: back to its effects
			}
			return nil
		})
		if err != nil && err != errStop {
			return err
		}
		if err == nil && c.seq < seq {
			return fmt.Errorf("%s: the log ends at seq %d, before seq %d", c.match, c.seq, seq)
		}
	}
	return nil
}

// forwardStored folds the stored effects of the inputs after c.seq, up to
// seq or the first input stored without effects (foldStored), calling
// each (when not nil) after every one.
func (c *Cursor) forwardStored(seq uint64, each func(seq uint64) error) error {
	if each == nil {
		return c.foldStored(seq, nil)
	}
	return c.foldStored(seq, func(_ *reducer.Game, at uint64) error { return each(at) })
}

// events walks the events from seq from on.
func (c *Cursor) events(from uint64, fn func(*events.Event) error) error {
	return eventsFrom(c.src, c.match, from, fn)
}

// passed notes that the game now stands after input seq, derived by the
// rules, and keeps a mark where one is due.
func (c *Cursor) passed(seq uint64) {
	c.seq = seq
	if c.marks != nil && seq%markEvery == 0 {
		if _, ok := c.marks[seq]; !ok {
			c.marks[seq] = c.g.S.MarshalSnapshot()
		}
	}
}
