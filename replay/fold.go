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
// input); its memory does not grow with the log. An input the rules forbid
// stops it with an *IllegalError; an error from fn stops it and is
// returned.
func Fold(src Source, match string, fn func(g *reducer.Game, seq uint64) error) error {
	c, err := NewCursor(src, match)
	if err != nil {
		return err
	}
	c.marks = nil // walked once: no marks to come back to
	c.g, c.seq = reducer.New(nil), 0
	if b, ok := effectBufs.Get().(*[]reducer.Effect); ok {
		c.effs = *b
	}
	err = c.forward(c.sum.HeadSeq, func(seq uint64) error { return fn(c.g, seq) })
	if cap(c.effs) <= maxPooledEffects {
		b := c.effs[:0]
		effectBufs.Put(&b)
	}
	return err
}

// effectBufs keeps the memory folds decode effects into, from one fold to
// the next: a match's first input (its decks' cards) grows it to a few
// hundred effects, which a tournament's audit or replay would otherwise
// allocate again for every match.
var effectBufs sync.Pool

// maxPooledEffects bounds the buffers kept (an effect is 216 bytes).
const maxPooledEffects = 4096
