// Package derive is what the recorder stores beside each input it admits:
// the effects the rules derived, a state digest when a game or turn began,
// a snapshot now and then, and the finished status. It is its own package
// so that anything that appends to a log (the recorder, replay's branches)
// stores exactly the same, without pulling NATS in.
package derive

import (
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// SnapshotEvery is how often a snapshot of a match's state is stored, in
// inputs, besides one at every game start: seeking anywhere then costs at
// most this many inputs' effects (well under a millisecond). Snapshots at
// every turn start too, as stores once had, made them a third of the
// store's bytes and saved a seek nothing it could measure. Every 64
// inputs, as once, cost the recorder 7% more CPU (making and compressing
// the snapshots) for about 20 us off a median seek of 0.2 ms.
const SnapshotEvery = 128

// Stored is what the store keeps of a verification: nothing for a
// verified input.
func Stored(v reducer.Verification) *store.Verification {
	if v.Status == reducer.Verified || v.Status == "" {
		return nil
	}
	return &store.Verification{Status: v.Status, Cards: v.Cards, Rule: v.Rule, Reason: v.Reason, Table: v.Table, Engine: v.Engine}
}

// Derive submits ev to g and returns what is stored beside it: the effects;
// how far the rules checked it, when they could not verify it;
// the state digest, game, turn and active player when the input began a
// game or a turn; a snapshot of the state after it when it began a game or
// its seq is a multiple of SnapshotEvery; the finished status when the
// match ended. An input the rules forbid changes nothing and returns the
// reducer's error.
func Derive(g *reducer.Game, ev *events.Event) (*store.Derived, error) {
	turn, game := g.S.Turn, g.S.Game
	effs, v, err := g.SubmitVerified(ev)
	if err != nil {
		return nil, err
	}
	d := &store.Derived{Match: ev.Match, Seq: ev.Seq, Effects: reducer.EncodeEffects(effs), Verification: Stored(v)}
	if g.S.Over {
		d.Status = store.StatusFinished
	}
	began := g.S.Turn != turn || g.S.Game != game
	if began {
		dg := g.S.Digest()
		d.Turn, d.Game, d.Active, d.Digest = g.S.Turn, g.S.Game, g.S.Active, dg[:]
	}
	if g.S.Game != game || ev.Seq%SnapshotEvery == 0 {
		d.Snapshot = g.S.MarshalSnapshot()
	}
	return d, nil
}
