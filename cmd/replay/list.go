package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/chronicle-mtg/chronicle/replay"
)

type listCmd struct {
	storeFlags
	JSON   bool   `name:"json" help:"Print a JSON array of match objects."`
	Player string `placeholder:"NAME" help:"Only matches this player (by name) played."`
	Event  string `placeholder:"NAME" help:"Only matches of this tournament or event."`
	Date   string `placeholder:"YYYY-MM-DD" help:"Only matches started on this UTC day."`
	Tree   bool   `name:"tree" help:"Show branches indented under the match they branch, with branch point and label; with --json, each match has \"branches\"."`
}

func (c *listCmd) Run(e *env) error {
	f := replay.Filter{Player: c.Player, Event: c.Event, Date: c.Date}
	if err := f.Check(); err != nil {
		return fail(exitUsage, "--date: %v", err)
	}
	if e.nats != "" {
		return c.live(e, f)
	}
	src, err := c.open()
	if err != nil {
		return err
	}
	defer src.Close()
	ms, err := replay.List(src, f)
	if err != nil {
		return err
	}
	if err := replay.WithShares(src, ms); err != nil {
		return err
	}
	return c.print(e, ms)
}

// print writes the listing of ms as the flags ask.
func (c *listCmd) print(e *env, ms []replay.Summary) error {
	if c.Tree {
		return printTree(e, replay.Tree(ms), c.JSON)
	}
	if c.JSON {
		return printJSON(e, ms)
	}
	if len(ms) == 0 {
		fmt.Fprintln(e.stderr, "replay: no matches")
		return nil
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "MATCH\tFORMAT\tPLAYERS\tEVENTS\tVERIFIED\tSTATUS\tSTARTED")
	for _, m := range ms {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%s\n", m.Match, orDash(m.Format), orDash(m.PlayerNames()), m.Events, verifiedCell(m.Share), orDash(m.Status), when(m.Started))
	}
	return tw.Flush()
}

// printJSON writes v as indented JSON; a nil slice prints as [].
func printJSON[T any](e *env, v []T) error {
	if v == nil {
		v = []T{}
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(e.stdout, "%s\n", b)
	return err
}

// verifiedCell is a match's share of inputs verified by the rules, with
// the unverified and disputed ones counted when there are any.
func verifiedCell(sh *replay.Share) string {
	if sh == nil {
		return "-"
	}
	var parts []string
	if sh.Unverified > 0 {
		parts = append(parts, fmt.Sprintf("%d unverified", sh.Unverified))
	}
	if sh.Disputed > 0 {
		parts = append(parts, fmt.Sprintf("%d disputed", sh.Disputed))
	}
	switch {
	case sh.Unchecked == sh.Inputs && sh.Inputs > 0:
		return "no rules" // recorded with --no-rules
	case sh.Unchecked > 0:
		parts = append(parts, fmt.Sprintf("%d without rules", sh.Unchecked))
	}
	if len(parts) == 0 {
		return sh.Percent()
	}
	return sh.Percent() + ": " + strings.Join(parts, ", ")
}

// when is a time for a table, in UTC; "-" when unknown.
func when(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format("2006-01-02 15:04:05 UTC")
}

// orDash keeps a table cell from being empty, and on one line.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return strings.Join(strings.Fields(s), " ")
}
