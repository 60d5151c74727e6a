package main

import (
	"fmt"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/chronicle-mtg/chronicle/sim"
)

// genCmd writes a generated tournament as .jsonl files (package sim).
type genCmd struct {
	Matches int    `name:"matches" default:"10" help:"How many matches to generate."`
	Seed    int64  `name:"seed" default:"1" help:"Seed of the first match; match i has seed SEED+i, and its file is sim-<seed>.jsonl."`
	Out     string `name:"out" required:"" placeholder:"DIR" help:"Directory for the .jsonl files (created if missing)."`
	Event   string `name:"event" help:"Tournament name put in each match_started."`
	Check   bool   `name:"check" help:"Also submit every listed input to a clone of the game (the rules fuzzer; several times slower)."`
}

func (c *genCmd) Run(e *env) error {
	if c.Matches < 0 {
		return fail(exitUsage, "--matches %d: want 0 or more", c.Matches)
	}
	if err := os.MkdirAll(c.Out, 0o755); err != nil {
		return fail(exitUsage, "%v", err)
	}
	prog := newCountProgress(e, "generating", "matches", c.Matches)
	inputs, games := 0, 0
	err := sim.Generate(c.Seed, c.Matches, sim.Options{Event: c.Event, CheckListed: c.Check}, func(m *sim.Match) error {
		if _, err := sim.WriteFile(c.Out, m); err != nil {
			return fail(exitUsage, "%v", err)
		}
		inputs += len(m.Inputs)
		games += m.Games
		prog.add(1)
		return nil
	})
	prog.finish()
	if err != nil {
		if _, ok := err.(*sim.Error); ok {
			return fail(exitFailed, "%v", err)
		}
		return err
	}
	fmt.Fprintf(e.stdout, "generated %d matches (%d games, %d inputs) in %s\n", c.Matches, games, inputs, c.Out)
	return nil
}

// countProgress reports progress on stderr: a bar on a terminal, a line
// every auditProgressEvery otherwise.
type countProgress struct {
	e           *env
	what, units string
	n, total    int
	bar         *progressbar.ProgressBar
	last        time.Time
}

func newCountProgress(e *env, what, units string, total int) *countProgress {
	p := &countProgress{e: e, what: what, units: units, total: total, last: time.Now()}
	if auditOnTerminal(e.stderr) && total > 0 {
		p.bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(e.stderr),
			progressbar.OptionSetDescription(what), progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
	}
	return p
}

func (p *countProgress) add(n int) {
	p.n += n
	if p.bar != nil {
		p.bar.Add(n)
		return
	}
	if time.Since(p.last) >= auditProgressEvery && p.n < p.total {
		p.last = time.Now()
		fmt.Fprintf(p.e.stderr, "replay: %s: %d/%d %s\n", p.what, p.n, p.total, p.units)
	}
}

func (p *countProgress) finish() {
	if p.bar != nil {
		p.bar.Finish()
	}
}
