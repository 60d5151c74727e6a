package main

import (
	"context"

	"github.com/chronicle-mtg/chronicle/cmd/replay/stepper"
	"github.com/chronicle-mtg/chronicle/query"
)

type stepCmd struct {
	storeFlags
	Target string  `arg:"" name:"MATCH|FILE.jsonl" help:"A stored match, or a .jsonl file to replay with the rules."`
	Match  string  `placeholder:"M" help:"The match to step through when the file holds several."`
	As     string  `name:"as" placeholder:"PLAYER" help:"Show only what this player (id or name) could see; \"judge\" (the default) sees everything, \"public\" what every player sees."`
	At     *uint64 `name:"at" placeholder:"SEQ" help:"Start at input SEQ; default the first."`
}

func (c *stepCmd) Run(e *env) error {
	if e.nats != "" && !isFile(c.Target) {
		return c.live(e)
	}
	t, _, as, err := openViewed(c.storeFlags, c.Target, c.Match, c.As)
	if err != nil {
		return err
	}
	defer t.Close()
	return c.step(e, query.NewLocal(t.src), t.match, as)
}

// step runs the stepper over match as read by r.
func (c *stepCmd) step(e *env, r query.Reader, match, as string) error {
	d, err := stepper.NewMatchData(r, match, as)
	if err != nil {
		return queryError(err)
	}
	m := d.Model()
	switch {
	case m.Len() == 0 && d.Note() != "":
		return fail(exitFailed, "match %s: %s", match, d.Note())
	case m.Len() == 0:
		return fail(exitUsage, "match %s has no inputs to step through", match)
	}
	if c.At != nil {
		var ok bool
		if m, ok = m.GotoSeq(*c.At); !ok {
			return fail(exitUsage, "--at: match %s has no input %d to start at (its inputs: %d to %d)",
				match, *c.At, d.Entry(0).Seq, d.Entry(m.Len()-1).Seq)
		}
	}
	_, err = stepper.Run(context.Background(), m, d, stepper.Options{Input: e.stdin, Output: e.stdout, AltScreen: true})
	if err != nil {
		return fail(exitUsage, "step: %v", err)
	}
	return nil
}
