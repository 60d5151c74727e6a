package replay

import (
	"fmt"

	"github.com/chronicle-mtg/chronicle/events"
)

// What a Cursor reads from each kind of source: from the store, snapshots,
// effects and events from a seq on, each through a cursor positioned at its
// first key; from a file, its events from a seq on.

var _ SnapshotSource = (*Store)(nil)

// SnapshotAtOrBefore returns the stored snapshot at the greatest seq at or
// before seq, copied out of the store; at 0 and nil data when there is
// none.
func (s *Store) SnapshotAtOrBefore(match string, seq uint64) (uint64, []byte, error) {
	return s.of(match).SnapshotAtOrBefore(match, seq)
}

// snapshotAtOrBeforeInto is SnapshotAtOrBefore decompressing into buf's
// memory when it is large enough.
func (s *Store) snapshotAtOrBeforeInto(match string, seq uint64, buf []byte) (uint64, []byte, error) {
	return s.of(match).SnapshotAtOrBeforeInto(match, seq, buf)
}

// EffectsFrom calls fn with the stored effects of each input from seq from
// on that has them, in seq order; b is valid only during the call.
func (s *Store) EffectsFrom(match string, from uint64, fn func(seq uint64, b []byte) error) error {
	return s.of(match).EffectsFrom(match, from, fn)
}

// effectsRunner is a SnapshotSource whose walk over the stored effects
// stops by itself at the first input without them or past a seq: the
// store.
type effectsRunner interface {
	effectsRun(match string, from, to uint64, fn func(seq uint64, b []byte) error) error
}

// effectsRun calls fn with the stored effects of the inputs of match from
// seq from on, as long as each follows the one before, up to seq to; it
// returns nil at the first input without them.
func effectsRun(src SnapshotSource, match string, from, to uint64, fn func(seq uint64, b []byte) error) error {
	if r, ok := src.(effectsRunner); ok {
		return r.effectsRun(match, from, to, fn)
	}
	next := from
	err := src.EffectsFrom(match, from, func(seq uint64, b []byte) error {
		if seq != next || seq > to {
			return errGap
		}
		next++
		return fn(seq, b)
	})
	if err == errGap {
		return nil
	}
	return err
}

// effectsRun is effectsRun from the store: there the walk's loop makes
// its checks.
func (s *Store) effectsRun(match string, from, to uint64, fn func(seq uint64, b []byte) error) error {
	return s.of(match).EffectsRun(match, from, to, fn)
}

// EventsFrom calls fn for each stored event from seq from on, decoded, in
// seq order.
func (s *Store) EventsFrom(match string, from uint64, fn func(*events.Event) error) error {
	return s.of(match).Events(match, from, fn)
}

// recordedTurns lists the turn starts from the digests the recorder keeps
// where a game or a turn began. They are the whole list only when every
// input was recorded with the rules (the digests of an input recorded
// without them are missing) and every record names its game (older ones
// don't); ok says so.
func (s *Store) recordedTurns(sum Summary) ([]TurnStart, bool, error) {
	ds, err := s.of(sum.Match).Digests(sum.Match)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", sum.Match, err)
	}
	var n uint64
	if err := s.of(sum.Match).EffectsFrom(sum.Match, 1, func(uint64, []byte) error { n++; return nil }); err != nil {
		return nil, false, fmt.Errorf("%s: %w", sum.Match, err)
	}
	if n != sum.HeadSeq {
		return nil, false, nil
	}
	out := []TurnStart{}
	for _, d := range ds {
		if d.Game == 0 || d.Active < 0 || d.Active >= len(sum.Players) {
			return nil, false, nil
		}
		if d.Turn > 0 {
			out = append(out, TurnStart{Game: d.Game, Turn: d.Turn, Seq: d.Seq, Active: sum.Players[d.Active].ID})
		}
	}
	return out, true, nil
}

// EventsFrom calls fn for each event of match from seq from on, in seq
// order.
func (f *File) EventsFrom(match string, from uint64, fn func(*events.Event) error) error {
	lines, ok := f.matches[match]
	if !ok {
		return fmt.Errorf("%w %q in %s", ErrUnknownMatch, match, f.path)
	}
	for _, l := range lines[min(uint64(len(lines)), max(from, 1)-1):] {
		if err := fn(l.Event); err != nil {
			return err
		}
	}
	return nil
}
