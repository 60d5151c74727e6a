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
// The finding is what the audit of a file finds at one input: it is
// refused (`illegal`, with its rule), its table effects stand for text the
// engine doesn't model (`unverified`) or the rules dispute them
// (`disputed`; `divergence` when the rules take the input and derive
// another game than the table's effects, TABLE-DISPUTE), a playtest card
// outside its formats (`playtest`), or it crashes the engine (`crash`). A
// store's divergence (the effects it recorded for an input differ from
// today's rules, AUDIT-EFFECTS) is carried into the smaller log as the
// table's effects of that input: there it is the table's effects that
// disagree with the rules.
//
// The shrinker starts from a setup placing the position as late before
// that input as a setup can (export --format setup), keeps only the inputs
// from there to it, then drops what it can: inputs, the setup's
// permanents, cards and whole zones (the setup gives every object its id,
// so the later inputs name the same objects), the cards of the deck lists
// and the rest of the setup (shrink_fields.go). A drop is kept only when a replay of the smaller log with
// the rules from its start still shows the same finding (kind, rule and
// the facts its reason gives) at its last input: what comes out
// reproduces by construction.

// Shrink finding kinds.
const (
	ShrinkIllegal    = "illegal"
	ShrinkDisputed   = "disputed"
	ShrinkDivergence = "divergence"
	ShrinkUnverified = "unverified"
	ShrinkPlaytest   = "playtest"
	ShrinkCrash      = "crash"
)

// ShrinkKinds lists the kinds of finding Shrink keeps.
var ShrinkKinds = []string{ShrinkIllegal, ShrinkDisputed, ShrinkDivergence, ShrinkUnverified, ShrinkPlaytest, ShrinkCrash}

// RuleEnginePanic is the rule of a crash: the engine panicked on the input.
const RuleEnginePanic = "ENGINE-PANIC"

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
	// FromInputs counts the original log's inputs up to the finding and
	// Inputs the smaller log's; Objects counts what its setup places
	// (Cards outside the battlefield and Permanents), FromCards and
	// FromPermanents what the setup it started from placed; Deck and
	// FromDeck count the cards of match_started's deck lists and
	// sideboards after and before. Tries counts the replays.
	FromInputs, Inputs, Objects, Tries int
	FromCards, Cards                   int
	FromPermanents, Permanents         int
	FromDeck, Deck                     int
	SetupAt                            uint64 // the seq the setup places the position after; 0 for none
	// Recorded: the finding is a store's divergence, which the smaller
	// log carries as the table's effects of its last input.
	Recorded bool
}

// ErrNoFinding means the match shows no finding of the kind asked for.
var ErrNoFinding = errors.New("no such finding")

// shrinker holds what a shrink keeps: the finding, the result, progress.
type shrinker struct {
	want     ShrinkFinding
	r        *ShrinkResult
	progress func(format string, args ...any)
}

// shows replays evs and reports whether their last input shows the
// finding: the same kind, rule and facts (a tapped permanent dropped from
// the setup would still be refused by the same rule, for another reason).
func (s *shrinker) shows(evs []*events.Event) bool {
	s.r.Tries++
	got, i := findIn(evs, ShrinkOptions{Kind: s.want.Kind, Rule: s.want.Rule})
	return i == len(evs)-1 && got.Kind == s.want.Kind && got.Rule == s.want.Rule && got.Reason == s.want.Reason
}

// Shrink makes the smallest log it can that shows the finding opt names.
func Shrink(src Source, match string, opt ShrinkOptions) (*ShrinkResult, error) {
	if opt.Kind == FindingChain {
		return nil, fmt.Errorf("a chain finding can't be shrunk: it is about the log's own bytes, and a smaller log is a hand-written file without seq, prev or hash (replay verify names the broken link)")
	}
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
	recorded := false
	if n < 0 && (opt.Kind == "" || opt.Kind == ShrinkDivergence) {
		conv, f, i, err := recordedDivergence(src, match, all, opt)
		if err != nil {
			return nil, err
		}
		if i >= 0 {
			all, want, n, recorded = conv, f, i, true
		}
	}
	if n < 0 {
		return nil, fmt.Errorf("match %s: %w %s", match, ErrNoFinding, describeWant(opt))
	}
	progress := func(format string, args ...any) {
		if opt.Progress != nil {
			fmt.Fprintf(opt.Progress, format+"\n", args...)
		}
	}
	progress("shrink: %s at seq %d: %s (%s)", want.Kind, want.Seq, want.Reason, want.Rule)
	r := &ShrinkResult{Finding: want, FromInputs: n + 1, Recorded: recorded}
	s := &shrinker{want: want, r: r, progress: progress}
	log := bareAll(all[:n+1], match)

	// A setup as late as it can be: the position after at, then the
	// inputs from there to the finding.
	for at := uint64(n); at >= 2; {
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
		cand := []*events.Event{lines[0].Event, lines[1].Event}
		cand = append(cand, bareAll(all[at:n+1], match)...) // the inputs after seq at
		if s.shows(cand) {
			log, r.SetupAt = bareAll(cand, match), at
			progress("shrink: a setup after seq %d and %d inputs show it", at, len(cand)-2)
			break
		}
		at--
	}
	if b := setupOf(log); b != nil {
		r.FromCards, r.FromPermanents = setupCounts(b)
	}
	r.FromDeck = deckCards(log[0])

	log = s.inputs(log)
	if setupOf(log) != nil {
		log = s.setup(log) // shrink_setup.go
		log = s.inputs(log)
	}
	log = s.decks(log)  // shrink_setup.go
	log = s.fields(log) // shrink_fields.go
	progress("shrink: %d inputs left", len(log))

	if !s.shows(log) { // by construction; checked all the same
		return nil, fmt.Errorf("match %s: the smaller log doesn't show %s (%s) at its last input", match, want.Kind, want.Rule)
	}
	if b := setupOf(log); b != nil {
		r.Cards, r.Permanents = setupCounts(b)
		r.Objects = r.Cards + r.Permanents
	}
	r.Deck = deckCards(log[0])
	log = bareAll(log, match)
	r.Events, r.Inputs = log, len(log)
	return r, nil
}

