package main

import (
	"github.com/chronicle-mtg/chronicle/replay"
)

type exportCmd struct {
	storeFlags
	Match  string `arg:"" help:"The match to export."`
	Format string `name:"format" default:"jsonl" help:"Output format; supported: jsonl (full envelopes, one per line)."`
}

func (c *exportCmd) Run(e *env) error {
	if err := replay.CheckFormat(c.Format); err != nil {
		return fail(exitUsage, "--format: %v", err)
	}
	src, err := c.open()
	if err != nil {
		return err
	}
	defer src.Close()
	return replay.Export(e.stdout, src, c.Match, c.Format)
}
