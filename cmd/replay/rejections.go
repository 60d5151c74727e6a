package main

import (
	"fmt"
	"strconv"
	"text/tabwriter"

	"github.com/chronicle-mtg/chronicle/replay"
)

type rejectionsCmd struct {
	storeFlags
	JSON  bool   `name:"json" help:"Print a JSON array; the raw input is \"raw\" when UTF-8, else \"raw_base64\"."`
	Match string `placeholder:"M" help:"Only this match's rejections, in seq order."`
}

func (c *rejectionsCmd) Run(e *env) error {
	if e.nats != "" {
		return c.live(e)
	}
	src, err := c.open()
	if err != nil {
		return err
	}
	defer src.Close()
	rs, err := src.Rejections(c.Match)
	if err != nil {
		return err
	}
	return printRejections(e, rs, c.JSON)
}

// printRejections writes the rejection log as a table, or JSON.
func printRejections(e *env, rs []replay.Rejection, asJSON bool) error {
	if asJSON {
		return printJSON(e, rs)
	}
	if len(rs) == 0 {
		fmt.Fprintln(e.stderr, "replay: no rejections")
		return nil
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTIME\tSTREAM SEQ\tMATCH\tSEQ\tKIND\tRULE\tFIELD\tREASON")
	for _, r := range rs {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, when(r.Time), num(r.StreamSeq), orDash(r.Match),
			num(r.Seq), orDash(r.Kind), orDash(r.Rule), orDash(r.Field), orDash(r.Reason))
	}
	return tw.Flush()
}

// num is a table cell for a count or seq; "-" for 0 (unknown).
func num(n uint64) string {
	if n == 0 {
		return "-"
	}
	return strconv.FormatUint(n, 10)
}
