package coverage

import (
	"bytes"
	"io"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

// DBReport is the coverage of the whole card database.
type DBReport struct {
	Summary
	Top []Sentence `json:"top_declined"`
}

// OfDB measures every traditional card of the pool (un-set, Vanguard,
// Plane, Phenomenon, Scheme and Conspiracy cards aside), calling progress
// after each card with how many are done of how many.
func OfDB(pool *cards.Pool, supports Supports, top int, progress func(done, total int)) DBReport {
	var r DBReport
	t := tally{}
	names := pool.Names()
	for i, n := range names {
		c, ok := pool.Card(n)
		if ok && traditional(c) {
			cv := Of(c, supports)
			r.Add(cv, 1)
			t.add(cv, 1)
		}
		if progress != nil {
			progress(i+1, len(names))
		}
	}
	r.Top = t.top(top)
	return r
}

// traditional reports whether a card is a traditional Magic card: not an
// un-set card, not a Vanguard, Plane, Phenomenon, Scheme or Conspiracy.
func traditional(c *cards.Card) bool {
	if c.Info != nil && c.Info.Funny {
		return false
	}
	for _, t := range c.Types {
		switch t {
		case "Vanguard", "Plane", "Phenomenon", "Scheme", "Conspiracy":
			return false
		}
	}
	return c.Layout != "token"
}
