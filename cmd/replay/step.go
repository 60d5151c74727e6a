package main

import (
	"context"

	"github.com/chronicle-mtg/chronicle/cmd/replay/stepper"
)

type stepCmd struct {
	storeFlags
	Target string  `arg:"" name:"MATCH|FILE.jsonl" help:"A stored match, or a .jsonl file to replay with the rules."`
	Match  string  `placeholder:"M" help:"The match to step through when the file holds several."`
	As     string  `name:"as" placeholder:"PLAYER" help:"Show only what this player (id or name) could see; \"judge\" (the default) sees everything, \"public\" what every player sees."`
	At     *uint64 `name:"at" placeholder:"SEQ" help:"Start at input SEQ; default the first."`
}

func (c *stepCmd) Run(e *env) error {
	t, _, as, err := openViewed(c.storeFlags, c.Target, c.Match, c.As)
	if err != nil {
		return err
	}
	defer t.Close()
	d, err := stepper.NewMatchData(t.src, t.match, as)
	if err != nil {
		return replayError(err)
	}
	m := d.Model()
	switch {
	case m.Len() == 0 && d.Note() != "":
		return fail(exitFailed, "match %s: %s", t.match, d.Note())
	case m.Len() == 0:
		return fail(exitUsage, "match %s has no inputs to step through", t.match)
	}
	if c.At != nil {
		var ok bool
		if m, ok = m.GotoSeq(*c.At); !ok {
			return fail(exitUsage, "--at: match %s has no input %d to start at (its inputs: %d to %d)",
				t.match, *c.At, d.Entry(0).Seq, d.Entry(m.Len()-1).Seq)
		}
	}
	_, err = stepper.Run(context.Background(), m, d, stepper.Options{Input: e.stdin, Output: e.stdout, AltScreen: true})
	if err != nil {
		return fail(exitUsage, "step: %v", err)
	}
	return nil
}
