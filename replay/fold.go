package replay

import (
	"fmt"
	"sync"

	"github.com/chronicle-mtg/chronicle/reducer"
)

// Fold rebuilds match's game from its first input to its last and calls fn
// after each, with the game as it then stands. From the store it folds the
// stored effects and decodes no input: an input stored without effects is
// the only one read, and it goes through the rules. From a file every input
// goes through the rules, as in Replay. It is the cheapest way through a
// whole match when only the states matter (Replay also hands fn each
// input); its memory does not grow with the log. The game is Fold's and
// valid only during fn: the next fold is built in its memory (clone it,
// Game.Clone, to keep it). An input the rules forbid stops it with an
// *IllegalError; an error from fn stops it and is returned.
func Fold(src Source, match string, fn func(g *reducer.Game, seq uint64) error) error {
	c, err := newFoldCursor(src, match)
	if err != nil {
		return err
	}
	c.marks = nil // walked once: no marks to come back to
	f, _ := folds.Get().(*foldMemory)
	if f == nil {
		f = new(foldMemory)
	}
	c.g, c.seq = reducer.Recycle(f.g, nil), 0
	c.fold = &f.fold
	each := func(seq uint64) error { return fn(c.g, seq) }
	head := c.sum.HeadSeq
	for err == nil && c.seq < head {
		if c.snaps != nil {
			if err = c.foldStored(head, fn); err != nil || c.seq >= head {
				break
			}
		}
		// The next input has no stored effects: the rules derive them.
		err = c.forward(c.seq+1, each)
	}
	// (A panic, fn's, goes on up past this: its game is not kept.)
	f.g = c.g
	folds.Put(f)
	return err
}

// foldMemory is what a fold leaves for the next: its game, whose slabs
// of objects (a match's library, some tens of kilobytes a game) the next
// match's are carved from again, and its Folder's memory. A tournament's
// audit or replay would otherwise allocate both again for every match,
// and hand the pages back to the system between passes only to fault
// them in again.
type foldMemory struct {
	g    *reducer.Game
	fold reducer.Folder
}

var folds sync.Pool

// foldStored folds the stored effects of the inputs after c.seq, up to seq
// or the first input stored without effects, calling fn (when not nil)
// after each with the game standing after it. The store's walk hands out
// only the inputs that follow c.seq one after another up to seq
// (effectsRun), so that for each it is only Apply and fn.
func (c *Cursor) foldStored(seq uint64, fn func(g *reducer.Game, seq uint64) error) (err error) {
	if c.fold == nil {
		c.fold = new(reducer.Folder)
	}
	// The reducer panics on effects that don't fit the state (applyStored);
	// one deferred catch for the walk, not one for each input, turns that
	// into an error. applying is the seq being applied, 0 in between: a
	// panic elsewhere (fn's) goes on up.
	var applying uint64
	defer func() {
		if applying == 0 {
			return
		}
		if r := recover(); r != nil {
			c.g, c.seq = nil, 0 // half applied: no game to stand on
			err = fmt.Errorf("%s seq %d: the stored effects don't fit the game: %v", c.match, applying, r)
		}
	}()
	fold, g := c.fold, c.g
	return effectsRun(c.snaps, c.match, c.seq+1, seq, func(at uint64, b []byte) error {
		applying = at
		if err := fold.Apply(g, b); err != nil {
			c.g, c.seq = nil, 0 // half applied
			return fmt.Errorf("%s seq %d: %w", c.match, at, err)
		}
		applying = 0
		c.seq = at
		if fn != nil {
			return fn(g, at)
		}
		return nil
	})
}
