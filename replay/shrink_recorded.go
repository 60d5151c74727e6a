package replay

import (
	"errors"
	"fmt"
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// A store's divergence in a smaller log. The store kept the effects the
// rules derived when an input was recorded; the audit finds where they
// differ from today's (AUDIT-EFFECTS). A hand-written file keeps no
// effects of its own, but an input may carry the table's: the recorded
// effects, told in the table's vocabulary, become that input's table
// effects, and the rules of today dispute them (TABLE-DISPUTE), which is
// the divergence the shrinker keeps. A digest that differs (AUDIT-DIGEST)
// or recorded effects the vocabulary can't tell apart from today's (the
// game's bookkeeping: priority, steps) can't be carried: Shrink says so.

var errShrinkStop = errors.New("stop")

// recordedDivergence finds the store's first divergence opt accepts and
// returns the log with the recorded effects of its input as table effects,
// the finding as the smaller log shows it and its index; -1 when there is
// none.
func recordedDivergence(src Source, match string, all []*events.Event, opt ShrinkOptions) ([]*events.Event, ShrinkFinding, int, error) {
	es, ok := src.(EffectSource)
	if !ok {
		return nil, ShrinkFinding{}, -1, nil
	}
	rep, err := Audit(src, match)
	if err != nil {
		return nil, ShrinkFinding{}, -1, err
	}
	for _, f := range rep.Findings {
		if f.Kind != FindingDivergence || opt.Seq != 0 && f.Seq != opt.Seq ||
			opt.Rule != "" && opt.Rule != f.Rule && opt.Rule != reducer.RuleTableDispute || f.Seq < 2 || f.Seq > uint64(len(all)) {
			continue
		}
		if f.Rule != RuleEffects {
			return nil, ShrinkFinding{}, -1, fmt.Errorf("match %s: the divergence at seq %d (%s) can't be carried by a smaller log: it is about the store's record, not about what an input did: %s", match, f.Seq, f.Rule, f.Reason)
		}
		stored, err := es.Effects(match)
		if err != nil {
			return nil, ShrinkFinding{}, -1, err
		}
		recorded, err := reducer.DecodeEffects(stored[f.Seq])
		if err != nil {
			return nil, ShrinkFinding{}, -1, fmt.Errorf("match %s: the divergence at seq %d can't be carried by a smaller log: its recorded effects can't be read: %w", match, f.Seq, err)
		}
		var pre *reducer.State
		err = Replay(src, match, func(g *reducer.Game, in Input) error {
			if in.Event.Seq == f.Seq-1 {
				pre = g.S.Clone()
				return errShrinkStop
			}
			return nil
		})
		if err != nil && err != errShrinkStop || pre == nil {
			return nil, ShrinkFinding{}, -1, fmt.Errorf("match %s: the position before seq %d: %v", match, f.Seq, err)
		}
		conv := slices.Clone(all)
		c := *all[f.Seq-1]
		c.Effects = reducer.ProjectEffects(pre, recorded)
		conv[f.Seq-1] = &c
		got, i := findIn(conv[:f.Seq], ShrinkOptions{Kind: ShrinkDivergence, Seq: f.Seq})
		if i != int(f.Seq-1) {
			return nil, ShrinkFinding{}, -1, fmt.Errorf("match %s: the divergence at seq %d can't be carried by a smaller log: told as the table's effects, the recorded ones are not disputed by the rules (they differ from today's only in the game's bookkeeping, which table effects don't tell): %s", match, f.Seq, f.Reason)
		}
		return conv, got, i, nil
	}
	return nil, ShrinkFinding{}, -1, nil
}
