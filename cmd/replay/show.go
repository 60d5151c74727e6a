package main

import (
	"encoding/json"
	"fmt"

	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
)

type showCmd struct {
	storeFlags
	Target string  `arg:"" name:"MATCH|FILE.jsonl" help:"A stored match, or a .jsonl file to replay with the rules."`
	Match  string  `placeholder:"M" help:"The match to show when the file holds several."`
	At     *uint64 `name:"at" placeholder:"SEQ" xor:"point" help:"Show the state right after input SEQ."`
	Turn   string  `name:"turn" placeholder:"N[.STEP]" xor:"point" help:"Show the start of turn N: the state right after the input that began it (its upkeep, or the position a setup placed). N.STEP (5.declare_blockers) is the first position of turn N in that step."`
	Game   int     `name:"game" placeholder:"G" help:"With --turn: turn N of game G; default the latest game that reached turn N."`
	As     string  `name:"as" placeholder:"PLAYER" help:"Show only what this player (id or name) could see; \"judge\" (the default) sees everything, \"public\" what every player sees."`
	JSON   bool    `name:"json" help:"Print the state as a JSON object."`
}

func (c *showCmd) Run(e *env) error {
	at := replay.At{Game: c.Game}
	if c.At != nil {
		if *c.At == 0 {
			return fail(exitUsage, "--at: seqs count from 1")
		}
		at.Seq = *c.At
	}
	if c.Turn != "" {
		turn, step, err := replay.ParseTurn(c.Turn)
		if err != nil {
			return fail(exitUsage, "--turn: %v", err)
		}
		at.Turn, at.Step = turn, step
	}
	if err := at.Check(); err != nil {
		return fail(exitUsage, "--game: %v", err)
	}
	if e.nats != "" && !isFile(c.Target) {
		return c.live(e)
	}
	t, _, as, err := openViewed(c.storeFlags, c.Target, c.Match, c.As)
	if err != nil {
		return err
	}
	defer t.Close()
	pos, err := replay.Seek(t.src, t.match, at)
	if err != nil {
		return replayError(err)
	}
	sh, err := replay.ShareUpTo(t.src, t.match, pos.Seq)
	if err != nil {
		return replayError(err)
	}
	v := pos.View(as)
	sh.Into(v)
	return printView(e, v, c.JSON)
}

// printView writes a board, with the share of the inputs up to it that
// the rules verified when the view counts them, or its JSON.
func printView(e *env, v *reducer.View, asJSON bool) error {
	if asJSON {
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(e.stdout, "%s\n", b)
		return err
	}
	if err := replay.WriteBoard(e.stdout, v); err != nil {
		return err
	}
	if sh, ok := replay.ShareOfView(v); ok {
		_, err := fmt.Fprintf(e.stdout, "inputs 1-%d: %s\n", v.Seq, sh)
		return err
	}
	return nil
}
