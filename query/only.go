package query

import (
	"context"
	"slices"

	"github.com/chronicle-mtg/chronicle/replay"
)

// A player's NATS user may read its own match but not ask every recorder for
// the list (it would learn every match's players): Only lists the matches
// it is told, each asked for by its own summary, which the user may read.

// Only answers List with the named matches that pass the filter, in match
// order, asking for each one's summary; a named match no recorder holds
// (yet) is left out. Every other question goes to r as it is. No names
// returns r unchanged.
func Only(r Reader, matches []string) Reader {
	if len(matches) == 0 {
		return r
	}
	ms := slices.Clone(matches)
	slices.Sort(ms)
	return &only{Reader: r, matches: slices.Compact(ms)}
}

type only struct {
	Reader
	matches []string
}

func (o *only) List(ctx context.Context, f replay.Filter) ([]replay.Summary, error) {
	out := []replay.Summary{}
	for _, m := range o.matches {
		sum, err := o.Match(ctx, m)
		if CodeOf(err) == CodeUnknownMatch {
			continue
		}
		if err != nil {
			return nil, err
		}
		if f.Matches(sum) {
			out = append(out, sum)
		}
	}
	return out, nil
}
