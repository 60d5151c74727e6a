package replay

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/reducer"
)

// The text export, for a judge's report: a heading naming the match, then
// the narrative of `replay log` (each input with its seq, where in the game
// it came, who did what, and what followed, indented), then the board of
// `replay show` as the position stood after the last input told. Told as a
// player, both hide what that player couldn't see.

// exportText tells inputs 1 to at of the match sum describes, as viewer as.
func exportText(w io.Writer, src Source, sum Summary, at uint64, as string) error {
	var b strings.Builder
	b.WriteString(textHeading(sum, at, as))
	width := len(strconv.FormatUint(at, 10))
	indent := strings.Repeat(" ", width+2)
	err := Narrate(src, sum.Match, as, func(en Entry) error {
		if en.Seq > at {
			return errExportDone
		}
		fmt.Fprintf(&b, "%*d  %s\n", width, en.Seq, en)
		for _, l := range en.Lines {
			fmt.Fprintf(&b, "%s  %s\n", indent, l)
		}
		return nil
	})
	if err := stopAt(err); err != nil {
		return err
	}
	pos, err := Seek(src, sum.Match, At{Seq: at})
	if err != nil {
		return err
	}
	fmt.Fprintf(&b, "\nposition after seq %d:\n", at)
	if err := WriteBoard(&b, pos.View(as)); err != nil {
		return err
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// textHeading names the match, its players, where it came from and whose
// view the report tells.
func textHeading(sum Summary, at uint64, as string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "match %s: ", sum.Match)
	for i, p := range sum.Players {
		if i > 0 {
			b.WriteString(" v ")
		}
		fmt.Fprintf(&b, "%s (%s)", p.Name, p.ID)
	}
	fmt.Fprintf(&b, ", %s", orNone(sum.Format))
	if sum.Event != "" {
		fmt.Fprintf(&b, ", %s", sum.Event)
	}
	b.WriteString("\n")
	if !sum.Started.IsZero() {
		fmt.Fprintf(&b, "started %s\n", sum.Started.UTC().Format("2006-01-02 15:04:05 UTC"))
	}
	if sum.Parent != "" {
		fmt.Fprintf(&b, "a branch of %s after seq %d", sum.Parent, sum.BranchPoint)
		if sum.Label != "" {
			fmt.Fprintf(&b, ": %s", sum.Label)
		}
		b.WriteString("\n")
	}
	upto := fmt.Sprintf("inputs 1 to %d of %d", at, sum.HeadSeq)
	who := "as a judge sees it"
	switch as {
	case reducer.ViewJudge:
	case reducer.ViewPublic:
		who = "as every player saw it (hands and libraries hidden)"
	default:
		who = "as " + as + " saw it (other players' hands and every library hidden)"
	}
	fmt.Fprintf(&b, "%s, told %s\n\n", upto, who)
	return b.String()
}

func orNone(s string) string {
	if s == "" {
		return "no format"
	}
	return s
}
