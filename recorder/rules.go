package recorder

import (
	"errors"
	"fmt"
	"math"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/recorder/derive"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Rules is the Validator that applies the rules of Magic with the reducer.
// It keeps each match's game in memory; a match it hasn't seen since it
// started is rebuilt from the store by folding the stored effects (the
// trusted door), or by re-deriving inputs stored without effects.
//
// A match whose game ended lets go of its game once all its inputs are
// stored (Trim), and the next match to start builds its game in that one's
// memory (reducer.Recycle): a tournament's recorder otherwise kept every
// finished game (some hundred kilobytes each) and allocated each new one
// afresh. An input that comes for a finished match after that rebuilds its
// game from the store, which then holds the whole match.
type Rules struct {
	store *store.Store
	pool  *cards.Pool
	games map[string]*reducer.Game
	over  []string        // matches whose game ended, their game still kept
	spare []*reducer.Game // games of ended matches, for new matches to reuse
}

// maxSpareGames bounds the ended games kept for reuse: a new match takes
// one as an ended one gives one back, so a few cover many matches in
// flight.
const maxSpareGames = 4

// maxCachedGames bounds the games kept between batches.
const maxCachedGames = 10000

// NewRules returns a rules validator reading earlier inputs from st.
func NewRules(st *store.Store) *Rules {
	return &Rules{store: st, pool: cards.Default(), games: map[string]*reducer.Game{}}
}

// SnapshotEvery is how often the recorder stores a snapshot (see package
// derive).
const SnapshotEvery = derive.SnapshotEvery

// Admit runs ev through the reducer's validating door. On success it returns
// what Derive derived, to store beside the input.
func (r *Rules) Admit(m *Match, ev *events.Event) (*store.Derived, error) {
	g, err := r.game(ev)
	if err != nil {
		return nil, err
	}
	wasOver := g.S.Over
	d, err := Derive(g, ev)
	if err != nil {
		var re *reducer.RuleError
		if errors.As(err, &re) {
			return nil, re.EventError(ev.Match)
		}
		return nil, err
	}
	if g.S.Over && !wasOver {
		r.over = append(r.over, ev.Match)
	}
	return d, nil
}

// Derive is derive.Derive: what the recorder stores beside an input.
func Derive(g *reducer.Game, ev *events.Event) (*store.Derived, error) { return derive.Derive(g, ev) }

// Forget drops a match's game; the next Admit rebuilds it from the store.
func (r *Rules) Forget(match string) { delete(r.games, match) }

// Trim lets go of the games of ended matches whose inputs are all stored,
// keeping a few for new matches to reuse, and drops the games of matches
// busy says nothing of once more than maxCachedGames are kept: a game with
// inputs admitted and not yet stored can't be rebuilt from the store.
func (r *Rules) Trim(busy func(match string) bool) {
	kept := r.over[:0]
	for _, id := range r.over {
		g := r.games[id]
		switch {
		case g == nil || !g.S.Over: // forgotten, or rebuilt since
		case busy(id):
			kept = append(kept, id)
		default:
			delete(r.games, id)
			if len(r.spare) < maxSpareGames {
				r.spare = append(r.spare, g)
			}
		}
	}
	clear(r.over[len(kept):])
	r.over = kept
	if len(r.games) <= maxCachedGames {
		return
	}
	for id := range r.games {
		if !busy(id) {
			delete(r.games, id)
		}
	}
}

func (r *Rules) game(ev *events.Event) (*reducer.Game, error) {
	if g := r.games[ev.Match]; g != nil {
		return g, nil
	}
	var g *reducer.Game
	if ev.Kind == events.KindMatchStarted {
		var old *reducer.Game // nil: a new game
		if n := len(r.spare); n > 0 {
			old = r.spare[n-1]
			r.spare[n-1], r.spare = nil, r.spare[:n-1]
		}
		g = reducer.Recycle(old, r.pool)
	} else {
		var err error
		if g, err = r.rebuild(ev.Match); err != nil {
			return nil, err
		}
	}
	g.ReuseEffects() // Derive encodes each input's effects at once
	r.games[ev.Match] = g
	return g, nil
}

// errGap stops a walk over stored effects at an input stored without them.
var errGap = errors.New("an input without effects")

// rebuild brings a game to the end of the stored log of match: from the
// latest snapshot (or the start, when there is none or it can't be read),
// folding stored effects, and re-deriving with the rules an input stored
// without them.
func (r *Rules) rebuild(match string) (*reducer.Game, error) {
	g := reducer.New(r.pool)
	at, snap, err := r.store.SnapshotAtOrBefore(match, math.MaxUint64)
	if err != nil {
		return nil, err
	}
	if snap != nil {
		if s, err := reducer.UnmarshalSnapshot(r.pool, snap); err == nil {
			g = reducer.NewFromState(s)
		} else {
			at = 0 // a snapshot this build doesn't read: from the start
		}
	}
	next := at + 1
	for {
		err := r.store.EffectsFrom(match, next, func(seq uint64, b []byte) error {
			if seq != next {
				return errGap
			}
			effs, err := reducer.DecodeEffects(b)
			if err != nil {
				return fmt.Errorf("%s seq %d: %w", match, seq, err)
			}
			g.Apply(effs)
			next++
			return nil
		})
		if err != errGap {
			if err != nil {
				return nil, err
			}
			break
		}
		ev, err := r.store.Event(match, next)
		if err != nil {
			return nil, err
		}
		if err := r.resubmit(g, ev); err != nil {
			return nil, err
		}
		next++
	}
	// Inputs after the last stored effects.
	if err := r.store.Events(match, next, func(ev *events.Event) error { return r.resubmit(g, ev) }); err != nil {
		return nil, err
	}
	return g, nil
}

// resubmit re-derives a stored input that has no stored effects.
func (r *Rules) resubmit(g *reducer.Game, ev *events.Event) error {
	if _, err := g.Submit(ev); err != nil {
		return &events.Error{Match: ev.Match, Seq: ev.Seq, Rule: "LOG-REPLAY",
			Reason: fmt.Sprintf("the stored log does not replay under the rules at seq %d: %v", ev.Seq, err)}
	}
	return nil
}
