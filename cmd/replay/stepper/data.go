package stepper

import (
	"fmt"
	"time"

	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
)

// MatchData is the Data of a recorded match: its outline, built once, and
// boards rebuilt by a cursor as the stepper moves. It keeps the last view it
// built, since a screen is drawn again after every key.
type MatchData struct {
	out    *replay.Outline
	cursor *replay.Cursor
	marks  map[uint64][]replay.Mark

	lastSeq  uint64
	lastView *reducer.View
	lastErr  error
}

var _ Data = (*MatchData)(nil)

// NewMatchData reads match from src as viewer as sees it: it builds the
// outline (one replay, plus the audit) and opens a cursor for the boards.
func NewMatchData(src replay.Source, match, as string) (*MatchData, error) {
	out, err := replay.NewOutline(src, match, as)
	if err != nil {
		return nil, err
	}
	cur, err := replay.NewCursor(src, match)
	if err != nil {
		return nil, err
	}
	d := &MatchData{out: out, cursor: cur, marks: map[uint64][]replay.Mark{}}
	for _, m := range out.Marks {
		d.marks[m.Seq] = append(d.marks[m.Seq], m)
	}
	return d, nil
}

// Model is a model over the match's inputs, its turn starts and marks,
// standing at the first input.
func (d *MatchData) Model() Model {
	seqs := make([]uint64, len(d.out.Entries))
	for i, e := range d.out.Entries {
		seqs[i] = e.Seq
	}
	var turns, marks []uint64
	for _, m := range d.out.Marks {
		marks = append(marks, m.Seq)
		if m.Kind == replay.MarkTurn {
			turns = append(turns, m.Seq)
		}
	}
	return NewModel(seqs, turns, marks)
}

// Title is "bolt-race (modern) Alice v Bob, seen by judge".
func (d *MatchData) Title() string {
	s := d.out.Summary
	return fmt.Sprintf("%s (%s) %s, seen by %s", s.Match, s.Format, s.PlayerNames(), d.out.As)
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
	seq := d.out.Entries[i].Seq
	if d.lastView == nil && d.lastErr == nil || d.lastSeq != seq {
		d.lastSeq, d.lastView, d.lastErr = seq, nil, nil
		pos, err := d.cursor.At(seq)
		if err != nil {
			d.lastErr = err
		} else {
			d.lastView = pos.View(d.out.As)
		}
	}
	return d.lastView, d.lastErr
}

// Entry tells input i.
func (d *MatchData) Entry(i int) replay.Entry { return d.out.Entries[i] }

// Took is how long the decision of input i took.
func (d *MatchData) Took(i int) (time.Duration, bool) { return d.out.Took(i) }

// Marks are the marks at input i.
func (d *MatchData) Marks(i int) []replay.Mark { return d.marks[d.out.Entries[i].Seq] }

// Note says when the rules stopped the replay before the end.
func (d *MatchData) Note() string {
	if d.out.Stopped == nil {
		return ""
	}
	return "the replay stops early: " + d.out.Stopped.Error()
}
