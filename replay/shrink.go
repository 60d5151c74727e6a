package replay

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Shrinking: the smallest log that still shows a finding, for a bug report.
// The finding is what the rules say of one input: it is refused
// (`illegal`, with its rule), stored but disputed against the table's
// effects (`disputed`), or it crashes the engine (`crash`). The shrinker
// starts from a setup placing the position as late before that input as a
// setup can (export --format setup), keeps only the inputs up to it, then
// drops every input it can, one at a time,
// keeping a drop only when a replay of the smaller log still shows the
// same finding (kind and rule) at its last input. Each try is a replay
// with the rules from the log's start: what comes out reproduces by
// construction. Not yet: dropping the setup's cards and permanents (a
// setup places every card of the decks, and dropping one renumbers the
// ids the inputs name), and findings of the audit (divergences, chain).

// Shrink finding kinds.
const (
	ShrinkIllegal  = "illegal"
	ShrinkDisputed = "disputed"
	ShrinkCrash    = "crash"
)

// ShrinkOptions say which finding to keep: its kind and rule ("" for any)
// and the seq of the input (0 for the first that shows it).
type ShrinkOptions struct {
	Kind, Rule string
	Seq        uint64
	// Progress, when set, hears a line per stage.
	Progress io.Writer
}

// ShrinkFinding is what a replay finds at one input.
type ShrinkFinding struct {
	Kind, Rule, Reason string
	Seq                uint64 // in the log it was found in
}

// ShrinkResult is the smaller log and what it shows.
type ShrinkResult struct {
	Events  []*events.Event // without seq, prev or hash: a hand-written file
	Finding ShrinkFinding
	// Inputs and Objects count the original log's inputs up to the
	// finding and the smaller log's inputs and the objects its setup
	// places; Tries counts the replays.
	FromInputs, Inputs, Objects, Tries int
	SetupAt                            uint64 // the seq the setup places the position after; 0 for none
}

// ErrNoFinding means the match shows no finding of the kind asked for.
var ErrNoFinding = errors.New("no such finding")

// Shrink makes the smallest log it can that shows the finding opt names.
func Shrink(src Source, match string, opt ShrinkOptions) (*ShrinkResult, error) {
	sum, err := src.Match(match)
	if err != nil {
		return nil, err
	}
	var all []*events.Event
	if err := src.Events(match, func(ev *events.Event) error {
		all = append(all, ev)
		return nil
	}); err != nil {
		return nil, err
	}
	want, n := findIn(all, opt)
	if n < 0 {
		return nil, fmt.Errorf("match %s: %w %s", match, ErrNoFinding, describeWant(opt))
	}
	progress := func(format string, args ...any) {
		if opt.Progress != nil {
			fmt.Fprintf(opt.Progress, format+"\n", args...)
		}
	}
	progress("shrink: %s at seq %d: %s (%s)", want.Kind, want.Seq, want.Reason, want.Rule)
	r := &ShrinkResult{Finding: want, FromInputs: n + 1}
	shows := func(evs []*events.Event) bool {
		r.Tries++
		got, i := findIn(evs, ShrinkOptions{Kind: want.Kind, Rule: want.Rule})
		return i == len(evs)-1 && got.Kind == want.Kind && got.Rule == want.Rule
	}
	log := bareAll(all[:n+1], match)

	// A setup as late as it can be: the position after at, then the
	// inputs from there to the finding.
	for at := want.Seq - 1; at >= 2; {
		var buf bytes.Buffer
		err := exportSetup(&buf, src, sum, at)
		var se *SetupError
		if errors.As(err, &se) {
			if se.Before == 0 || se.Before >= at {
				break
			}
			at = se.Before
			continue
		}
		if err != nil {
			return nil, err
		}
		lines, err := events.ReadJSONL(&buf, "setup", events.ReadOptions{})
		if err != nil {
			return nil, err
		}
		cand := make([]*events.Event, 0, 2+int(want.Seq-at))
		for i, l := range lines {
			if i < 2 || uint64(i)-2 < want.Seq-at {
				cand = append(cand, l.Event)
			}
		}
		if shows(cand) {
			log, r.SetupAt = cand, at
			progress("shrink: a setup after seq %d and %d inputs show it", at, len(cand)-2)
			break
		}
		at--
	}

	// Drop inputs between the start (and setup) and the finding, latest
	// first.
	first := 1
	if r.SetupAt > 0 {
		first = 2
	}
	for i := len(log) - 2; i >= first; i-- {
		cand := append(append([]*events.Event{}, log[:i]...), log[i+1:]...)
		if shows(cand) {
			log = cand
		}
	}
	progress("shrink: %d inputs left", len(log))

	// The setup's cards stay: a setup places every card of the decks, and
	// dropping one renumbers the card and object ids the inputs name.
	if r.SetupAt > 0 {
		if b, ok := log[1].Body.(*events.Setup); ok {
			r.Objects = setupObjects(b)
		}
	}
	log = bareAll(log, match)
	r.Events, r.Inputs = log, len(log)
	return r, nil
}

