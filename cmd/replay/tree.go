package main

import (
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/chronicle-mtg/chronicle/replay"
)

// printTree prints `list --tree`: each match with its branches indented two
// spaces under it, and for a branch its branch point (the parent and the
// last seq it shares with it) and its label.
func printTree(e *env, roots []*replay.Node, asJSON bool) error {
	if asJSON {
		return printJSON(e, roots)
	}
	if len(roots) == 0 {
		fmt.Fprintln(e.stderr, "replay: no matches")
		return nil
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "MATCH\tFORMAT\tPLAYERS\tEVENTS\tVERIFIED\tSTATUS\tSTARTED\tBRANCH POINT\tLABEL")
	for _, r := range roots {
		r.Walk(func(n *replay.Node) {
			after, label := "-", "-"
			if n.Parent != "" {
				after, label = n.Parent+" seq "+strconv.FormatUint(n.BranchPoint, 10), orDash(n.Label)
			}
			fmt.Fprintf(tw, "%s%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\n", strings.Repeat("  ", n.Depth), n.Match,
				orDash(n.Format), orDash(n.PlayerNames()), n.Events, verifiedCell(n.Share), orDash(n.Status), when(n.Started), after, label)
		})
	}
	return tw.Flush()
}
