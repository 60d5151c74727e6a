package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/bench"
)

// benchCmd measures Chronicle on a generated tournament (package bench).
type benchCmd struct {
	Quick     bool   `name:"quick" help:"A small tournament (50 matches) and 200 seeks: well under two minutes."`
	JSON      bool   `name:"json" help:"Print one JSON object: one key per figure, each with its baseline and ratio."`
	Data      string `name:"data" placeholder:"DIR" help:"Empty directory for the store and the server's files, kept after; default a temporary one, removed."`
	Matches   int    `name:"matches" help:"Tournament size (default 5000, 50 with --quick); times are projected to 5,000 matches."`
	Seed      int64  `name:"seed" default:"1" help:"Seed of the tournament's first match."`
	Long      int    `name:"long" hidden:"" help:"Length of the match seeks run on (default 10000); for tests."`
	CPU       string `name:"cpuprofile" placeholder:"FILE" help:"Write a CPU profile of the whole run to FILE, for go tool pprof."`
	Recorders int    `name:"recorders" default:"1" help:"Recorders sharing the matches during ingest (as recorder serve --share I/N), each on a store of its own; with more than one only the ingest is measured."`
	Guard     bool   `name:"guard" help:"Exit 1 if a figure collapsed: fell past its collapse line (half its target, or of today's ratio where the target is not met yet)."`
}

func (c *benchCmd) Run(e *env) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opt := bench.Options{Matches: c.Matches, Seed: c.Seed, Dir: c.Data, Log: e.stderr, LongInputs: c.Long, Recorders: c.Recorders}
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
		if _, err := fmt.Fprintf(e.stdout, "%s\n", b); err != nil {
			return err
		}
	} else if err := rep.WriteText(e.stdout); err != nil {
		return err
	}
	if down := rep.Collapsed(); c.Guard && len(down) > 0 {
		var lines []string
		for _, f := range down {
			lines = append(lines, fmt.Sprintf("%s: %s %s, ratio %.2fx: past %s", f.What, benchNum(f.Value), f.Unit, f.Ratio, f.Collapse))
		}
		return fail(exitFailed, "bench: %d figure(s) collapsed:\n  %s", len(down), strings.Join(lines, "\n  "))
	}
	return nil
}

// benchNum prints a figure for the guard's message.
func benchNum(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }
