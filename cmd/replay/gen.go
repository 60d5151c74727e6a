package main

import (
	"fmt"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/chronicle-mtg/chronicle/coverage"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
	"github.com/chronicle-mtg/chronicle/sim"
)

// genCmd writes a generated tournament as .jsonl files (package sim).
type genCmd struct {
	Matches      *int   `name:"matches" placeholder:"N" help:"How many matches to generate (default 10; with --decklists, enough to play every deck once)."`
	Seed         int64  `name:"seed" default:"1" help:"Seed of the first match; match i has seed SEED+i, and its file is sim-<seed>.jsonl (decks-<seed>.jsonl with --decklists)."`
	Out          string `name:"out" required:"" placeholder:"DIR" help:"Directory for the .jsonl files (created if missing)."`
	Event        string `name:"event" help:"Tournament name put in each match_started."`
	Check        bool   `name:"check" help:"Also submit every listed input to a clone of the game (the rules fuzzer; several times slower)."`
	Decklists    string `name:"decklists" placeholder:"FILE.jsonl" help:"Play the real decks of a decklists file (JSON Lines of {event, date, format, result, main, side}): the match of seed s plays the decks on lines 2s-1 and 2s; cards the engine doesn't model are played through table effects."`
	ModelledOnly bool   `name:"modelled-only" help:"With --decklists, keep only the decks whose every card the engine models."`
}

func (c *genCmd) Run(e *env) error {
	matches := 10
	if c.Matches != nil {
		matches = *c.Matches
	}
	if matches < 0 {
		return fail(exitUsage, "--matches %d: want 0 or more", matches)
	}
	if c.ModelledOnly && c.Decklists == "" {
		return fail(exitUsage, "--modelled-only filters the decks of --decklists: give a decklists file")
	}
	opt := sim.Options{Event: c.Event, CheckListed: c.Check}
	if c.Decklists != "" {
		decks, err := readDecklists(c.Decklists)
		if err != nil {
			return err
		}
		opt.Decks, opt.GenFlags = decks, "--decklists "+c.Decklists
		if c.ModelledOnly {
			opt.Decks = sim.ModelledDecks(decks, cards.Default())
			opt.GenFlags += " --modelled-only"
			fmt.Fprintf(e.stderr, "replay: %d of the %d decks of %s have every card modelled\n", len(opt.Decks), len(decks), c.Decklists)
		}
		if len(opt.Decks) == 0 {
			fmt.Fprintf(e.stdout, "generated 0 matches: no deck to play\n")
			return nil
		}
		if c.Matches == nil {
			matches = sim.MatchesForDecks(len(opt.Decks))
		}
	}
	if err := os.MkdirAll(c.Out, 0o755); err != nil {
		return fail(exitUsage, "%v", err)
	}
	prog := newCountProgress(e, "generating", "matches", matches)
	inputs, games, unverified := 0, 0, 0
	err := sim.Generate(c.Seed, matches, opt, func(m *sim.Match) error {
		if _, err := sim.WriteFile(c.Out, m); err != nil {
			return fail(exitUsage, "%v", err)
		}
		inputs += len(m.Inputs)
		games += m.Games
		unverified += m.Unverified
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
	if opt.Decks == nil {
		fmt.Fprintf(e.stdout, "generated %d matches (%d games, %d inputs) in %s\n", matches, games, inputs, c.Out)
		return nil
	}
	fmt.Fprintf(e.stdout, "generated %d matches of %d decks (%d games, %d inputs, %s) in %s\n",
		matches, decksPlayed(c.Seed, matches, len(opt.Decks)), games, inputs, verifiedShare(inputs, unverified), c.Out)
	return nil
}

// decksPlayed counts the distinct decks of n the matches of seeds first
// to first+matches-1 play.
func decksPlayed(first int64, matches, n int) int {
	played := map[int]bool{}
	for i := range matches {
		for _, d := range sim.PlayedDecks(first+int64(i), n) {
			played[d] = true
		}
	}
	return len(played)
}

// verifiedShare tells how many of the inputs the rules verified:
// "12,345 verified by the rules (96.1%), 480 unverified".
func verifiedShare(inputs, unverified int) string {
	share := 100.0
	if inputs > 0 {
		share = 100 * float64(inputs-unverified) / float64(inputs)
	}
	return fmt.Sprintf("%d verified by the rules (%.1f%%), %d unverified", inputs-unverified, share, unverified)
}

// readDecklists reads a decklists file (coverage.ReadDecks); a missing or
// malformed file is a usage error naming it.
func readDecklists(path string) ([]coverage.Deck, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fail(exitUsage, "%v", err)
	}
	defer f.Close()
	decks, err := coverage.ReadDecks(f)
	if err != nil {
		return nil, fail(exitUsage, "%s: %v", path, err)
	}
	return decks, nil
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
