package recorder

import (
	"errors"
	"fmt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Rules is the Validator that applies the rules of Magic with the reducer.
// It keeps each match's game in memory; a match it hasn't seen since it
// started is rebuilt from the store by folding the stored effects (the
// trusted door), or by re-deriving inputs stored without effects.
type Rules struct {
	store *store.Store
	pool  *cards.Pool
	games map[string]*reducer.Game
}

// maxCachedGames bounds the games kept between batches.
const maxCachedGames = 10000

// NewRules returns a rules validator reading earlier inputs from st.
func NewRules(st *store.Store) *Rules {
	return &Rules{store: st, pool: cards.Default(), games: map[string]*reducer.Game{}}
}

// Admit runs ev through the reducer's validating door. On success it returns
// the effects to store beside the input, and the state digest when the input
// began a game or a turn.
func (r *Rules) Admit(m *Match, ev *events.Event) (*store.Derived, error) {
	g, err := r.game(ev)
	if err != nil {
		return nil, err
	}
	turn, game := g.S.Turn, g.S.Game
	effs, err := g.Submit(ev)
	if err != nil {
		var re *reducer.RuleError
		if errors.As(err, &re) {
			return nil, re.EventError(ev.Match)
		}
		return nil, err
	}
	d := &store.Derived{Match: ev.Match, Seq: ev.Seq, Effects: reducer.EncodeEffects(effs)}
	if g.S.Over {
		d.Status = store.StatusFinished
	}
	if g.S.Turn != turn || g.S.Game != game {
		dg := g.S.Digest()
		d.Turn, d.Digest = g.S.Turn, dg[:]
	}
	return d, nil
}

// Forget drops a match's game; the next Admit rebuilds it from the store.
func (r *Rules) Forget(match string) { delete(r.games, match) }

func (r *Rules) game(ev *events.Event) (*reducer.Game, error) {
	if g := r.games[ev.Match]; g != nil {
		return g, nil
	}
	if len(r.games) >= maxCachedGames {
		r.games = map[string]*reducer.Game{}
	}
	g := reducer.New(r.pool)
	if ev.Kind != events.KindMatchStarted {
		if err := r.rebuild(g, ev.Match); err != nil {
			return nil, err
		}
	}
	r.games[ev.Match] = g
	return g, nil
}

// rebuild brings g to the end of the stored log of match.
func (r *Rules) rebuild(g *reducer.Game, match string) error {
	stored := map[uint64][]byte{}
	if err := r.store.Effects(match, func(seq uint64, b []byte) error {
		stored[seq] = append([]byte(nil), b...)
		return nil
	}); err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	return r.store.Events(match, 1, func(ev *events.Event) error {
		if b, ok := stored[ev.Seq]; ok {
			effs, err := reducer.DecodeEffects(b)
			if err != nil {
				return fmt.Errorf("%s seq %d: %w", match, ev.Seq, err)
			}
			g.Apply(effs)
			return nil
		}
		if _, err := g.Submit(ev); err != nil {
			return &events.Error{Match: match, Seq: ev.Seq, Rule: "LOG-REPLAY",
				Reason: fmt.Sprintf("the stored log does not replay under the rules at seq %d: %v", ev.Seq, err)}
		}
		return nil
	})
}
