package replay

import (
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/reducer"
)

// Turns and steps for a Cursor: where each turn began, and the first
// position of a turn in a given step.

// turnLister is a source that recorded where turns began (the store). ok
// is false when its records can't be trusted to list every turn.
type turnLister interface {
	recordedTurns(sum Summary) (turns []TurnStart, ok bool, err error)
}

// Turns lists where each turn of the match began, in seq order (see the
// function Turns). The list is kept; when the match must be replayed to
// make it, the cursor then stands at the match's end, or before an input
// the rules forbid.
func (c *Cursor) Turns() ([]TurnStart, error) {
	if c.turns != nil {
		return c.turns, nil
	}
	if tl, ok := c.src.(turnLister); ok {
		turns, ok, err := tl.recordedTurns(c.sum)
		if err != nil {
			return nil, err
		}
		if ok {
			c.turns = turns
			return turns, nil
		}
	}
	out := []TurnStart{}
	c.g, c.seq = reducer.New(nil), 0
	game, turn := 0, 0
	err := c.forward(c.sum.HeadSeq, func(seq uint64) error {
		s := c.g.S
		if s.Turn > 0 && (s.Turn != turn || s.Game != game) {
			out = append(out, TurnStart{Game: s.Game, Turn: s.Turn, Seq: seq, Active: s.Players[s.Active].ID})
		}
		game, turn = s.Game, s.Turn
		return nil
	})
	if err != nil {
		return out, err
	}
	c.turns = out
	return out, nil
}

// seekTurn moves to the start of a turn, or to its first position in a
// step.
func (c *Cursor) seekTurn(at At) (*Position, error) {
	ts, err := c.turnSeq(at)
	if err != nil {
		return nil, err
	}
	pos, err := c.At(ts.Seq)
	if err != nil || at.Step == reducer.StepNone {
		return pos, err
	}
	var seen []string
	for seq := ts.Seq; ; seq++ {
		if pos, err = c.At(seq); err != nil {
			return nil, err
		}
		s := pos.Game.S
		if s.Game != ts.Game || s.Turn != ts.Turn {
			break
		}
		if s.Step == at.Step {
			return pos, nil
		}
		if name := s.Step.String(); len(seen) == 0 || seen[len(seen)-1] != name {
			seen = append(seen, name)
		}
		if seq == c.sum.HeadSeq {
			break
		}
	}
	where := At{Turn: ts.Turn, Game: at.Game}.turn()
	return nil, errNotReached("%s of match %s has no position at %s: its positions are at %s", where, c.match, at.Step, strings.Join(seen, ", "))
}

// ParseTurn reads a turn as given to --turn: "5", or "5.declare_blockers"
// for turn 5 at that step.
func ParseTurn(s string) (turn int, step reducer.Step, err error) {
	num, stepName, hasStep := strings.Cut(s, ".")
	if _, err := fmt.Sscanf(num, "%d", &turn); err != nil || fmt.Sprint(turn) != num {
		return 0, 0, fmt.Errorf("%q is not a turn: want N or N.STEP, e.g. 5 or 5.declare_blockers", s)
	}
	if turn < 1 {
		return 0, 0, fmt.Errorf("turns count from 1")
	}
	if !hasStep {
		return turn, reducer.StepNone, nil
	}
	step, ok := reducer.ParseStep(stepName)
	if !ok {
		return 0, 0, fmt.Errorf("%q is not a step; the steps: %s", stepName, strings.Join(stepNames(), ", "))
	}
	return turn, step, nil
}

// stepNames lists the steps in turn order.
func stepNames() []string {
	var out []string
	for st := reducer.StepUntap; ; st++ {
		if _, ok := reducer.ParseStep(st.String()); !ok {
			return out
		}
		out = append(out, st.String())
	}
}
