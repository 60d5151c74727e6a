package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/replay"
)

type shrinkCmd struct {
	storeFlags
	Target  string `arg:"" name:"MATCH|FILE.jsonl" help:"A stored match, or a .jsonl file."`
	Match   string `placeholder:"M" help:"The match when the file holds several."`
	Finding string `name:"finding" placeholder:"KIND[:RULE]" help:"The finding to keep: illegal (an input the rules refuse), disputed (one they dispute against the table's effects) or crash (one that crashes the engine), and its rule (illegal:CR 117.3). Default: the first of any."`
	Seq     uint64 `name:"seq" placeholder:"N" help:"The input that shows the finding. Default: the first that does."`
	Out     string `name:"out" short:"o" required:"" placeholder:"OUT.jsonl" help:"Where to write the smaller log."`
}

func (c *shrinkCmd) Run(e *env) error {
	opt := replay.ShrinkOptions{Seq: c.Seq, Progress: e.stderr}
	if c.Finding != "" {
		kind, rule, _ := strings.Cut(c.Finding, ":")
		switch kind {
		case replay.ShrinkIllegal, replay.ShrinkDisputed, replay.ShrinkCrash:
		default:
			return fail(exitUsage, "--finding: unknown kind %q (illegal, disputed or crash)", kind)
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
		from = fmt.Sprintf("a setup of the position after seq %d (%d cards placed)", r.SetupAt, r.Objects)
	}
	fmt.Fprintf(e.stdout, "%s: %d inputs (from %d) show %s at their last: %s\nstarts from %s; %d replays tried\n",
		c.Out, r.Inputs, r.FromInputs, r.Finding.Kind, r.Finding.Reason, from, r.Tries)
	return nil
}
