package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/replay"
)

type logCmd struct {
	storeFlags
	Target string `arg:"" name:"MATCH|FILE.jsonl" help:"A stored match, or a .jsonl file to replay with the rules."`
	Match  string `placeholder:"M" help:"The match to tell when the file holds several."`
	As     string `name:"as" placeholder:"PLAYER" help:"Tell only what this player (id or name) could see; \"judge\" (the default) sees everything, \"public\" what every player sees."`
	JSON   bool   `name:"json" help:"Print a JSON array with one object per input: seq, game, turn, step, player, kind, text, lines."`
}

func (c *logCmd) Run(e *env) error {
	if e.nats != "" && !isFile(c.Target) {
		return c.live(e)
	}
	t, sum, as, err := openViewed(c.storeFlags, c.Target, c.Match, c.As)
	if err != nil {
		return err
	}
	defer t.Close()
	var entries []replay.Entry
	err = replay.Narrate(t.src, t.match, as, func(en replay.Entry) error {
		if c.JSON {
			entries = append(entries, en)
			return nil
		}
		return printEntry(e, sum.HeadSeq, en)
	})
	if c.JSON {
		// What was told before an illegal input is printed all the same.
		if perr := printJSON(e, entries); perr != nil && err == nil {
			err = perr
		}
	}
	if err != nil {
		return replayError(err)
	}
	return nil
}

// printEntry writes one input told, its seq right-aligned for a match whose
// last input is head, and what followed from it indented under it.
func printEntry(e *env, head uint64, en replay.Entry) error {
	width := len(strconv.FormatUint(head, 10))
	if _, err := fmt.Fprintf(e.stdout, "%*d  %s\n", width, en.Seq, en); err != nil {
		return err
	}
	indent := strings.Repeat(" ", width+2)
	for _, l := range en.Lines {
		if _, err := fmt.Fprintf(e.stdout, "%s  %s\n", indent, l); err != nil {
			return err
		}
	}
	return nil
}
