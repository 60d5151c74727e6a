package main

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/replay"
)

type shrinkCmd struct {
	storeFlags
	Target  string `arg:"" name:"MATCH|FILE.jsonl" help:"A stored match, or a .jsonl file."`
	Match   string `placeholder:"M" help:"The match when the file holds several."`
	Finding string `name:"finding" placeholder:"KIND[:RULE]" help:"The finding to keep: illegal (an input the rules refuse), disputed (one whose table effects they dispute), divergence (the table's effects, or a store's recorded ones, disagree with the rules), unverified (table effects standing for unmodelled text), playtest (a playtest card outside its formats) or crash (an input that crashes the engine), and its rule (illegal:CR 117.3). Default: the first of any."`
	Seq     uint64 `name:"seq" placeholder:"N" help:"The input that shows the finding. Default: the first that does."`
	Out     string `name:"out" short:"o" required:"" placeholder:"OUT.jsonl" help:"Where to write the smaller log."`
}

func (c *shrinkCmd) Run(e *env) error {
	opt := replay.ShrinkOptions{Seq: c.Seq, Progress: e.stderr}
	if c.Finding != "" {
		kind, rule, _ := strings.Cut(c.Finding, ":")
		if kind == replay.FindingChain {
			return fail(exitUsage, "--finding: a chain finding can't be shrunk: it is about the log's own bytes, and a smaller log is a hand-written file (replay verify names the broken link)")
		}
		if !slices.Contains(replay.ShrinkKinds, kind) {
			return fail(exitUsage, "--finding: unknown kind %q (%s)", kind, strings.Join(replay.ShrinkKinds, ", "))
		}
		opt.Kind, opt.Rule = kind, rule
	}
	t, err := openTarget(c.storeFlags, c.Target, c.Match)
	if err != nil {
		return err
	}
	defer t.Close()
	r, err := replay.Shrink(t.src, t.match, opt)
	if errors.Is(err, replay.ErrNoFinding) {
		return fail(exitFailed, "%v", err)
	}
	if err != nil {
		return replayError(err)
	}
	f, err := os.Create(c.Out)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	if err := events.WriteJSONL(f, r.Events); err != nil {
		f.Close()
		return fail(exitUsage, "%s: %v", c.Out, err)
	}
	if err := f.Close(); err != nil {
		return fail(exitUsage, "%s: %v", c.Out, err)
	}
	from := "the match's start"
	if r.SetupAt > 0 {
		from = fmt.Sprintf("a setup of the position after seq %d placing %d card%s and %d permanent%s (from %d and %d)",
			r.SetupAt, r.Cards, plural(r.Cards), r.Permanents, plural(r.Permanents), r.FromCards, r.FromPermanents)
	}
	rule := ""
	if r.Finding.Rule != "" {
		rule = " (" + r.Finding.Rule + ")"
	}
	inputs := fmt.Sprintf("%d inputs (from %d) show %s at their last", r.Inputs, r.FromInputs, r.Finding.Kind)
	if r.Inputs == 1 {
		inputs = fmt.Sprintf("1 input (from %d) shows %s at its last", r.FromInputs, r.Finding.Kind)
	}
	fmt.Fprintf(e.stdout, "%s: %s: %s%s\nstarts from %s; deck lists of %d card%s (from %d); %d replays tried\n",
		c.Out, inputs, r.Finding.Reason, rule, from, r.Deck, plural(r.Deck), r.FromDeck, r.Tries)
	if r.Recorded {
		fmt.Fprintf(e.stdout, "the store's recorded effects of that input are its table effects in %s\n", c.Out)
	}
	return nil
}
