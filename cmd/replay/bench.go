package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"

	"github.com/chronicle-mtg/chronicle/bench"
)

// benchCmd measures Chronicle on a generated tournament (package bench).
type benchCmd struct {
	Quick   bool   `name:"quick" help:"A small tournament (50 matches) and 200 seeks: well under two minutes."`
	JSON    bool   `name:"json" help:"Print one JSON object: one key per figure, each with its baseline and ratio."`
	Data    string `name:"data" placeholder:"DIR" help:"Empty directory for the store and the server's files, kept after; default a temporary one, removed."`
	Matches int    `name:"matches" help:"Tournament size (default 5000, 50 with --quick); times are projected to 5,000 matches."`
	Seed    int64  `name:"seed" default:"1" help:"Seed of the tournament's first match."`
	Long    int    `name:"long" hidden:"" help:"Length of the match seeks run on (default 10000); for tests."`
	CPU     string `name:"cpuprofile" placeholder:"FILE" help:"Write a CPU profile of the whole run to FILE, for go tool pprof."`
}

func (c *benchCmd) Run(e *env) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opt := bench.Options{Matches: c.Matches, Seed: c.Seed, Dir: c.Data, Log: e.stderr, LongInputs: c.Long}
	if c.Quick {
		opt.Seeks = 200
		if opt.Matches == 0 {
			opt.Matches = bench.QuickMatches
		}
	}
	if c.CPU != "" {
		f, err := os.Create(c.CPU)
		if err != nil {
			return fail(exitUsage, "cpuprofile: %v", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fail(exitUsage, "cpuprofile: %v", err)
		}
		defer pprof.StopCPUProfile()
	}
	rep, err := bench.Run(ctx, opt)
	if err != nil {
		return fail(exitFailed, "%v", err)
	}
	if c.JSON {
		b, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(e.stdout, "%s\n", b)
		return err
	}
	return rep.WriteText(e.stdout)
}
