package main

import (
	"errors"

	"github.com/chronicle-mtg/chronicle/replay"
)

type exportCmd struct {
	storeFlags
	Target string  `arg:"" name:"MATCH|FILE.jsonl" help:"A stored match, or a .jsonl file."`
	Match  string  `placeholder:"M" help:"The match to export when the file holds several."`
	Format string  `name:"format" default:"jsonl" help:"Output format: jsonl (full envelopes, one per line), text (the narrative and the final board, for a judge's report), setup (a bug report: match_started, one setup input placing the position at --at, then the inputs that followed)."`
	At     *uint64 `name:"at" placeholder:"SEQ" help:"jsonl and text: stop after input SEQ; setup: the position right after input SEQ. Default: the end."`
	As     string  `name:"as" placeholder:"PLAYER" help:"text only: tell only what this player (id or name) could see; \"judge\" (the default) sees everything, \"public\" what every player sees."`
}

func (c *exportCmd) Run(e *env) error {
	if err := replay.CheckFormat(c.Format); err != nil {
		return fail(exitUsage, "--format: %v", err)
	}
	opt := replay.ExportOptions{As: c.As}
	if c.At != nil {
		if *c.At == 0 {
			return fail(exitUsage, "--at: seqs count from 1")
		}
		opt.At = *c.At
	}
	t, err := openTarget(c.storeFlags, c.Target, c.Match)
	if err != nil {
		return err
	}
	defer t.Close()
	err = replay.ExportWith(e.stdout, t.src, t.match, c.Format, opt)
	var se *replay.SetupError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &se):
		return fail(exitUsage, "%v", err)
	case errors.Is(err, replay.ErrHidden):
		return fail(exitUsage, "%v", err)
	}
	return replayError(err)
}
