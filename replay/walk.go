package replay

import (
	"errors"
	"fmt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Rebuilding games. A match's game is rebuilt input by input. Where the
// store kept the effects the rules derived from an input, they are folded in
// with the reducer's trusted door (Apply): fast, and exactly what was
// recorded, whatever today's rules say. Where there are none (a .jsonl file,
// or an input recorded with --no-rules) the input goes through the
// validating door (Submit), and an input the rules forbid stops the replay
// with an *IllegalError.

// EffectSource is a Source that keeps, beside each input, the effects the
// rules derived from it: the store.
type EffectSource interface {
	Source
	// Effects returns the encoded effects of match's inputs by seq; an input
	// stored without effects is absent.
	Effects(match string) (map[uint64][]byte, error)
}

var _ EffectSource = (*Store)(nil)

// Effects returns the effects stored for match's inputs by seq, copied out
// of the store.
func (s *Store) Effects(match string) (map[uint64][]byte, error) {
	if _, err := s.Match(match); err != nil {
		return nil, err
	}
	out := map[uint64][]byte{}
	err := s.of(match).Effects(match, func(seq uint64, b []byte) error {
		out[seq] = append([]byte(nil), b...)
		return nil
	})
	return out, err
}

// effectsPastDamage is Effects that goes on past a damaged value: its seq
// is in the map with no bytes, and in unreadable with why.
func (s *Store) effectsPastDamage(match string) (map[uint64][]byte, map[uint64]error, error) {
	if _, err := s.Match(match); err != nil {
		return nil, nil, err
	}
	out, bad := map[uint64][]byte{}, map[uint64]error{}
	err := s.of(match).EffectsEach(match, func(seq uint64, b []byte, damage error) error {
		out[seq] = append([]byte(nil), b...)
		if damage != nil {
			bad[seq] = damage
		}
		return nil
	})
	return out, bad, err
}

// Input is one input of a match, replayed.
type Input struct {
	Event   *events.Event
	Effects []reducer.Effect
	// Derived: the effects were derived now by the rules, not read from the
	// store.
	Derived bool
	// Verification is what the rules said of the input when they could not
	// verify it (table effects: verification.go): as recorded, or as
	// derived now; nil for a verified input.
	Verification *Verification
}

// IllegalError is an input of a log that the rules forbid: the replay
// stops before it. Err is the reducer's *reducer.RuleError (or an
// *events.Error); its message names the seq, the reason and the rule.
type IllegalError struct {
	Match string
	Seq   uint64
	File  string // the .jsonl file, when the log is one
	Line  int    // its line there
	Err   error
}

// Error reads like "bolt.jsonl:5: seq 5: p2 can't pass priority: p1 has
// priority (CR 117.3)".
func (e *IllegalError) Error() string {
	msg := e.Err.Error()
	var re *reducer.RuleError
	if !errors.As(e.Err, &re) || re.Seq == 0 {
		msg = fmt.Sprintf("seq %d: %s", e.Seq, msg)
	}
	switch {
	case e.File != "" && e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, msg)
	case e.File != "":
		return e.File + ": " + msg
	}
	return e.Match + ": " + msg
}

func (e *IllegalError) Unwrap() error { return e.Err }

// Replay rebuilds match's game from src input by input, in seq order, and
// calls fn after each input with the game as it now stands. An error from fn
// stops the walk and is returned. An input the rules forbid stops it with an
// *IllegalError, fn having seen every input before it.
func Replay(src Source, match string, fn func(g *reducer.Game, in Input) error) error {
	if _, err := src.Match(match); err != nil {
		return err
	}
	if ss, ok := src.(SnapshotSource); ok {
		return replayChunked(ss, match, fn)
	}
	var stored map[uint64][]byte
	if es, ok := src.(EffectSource); ok {
		var err error
		if stored, err = es.Effects(match); err != nil {
			return err
		}
	}
	checks, err := checksOf(src, match)
	if err != nil {
		return err
	}
	g := reducer.New(nil)
	return src.Events(match, func(ev *events.Event) error {
		return replayInput(src, match, g, ev, stored, checks, fn)
	})
}

// checksOf is what the source recorded of the match's inputs the rules
// could not verify; nil for a source that records none.
func checksOf(src Source, match string) (map[uint64]Verification, error) {
	if v, ok := src.(verifier); ok {
		return v.verifications(match)
	}
	return nil, nil
}

// replayInput applies one input to g, from its stored effects when stored
// has them, else through the rules, and calls fn.
func replayInput(src Source, match string, g *reducer.Game, ev *events.Event, stored map[uint64][]byte, checks map[uint64]Verification, fn func(g *reducer.Game, in Input) error) error {
	in := Input{Event: ev}
	if b, ok := stored[ev.Seq]; ok {
		effs, err := reducer.DecodeEffects(b)
		if err != nil {
			return fmt.Errorf("%s seq %d: %w", match, ev.Seq, err)
		}
		if err := applyStored(g, effs); err != nil {
			return fmt.Errorf("%s seq %d: the stored effects don't fit the game: %v", match, ev.Seq, err)
		}
		in.Effects = effs
		if v, ok := checks[ev.Seq]; ok {
			in.Verification = &v
		}
	} else {
		effs, v, err := g.SubmitVerified(ev)
		if err != nil {
			return illegal(src, ev, err)
		}
		in.Effects, in.Derived, in.Verification = effs, true, verificationOf(ev.Seq, v)
	}
	return fn(g, in)
}

// applyStored folds stored effects. The reducer panics on effects that don't
// fit the state, a broken invariant for effects it made itself; effects read
// from disk may have been damaged, so the panic becomes an error here.
func applyStored(g *reducer.Game, effs []reducer.Effect) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	g.Apply(effs)
	return nil
}

func illegal(src Source, ev *events.Event, err error) error {
	ie := &IllegalError{Match: ev.Match, Seq: ev.Seq, Err: err}
	if f, ok := src.(*File); ok {
		ie.File, ie.Line = f.Name(), f.line(ev.Match, ev.Seq)
	}
	return ie
}
