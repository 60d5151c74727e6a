package stepper

import (
	"context"
	"fmt"
	"time"

	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
)

// MatchData is the Data of a recorded match, read through a query.Reader
// (a store or file in this process, or running recorders over NATS): its
// timeline, read once, and boards asked for as the stepper moves. It keeps
// the last view it got, since a screen is drawn again after every key.
type MatchData struct {
	r     query.Reader
	t     *query.Timeline
	marks map[uint64][]replay.Mark

	lastSeq  uint64
	lastView *reducer.View
	lastErr  error
}

var _ Data = (*MatchData)(nil)

// NewMatchData reads match from r as viewer as sees it: the timeline (one
// replay, plus the audit); boards come later, one per position shown.
func NewMatchData(r query.Reader, match, as string) (*MatchData, error) {
	t, err := r.Timeline(context.Background(), query.ViewRequest{Match: match, As: as})
	if err != nil {
		return nil, err
	}
	d := &MatchData{r: r, t: t, marks: map[uint64][]replay.Mark{}}
	for _, m := range t.Marks {
		d.marks[m.Seq] = append(d.marks[m.Seq], m)
	}
	return d, nil
}

// Model is a model over the match's inputs, its turn starts and marks,
// standing at the first input.
func (d *MatchData) Model() Model {
	seqs := make([]uint64, len(d.t.Entries))
	for i, e := range d.t.Entries {
		seqs[i] = e.Seq
	}
	var turns, marks []uint64
	for _, m := range d.t.Marks {
		marks = append(marks, m.Seq)
		if m.Kind == replay.MarkTurn {
			turns = append(turns, m.Seq)
		}
	}
	return NewModel(seqs, turns, marks)
}

// Title is "bolt-race (modern) Alice v Bob, seen by judge".
func (d *MatchData) Title() string {
	s := d.t.Match
	return fmt.Sprintf("%s (%s) %s, seen by %s", s.Match, s.Format, s.PlayerNames(), d.t.As)
}

// Board is the position after input i, as the viewer sees it.
func (d *MatchData) Board(i, width int) []string {
	v, err := d.view(i)
	if err != nil {
		return []string{"can't rebuild the position: " + err.Error()}
	}
	return Board(v, width)
}

func (d *MatchData) view(i int) (*reducer.View, error) {
	seq := d.t.Entries[i].Seq
	if d.lastView == nil && d.lastErr == nil || d.lastSeq != seq {
		d.lastSeq = seq
		d.lastView, d.lastErr = d.r.State(context.Background(), query.StateRequest{Match: d.t.Match.Match, Seq: seq, As: d.t.As})
	}
	return d.lastView, d.lastErr
}

// Entry tells input i.
func (d *MatchData) Entry(i int) replay.Entry { return d.t.Entries[i] }

// Took is how long the decision of input i took: the time between its
// input's recorded time and the one before; ok is false for the first input
// and where a time is unknown (a hand-written file).
func (d *MatchData) Took(i int) (time.Duration, bool) {
	ts := d.t.Times
	if i <= 0 || i >= len(ts) || ts[i] == 0 || ts[i-1] == 0 {
		return 0, false
	}
	return time.Duration(ts[i]-ts[i-1]) * time.Millisecond, true
}

// Marks are the marks at input i.
func (d *MatchData) Marks(i int) []replay.Mark { return d.marks[d.t.Entries[i].Seq] }

// Note says when the rules stopped the replay before the end.
func (d *MatchData) Note() string {
	if d.t.Stopped == nil {
		return ""
	}
	return "the replay stops early: " + d.t.Stopped.Message
}
