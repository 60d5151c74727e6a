package replay

import (
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// An outline is a match as a stepper walks it, everything but the boards:
// each input told (Narrate), when it was recorded, and the marks a judge
// jumps between. It is built in one pass over the match, plus an audit; the
// boards come from a Cursor as the stepper moves.

// Mark kinds.
const (
	MarkTurn     = "turn"     // a turn began
	MarkSpell    = "spell"    // a spell was cast
	MarkLife     = "life"     // a life total changed
	MarkRejected = "rejected" // the recorder refused an input here (the rejection log)
	MarkAudit    = "audit"    // the audit found something here
)

// Mark is a point worth jumping to.
type Mark struct {
	// Seq is the input to stand after. A rejected input's mark stands
	// after the input before it: the position where it was refused.
	Seq  uint64 `json:"seq"`
	Kind string `json:"kind"`
	Text string `json:"text"` // "turn 5 begins: p1 Alice's turn", "Bob (p2) 5 -> 2", ...
}

func (m Mark) String() string { return m.Kind + ": " + m.Text }

// Outline is what a stepper shows of a match besides its boards.
type Outline struct {
	Summary Summary
	As      string // the viewer: "judge", "public" or a player id
	// Entries tell the inputs one by one, in seq order; Times are when
	// each was recorded, zero when unknown (a hand-written file).
	Entries []Entry
	Times   []time.Time
	// Lives are the players' life totals after each entry, in seat order.
	Lives [][]int
	// Marks are in seq order; several may share a seq.
	Marks []Mark
	// Findings are the audit's, as the viewer may read them (SeenBy).
	Findings []Finding
	// Stopped is the input the rules forbid that ended the outline early
	// (in a file, or an input stored without effects); nil when none did.
	Stopped *IllegalError
}

// NewOutline tells match as viewer as sees it (see Viewer) and gathers its
// marks: turn starts, spells cast, life changes, the rejection log's entries
// for the match (from a store), and the audit's findings (see Audit).
func NewOutline(src Source, match, as string) (*Outline, error) {
	o, err := NewOutlineUnaudited(src, match, as)
	if err != nil || len(o.Entries) == 0 {
		return o, err
	}
	rep, err := Audit(src, match)
	if err != nil {
		return nil, err
	}
	o.AddAudit(src, &rep)
	return o, nil
}

// NewOutlineUnaudited is NewOutline without the audit, which replays the
// match with the rules once more and takes far longer than the rest: a
// viewer shows the match first and adds the findings (AddAudit) when they
// come.
func NewOutlineUnaudited(src Source, match, as string) (*Outline, error) {
	sum, err := src.Match(match)
	if err != nil {
		return nil, err
	}
	if as, err = Viewer(sum, as); err != nil {
		return nil, err
	}
	o := &Outline{Summary: sum, As: as}
	if err := o.tell(src); err != nil {
		return nil, err
	}
	if len(o.Entries) == 0 {
		return o, nil
	}
	if st, ok := src.(*Store); ok {
		rs, err := st.Rejections(match)
		if err != nil {
			return nil, fmt.Errorf("match %s: rejections: %w", match, err)
		}
		for _, r := range rs {
			o.Marks = append(o.Marks, Mark{Seq: o.clamp(r.Seq - 1), Kind: MarkRejected, Text: rejectionText(r, o.As)})
		}
		sortMarks(o.Marks)
	}
	return o, nil
}

// AddAudit adds the findings of rep, the audit of the outline's match, as
// its viewer may read them, each with its mark.
func (o *Outline) AddAudit(src Source, rep *Report) {
	for _, f := range rep.Findings {
		f = f.SeenBy(o.As, actorAt(src, o.Summary.Match, f.Seq))
		o.Findings = append(o.Findings, f)
		o.Marks = append(o.Marks, Mark{Seq: o.clamp(f.Seq), Kind: MarkAudit, Text: f.String()})
	}
	sortMarks(o.Marks)
}

// tell narrates the match and marks turns, spells and life changes.
func (o *Outline) tell(src Source) error {
	n := &narrator{g: reducer.New(nil), as: o.As}
	game, turn := 0, 0
	var lives []int
	err := Replay(src, o.Summary.Match, func(g *reducer.Game, in Input) error {
		ev, s := in.Event, g.S
		e := n.entry(in)
		o.Entries = append(o.Entries, e)
		o.Times = append(o.Times, ev.RecordedTime())
		if ev.Kind == events.KindCast {
			o.Marks = append(o.Marks, Mark{Seq: ev.Seq, Kind: MarkSpell, Text: e.Text})
		}
		if s.Game == game && ev.Kind != events.KindSetup && ev.Kind != events.KindMatchStarted {
			for i, p := range s.Players {
				if i < len(lives) && lives[i] != p.Life {
					o.Marks = append(o.Marks, Mark{Seq: ev.Seq, Kind: MarkLife, Text: fmt.Sprintf("%s (%s) %d -> %d", p.Name, p.ID, lives[i], p.Life)})
				}
			}
		}
		lives = make([]int, len(s.Players))
		for i, p := range s.Players {
			lives[i] = p.Life
		}
		o.Lives = append(o.Lives, lives)
		if s.Turn > 0 && (s.Turn != turn || s.Game != game) {
			text := fmt.Sprintf("turn %d begins: %s %s's turn", s.Turn, s.Players[s.Active].ID, s.Players[s.Active].Name)
			if s.Game > 1 {
				text = fmt.Sprintf("game %d, %s", s.Game, text)
			}
			o.Marks = append(o.Marks, Mark{Seq: ev.Seq, Kind: MarkTurn, Text: text})
		}
		game, turn = s.Game, s.Turn
		return nil
	})
	var ie *IllegalError
	if errors.As(err, &ie) {
		o.Stopped = ie
		return nil
	}
	return err
}

// clamp puts a seq on an entry of the outline: the first for seq 0, the
// last for a seq past it.
func (o *Outline) clamp(seq uint64) uint64 {
	first, last := o.Entries[0].Seq, o.Entries[len(o.Entries)-1].Seq
	return max(first, min(seq, last))
}

// Took is how long the decision of entry i took: the time between its
// input's recorded time and the one before. ok is false for the first
// entry and where a time is unknown.
func (o *Outline) Took(i int) (d time.Duration, ok bool) {
	if i <= 0 || i >= len(o.Times) || o.Times[i].IsZero() || o.Times[i-1].IsZero() {
		return 0, false
	}
	return o.Times[i].Sub(o.Times[i-1]), true
}

// sortMarks orders marks by seq, keeping the order they were found in
// within a seq.
func sortMarks(ms []Mark) {
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].Seq < ms[j].Seq })
}
