package main

import (
	"context"
	"errors"
	"strings"

	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/web"
)

type exportCmd struct {
	storeFlags
	Target string  `arg:"" name:"MATCH|FILE.jsonl" help:"A stored match, or a .jsonl file."`
	Match  string  `placeholder:"M" help:"The match to export when the file holds several."`
	Format string  `name:"format" default:"jsonl" help:"Output format: jsonl (full envelopes, one per line), text (the narrative and the final board, for a judge's report), setup (a bug report: match_started, one setup input placing the position at --at, then the inputs that followed), html (one self-contained page: the web viewer with the match inside, opened from disk), forge (the position at --at as a Forge game state), xmage-test (an XMage test: the position at --at and the decisions that followed); forge and xmage-test write their fidelity report to stderr."`
	At     *uint64 `name:"at" placeholder:"SEQ" help:"jsonl and text: stop after input SEQ; setup: the position right after input SEQ. Default: the end."`
	As     string  `name:"as" placeholder:"PLAYER" help:"text and html only: tell only what this player (id or name) could see; \"judge\" (the default) sees everything, \"public\" what every player sees."`
}

func (c *exportCmd) Run(e *env) error {
	if e.nats != "" && !isFile(c.Target) {
		if c.Format != web.FormatHTML {
			if err := replay.CheckFormat(c.Format); err != nil {
				return fail(exitUsage, "--format: unknown export format %q (supported: %s, %s)", c.Format, strings.Join(replay.Formats(), ", "), web.FormatHTML)
			}
		}
		var at uint64
		if c.At != nil {
			if *c.At == 0 {
				return fail(exitUsage, "--at: seqs count from 1")
			}
			at = *c.At
		}
		return c.live(e, at)
	}
	if c.Format == web.FormatHTML {
		return c.html(e)
	}
	if err := replay.CheckFormat(c.Format); err != nil {
		return fail(exitUsage, "--format: unknown export format %q (supported: %s, %s)", c.Format, strings.Join(replay.Formats(), ", "), web.FormatHTML)
	}
	opt := replay.ExportOptions{As: c.As, Report: e.stderr}
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

// html writes the page of `--format html`: the viewer with the match, as
// --as sees it, up to --at, inside.
func (c *exportCmd) html(e *env) error {
	req := query.FramesRequest{As: c.As}
	if c.At != nil {
		if *c.At == 0 {
			return fail(exitUsage, "--at: seqs count from 1")
		}
		req.To = *c.At
	}
	t, err := openTarget(c.storeFlags, c.Target, c.Match)
	if err != nil {
		return err
	}
	defer t.Close()
	req.Match = t.match
	page, err := web.ExportHTML(context.Background(), query.NewLocal(t.src), req)
	if err != nil {
		return queryError(err)
	}
	_, err = e.stdout.Write(page)
	return err
}