// inputs drops what it can of the inputs between the start (and setup)
// and the finding: all of them, then halves, quarters and so on down to
// one at a time (shrink_setup.go, list).
func (s *shrinker) inputs(log []*events.Event) []*events.Event {
	first := 1
	if setupOf(log) != nil {
		first = 2
	}
	n := len(log) - 1 - first // the finding's input stays
	if n <= 0 {
		return log
	}
	cut := func(keep []bool) []*events.Event {
		out := append([]*events.Event{}, log[:first]...)
		out = append(out, pick(log[first:len(log)-1], keep)...)
		return append(out, log[len(log)-1])
	}
	return cut(s.list(n, func(keep []bool) bool { return s.shows(cut(keep)) }))
}

// setupOf is the setup a shrunk log starts from, or nil.
func setupOf(log []*events.Event) *events.Setup {
	if len(log) < 2 {
		return nil
	}
	b, _ := log[1].Body.(*events.Setup)
	return b
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

// accepts reports whether f is the finding opt asks for, as opt names it:
// a dispute of the table's effects is a divergence when one is asked for.
func (opt ShrinkOptions) accepts(f ShrinkFinding) (ShrinkFinding, bool) {
	if opt.Kind == ShrinkDivergence && f.Kind == ShrinkDisputed && f.Rule == reducer.RuleTableDispute {
		f.Kind = ShrinkDivergence
	}
	ok := (opt.Kind == "" || opt.Kind == f.Kind) && (opt.Rule == "" || opt.Rule == f.Rule) && (opt.Seq == 0 || opt.Seq == f.Seq)
	return f, ok
}

// findIn replays evs with the rules on a new game, as the audit of a file
// does, and returns the first finding opt accepts and its index, or -1.
func findIn(evs []*events.Event, opt ShrinkOptions) (ShrinkFinding, int) {
	g := reducer.New(nil)
	pt := &playtestCheck{}
	for i, ev := range evs {
		c := *ev
		c.Seq, c.Prev, c.Hash = uint64(i+1), events.Hash{}, events.Hash{}
		seq := ev.Seq
		if seq == 0 {
			seq = uint64(i + 1)
		}
		var fs []ShrinkFinding
		k := len(pt.found)
		pt.input(&c)
		for _, f := range pt.found[k:] {
			fs = append(fs, ShrinkFinding{Kind: ShrinkPlaytest, Rule: f.Rule, Reason: f.Reason})
		}
		f, stop := submitFinding(g, &c)
		if f.Kind != "" {
			fs = append(fs, f)
		}
		for _, f := range fs {
			f.Seq = seq
			if f, ok := opt.accepts(f); ok {
				return f, i
			}
		}
		if stop {
			return ShrinkFinding{}, -1 // nothing after a refused or crashing input is replayed
		}
	}
	return ShrinkFinding{}, -1
}

// shrinkSubmit submits one input; tests plant crashes through it.
var shrinkSubmit = func(g *reducer.Game, ev *events.Event) (reducer.Verification, error) {
	_, v, err := g.SubmitVerified(ev)
	return v, err
}

// submitFinding submits one input and says what the rules found, if
// anything (Kind "" for nothing), and whether the replay stops there.
func submitFinding(g *reducer.Game, ev *events.Event) (f ShrinkFinding, stop bool) {
	defer func() {
		if p := recover(); p != nil {
			f, stop = ShrinkFinding{Kind: ShrinkCrash, Rule: RuleEnginePanic, Reason: fmt.Sprint(p)}, true
		}
	}()
	v, err := shrinkSubmit(g, ev)
	switch {
	case err != nil:
		af := illegalFinding(ev, err)
		return ShrinkFinding{Kind: ShrinkIllegal, Rule: af.Rule, Reason: af.Reason}, true
	case v.Status == reducer.Disputed:
		return ShrinkFinding{Kind: ShrinkDisputed, Rule: v.Rule, Reason: v.Reason}, false
	case v.Status == reducer.Unverified:
		return ShrinkFinding{Kind: ShrinkUnverified, Rule: v.Rule, Reason: v.Reason}, false
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
		return "(no finding of the audit, nor a crash)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
