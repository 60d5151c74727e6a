package replay

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/chronicle-mtg/chronicle/reducer"
)

// Seeking: the game of a match at a point, for `replay show`.
//
// A point is an input (the state right after it), the start of a turn: the
// state right after the input whose effects began that turn, or a step of a
// turn: the first position of the turn in that step. Turns
// begin inside inputs: the last pass of a turn ends it, and the game runs on
// through the next turn's untap step to its upkeep, where the active player
// gets priority; that upkeep is the start shown. An input that places a
// position (setup) begins the turn it places. Turn numbers start again in
// each game of a match, so a turn is of a game: the one asked for, or the
// latest game that reached it.
//
// Seek moves a Cursor: from the store it starts from the nearest snapshot.

// ErrNotReached means a point the match never reached: a seq past its end,
// or a turn that never began.
var ErrNotReached = errors.New("not reached")

// notReached is an error wrapping ErrNotReached that reads as its message.
type notReached struct{ msg string }

func (e *notReached) Error() string        { return e.msg }
func (e *notReached) Is(target error) bool { return target == ErrNotReached }

func errNotReached(format string, args ...any) error {
	return &notReached{msg: fmt.Sprintf(format, args...)}
}

// At is a point in a match. The zero At is the end: the state after the
// last input.
type At struct {
	Seq  uint64 // the state after input Seq (from 1)
	Turn int    // the start of turn Turn (from 1)
	// Game narrows Turn to one game of the match (from 1); 0 means the
	// latest game that reached turn Turn.
	Game int
	// Step, with Turn, is the first position of the turn in that step
	// (after the input that brought the game to it); StepNone is the
	// turn's start.
	Step reducer.Step
}

// Check reports an At that names no point.
func (a At) Check() error {
	switch {
	case a.Seq > 0 && (a.Turn != 0 || a.Game != 0):
		return errors.New("give a seq or a turn, not both")
	case a.Turn < 0 || a.Game < 0:
		return errors.New("turns and games count from 1")
	case a.Game > 0 && a.Turn == 0:
		return errors.New("a game is given with a turn")
	case a.Step != reducer.StepNone && a.Turn == 0:
		return errors.New("a step is given with a turn")
	}
	return nil
}

func (a At) String() string {
	switch {
	case a.Seq > 0:
		return fmt.Sprintf("seq %d", a.Seq)
	case a.Turn > 0 && a.Step != reducer.StepNone:
		return fmt.Sprintf("%s of %s", a.Step, a.turn())
	case a.Turn > 0:
		return "the start of " + a.turn()
	}
	return "the end"
}

// turn names the turn of a: "turn 5" or "turn 5 of game 2".
func (a At) turn() string {
	if a.Game > 0 {
		return fmt.Sprintf("turn %d of game %d", a.Turn, a.Game)
	}
	return fmt.Sprintf("turn %d", a.Turn)
}

// Position is a match's game at a point.
type Position struct {
	Summary Summary
	// Seq is the last input applied.
	Seq  uint64
	Game *reducer.Game
}

// View is the position as viewer as sees it (see reducer.State.View), with
// its seq.
func (p *Position) View(as string) *reducer.View {
	v := p.Game.S.View(as)
	v.Seq = p.Seq
	if p.Summary.Match != "" {
		v.Match = p.Summary.Match // a branch's game began under its root's id
	}
	return v
}

// Seek rebuilds match's game at the point at. A point the match never
// reached is an error wrapping ErrNotReached; an unknown match, one wrapping
// ErrUnknownMatch; an input the rules forbid before the point, an
// *IllegalError. From the store it starts from the nearest snapshot; inputs
// after the point are not read.
func Seek(src Source, match string, at At) (*Position, error) {
	if err := at.Check(); err != nil {
		return nil, err
	}
	c, err := NewCursor(src, match)
	if err != nil {
		return nil, err
	}
	// The game goes to the caller; the memory its effects were folded
	// with is the next seek's.
	c.fold, _ = seekFolders.Get().(*reducer.Folder)
	pos, err := c.Seek(at)
	if c.fold != nil {
		seekFolders.Put(c.fold)
	}
	return pos, err
}

// seekFolders holds the effects memory of seeks done (Seek): grown anew
// each seek, it was some 40 KB of the 380 KB a seek of the bench's long
// match allocated.
var seekFolders sync.Pool

// Seek moves the cursor to the point at (see At).
func (c *Cursor) Seek(at At) (*Position, error) {
	if err := at.Check(); err != nil {
		return nil, err
	}
	seq := at.Seq
	switch {
	case at.Turn > 0:
		return c.seekTurn(at)
	case seq == 0:
		seq = c.sum.HeadSeq
	}
	if seq == 0 {
		return nil, errNotReached("match %s has no inputs", c.match)
	}
	return c.At(seq)
}

// TurnStart is where a turn began.
type TurnStart struct {
	Game   int    `json:"game"`
	Turn   int    `json:"turn"`
	Seq    uint64 `json:"seq"`    // the input whose effects began it
	Active string `json:"active"` // the active player's id
}

// Turns lists where each turn of match began, in seq order. From a store
// that recorded every input with the rules they are read from the digests
// recorded at turn starts; otherwise the match is replayed, and an input
// the rules forbid stops it with an *IllegalError, the turns before it
// listed.
func Turns(src Source, match string) ([]TurnStart, error) {
	c, err := NewCursor(src, match)
	if err != nil {
		return nil, err
	}
	return c.Turns()
}

// turnSeq finds the input that began the turn at names.
func (c *Cursor) turnSeq(at At) (TurnStart, error) {
	starts, err := c.Turns()
	if err != nil {
		return TurnStart{}, err
	}
	var found *TurnStart
	for i := range starts {
		if t := &starts[i]; t.Turn == at.Turn && (at.Game == 0 || t.Game == at.Game) {
			found = t
		}
	}
	if found != nil {
		return *found, nil
	}
	where := At{Turn: at.Turn, Game: at.Game}.turn()
	if len(starts) == 0 {
		return TurnStart{}, errNotReached("%s never began in match %s: no turn did", where, c.match)
	}
	return TurnStart{}, errNotReached("%s never began in match %s: turns that began: %s", where, c.match, turnRanges(starts))
}

// turnRanges says which turns began, game by game: "1 to 3 in game 1, 5 in
// game 2".
func turnRanges(starts []TurnStart) string {
	var parts []string
	for i := 0; i < len(starts); {
		j := i
		for j+1 < len(starts) && starts[j+1].Game == starts[i].Game {
			j++
		}
		r := fmt.Sprintf("%d", starts[i].Turn)
		if starts[j].Turn != starts[i].Turn {
			r += fmt.Sprintf(" to %d", starts[j].Turn)
		}
		parts = append(parts, fmt.Sprintf("%s in game %d", r, starts[i].Game))
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