// setupObjects counts the cards a setup places.
func setupObjects(b *events.Setup) int {
	n := 0
	for _, p := range b.Players {
		n += len(p.Library) + len(p.Hand) + len(p.Graveyard) + len(p.Exile) + len(p.Command) + len(p.Battlefield)
	}
	return n
}

// bareAll copies events without their place in a chain, under match.
func bareAll(evs []*events.Event, match string) []*events.Event {
	out := make([]*events.Event, len(evs))
	for i, ev := range evs {
		c := *ev
		c.Match, c.Seq, c.Prev, c.Hash = match, 0, events.Hash{}, events.Hash{}
		out[i] = &c
	}
	return out
}

// findIn replays evs with the rules on a new game and returns the first
// finding opt accepts and its index, or -1.
func findIn(evs []*events.Event, opt ShrinkOptions) (ShrinkFinding, int) {
	g := reducer.New(nil)
	for i, ev := range evs {
		c := *ev
		c.Seq, c.Prev, c.Hash = uint64(i+1), events.Hash{}, events.Hash{}
		f, ok := submitFinding(g, &c)
		seq := ev.Seq
		if seq == 0 {
			seq = uint64(i + 1)
		}
		f.Seq = seq
		if ok && (opt.Kind == "" || opt.Kind == f.Kind) && (opt.Rule == "" || opt.Rule == f.Rule) && (opt.Seq == 0 || opt.Seq == seq) {
			return f, i
		}
		if ok && (f.Kind == ShrinkIllegal || f.Kind == ShrinkCrash) {
			return ShrinkFinding{}, -1 // nothing after a refused input is replayed
		}
	}
	return ShrinkFinding{}, -1
}

// submitFinding submits one input and says what the rules found, if
// anything.
func submitFinding(g *reducer.Game, ev *events.Event) (f ShrinkFinding, found bool) {
	defer func() {
		if p := recover(); p != nil {
			f, found = ShrinkFinding{Kind: ShrinkCrash, Rule: "ENGINE-PANIC", Reason: fmt.Sprint(p)}, true
		}
	}()
	_, v, err := g.SubmitVerified(ev)
	var re *reducer.RuleError
	var ee *events.Error
	switch {
	case errors.As(err, &re):
		return ShrinkFinding{Kind: ShrinkIllegal, Rule: re.Rule, Reason: re.Error()}, true
	case errors.As(err, &ee):
		return ShrinkFinding{Kind: ShrinkIllegal, Rule: ee.Rule, Reason: ee.Error()}, true
	case err != nil:
		return ShrinkFinding{Kind: ShrinkIllegal, Reason: err.Error()}, true
	case v.Status == reducer.Disputed:
		return ShrinkFinding{Kind: ShrinkDisputed, Rule: v.Rule, Reason: v.Reason}, true
	}
	return ShrinkFinding{}, false
}

func describeWant(opt ShrinkOptions) string {
	var parts []string
	if opt.Kind != "" {
		parts = append(parts, opt.Kind)
	}
	if opt.Rule != "" {
		parts = append(parts, "rule "+opt.Rule)
	}
	if opt.Seq != 0 {
		parts = append(parts, fmt.Sprintf("at seq %d", opt.Seq))
	}
	if len(parts) == 0 {
		return "(an illegal, disputed or crashing input)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
