package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/chronicle-mtg/chronicle/coverage"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

type cardsCmd struct {
	Names     []string `arg:"" optional:"" name:"name" help:"Cards to report, by name as decklists print them."`
	Decklists string   `name:"decklists" placeholder:"FILE.jsonl" help:"Measure the decks of a decklists file (JSON Lines of {event, date, format, result, main, side})."`
	JSON      bool     `name:"json" help:"Print JSON: an array of cards for names; the report object for --decklists or the whole database."`
	Top       int      `name:"top" default:"20" help:"How many of the heaviest declined sentences to list."`
}

// engineSupports is the rules engine's word on whether it carries out an
// ability.
var engineSupports coverage.Supports = reducer.Supports

// cardsProgressEvery is how often the whole-database run reports progress
// when stderr is not a terminal.
var cardsProgressEvery = 2 * time.Second

func (c *cardsCmd) Run(e *env) error {
	pool := cards.Default()
	switch {
	case len(c.Names) > 0 && c.Decklists != "":
		return fail(exitUsage, "give card names or --decklists, not both")
	case len(c.Names) > 0:
		return c.named(e, pool)
	case c.Decklists != "":
		return c.decklists(e, pool)
	}
	return c.database(e, pool)
}

func (c *cardsCmd) named(e *env, pool *cards.Pool) error {
	var out []coverage.Card
	for _, n := range c.Names {
		card, ok := pool.Card(n)
		if !ok {
			return fail(exitUsage, "unknown card %q", n)
		}
		out = append(out, coverage.Of(card, engineSupports))
	}
	if c.JSON {
		return printJSON(e, out)
	}
	for _, cv := range out {
		printCardCoverage(e.stdout, cv)
	}
	return nil
}

func printCardCoverage(w io.Writer, cv coverage.Card) {
	fmt.Fprintf(w, "%s: %s (%s)\n", cv.Name, strings.ReplaceAll(string(cv.Status), "_", " "), cv.Compile)
	for _, f := range cv.Faces {
		prefix := "  "
		if len(cv.Faces) > 1 {
			fmt.Fprintf(w, "  %s: %d abilities\n", f.Face, f.Abilities)
			prefix = "    "
		}
		if f.Override != "" {
			fmt.Fprintf(w, "%shand-written: %s\n", prefix, f.Override)
		}
		for _, d := range f.Declined {
			at := ""
			if d.Word != "" {
				at = fmt.Sprintf(" (at %q in %q)", d.Word, d.Sentence)
			}
			fmt.Fprintf(w, "%sdoesn't compile: %s: %s%s\n", prefix, d.Text, d.Reason, at)
		}
		for _, u := range f.Unsupported {
			fmt.Fprintf(w, "%snot carried out yet: %s: %s\n", prefix, u.Text, u.Reason)
		}
	}
}

func (c *cardsCmd) decklists(e *env, pool *cards.Pool) error {
	decks, err := readDecklists(c.Decklists)
	if err != nil {
		return err
	}
	r := coverage.OfDecks(decks, pool, engineSupports, c.Top)
	if c.JSON {
		return printObject(e, r)
	}
	w := e.stdout
	fmt.Fprintf(w, "%s: %d decks, %d distinct names, %d card slots (main and side)\n", c.Decklists, r.Decks, r.Names.Cards, r.Slots.Cards)
	fmt.Fprintf(w, "fully modelled: %s of the names, %s of the slots, %s of the decks\n",
		share(r.Names.Modelled, r.Names.Cards), share(r.Slots.Modelled, r.Slots.Cards), share(r.DecksModelled, r.Decks))
	fmt.Fprintf(w, "partly modelled: %s of the names; not modelled: %s\n", share(r.Names.Partly, r.Names.Cards), share(r.Names.NotModelled, r.Names.Cards))
	fmt.Fprintf(w, "names compiled %d, overridden %d, declined %d (unknown %d)\n", r.Names.Compiled, r.Names.Overridden, r.Names.Declined, r.Names.Unknown)
	printTop(w, r.Top, "slots")
	return nil
}

func (c *cardsCmd) database(e *env, pool *cards.Pool) error {
	prog := newCardsProgress(e.stderr, auditOnTerminal(e.stderr))
	r := coverage.OfDB(pool, engineSupports, c.Top, prog.done)
	prog.finish()
	if c.JSON {
		return printObject(e, r)
	}
	w := e.stdout
	fmt.Fprintf(w, "card database: %d traditional cards\n", r.Cards)
	fmt.Fprintf(w, "fully modelled %s, partly %s, not modelled %s\n", share(r.Modelled, r.Cards), share(r.Partly, r.Cards), share(r.NotModelled, r.Cards))
	fmt.Fprintf(w, "compiled %d, overridden %d, declined %d\n", r.Compiled, r.Overridden, r.Declined)
	printTop(w, r.Top, "cards")
	return nil
}

func printTop(w io.Writer, top []coverage.Sentence, weight string) {
	if len(top) == 0 {
		return
	}
	if weight == "cards" {
		fmt.Fprintln(w, "heaviest declined sentences (cards):")
		for _, s := range top {
			fmt.Fprintf(w, "%7d  %s\n", s.Cards, s.Sentence)
		}
		return
	}
	fmt.Fprintf(w, "heaviest declined sentences (%s, cards):\n", weight)
	for _, s := range top {
		fmt.Fprintf(w, "%7d %5d  %s\n", s.Slots, s.Cards, s.Sentence)
	}
}

// share prints "n (p%)".
func share(n, of int) string {
	if of == 0 {
		return "0"
	}
	return fmt.Sprintf("%d (%.1f%%)", n, 100*float64(n)/float64(of))
}

// cardsProgress reports how far the whole-database run is: a bar on a
// terminal, a line every cardsProgressEvery otherwise.
type cardsProgress struct {
	w    io.Writer
	tty  bool
	bar  *progressbar.ProgressBar
	last time.Time
}

func newCardsProgress(w io.Writer, tty bool) *cardsProgress {
	return &cardsProgress{w: w, tty: tty, last: time.Now()}
}

func (p *cardsProgress) done(n, total int) {
	if p.tty {
		if p.bar == nil {
			p.bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(p.w), progressbar.OptionSetDescription("compiling"),
				progressbar.OptionShowCount(), progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
		}
		p.bar.Set(n)
		return
	}
	if time.Since(p.last) >= cardsProgressEvery && n < total {
		p.last = time.Now()
		fmt.Fprintf(p.w, "replay: compiled %d/%d cards\n", n, total)
	}
}

func (p *cardsProgress) finish() {
	if p.bar != nil {
		p.bar.Finish()
	}
}

// printObject prints one JSON object.
func printObject(e *env, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(e.stdout, "%s\n", b)
	return err
}
