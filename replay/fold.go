package replay

import (
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
	c, err := NewCursor(src, match)
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
			if err = c.forwardStored(head, each); err != nil || c.seq >= head {
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
