package stepper

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/chronicle-mtg/chronicle/replay"
)

// Data is what the screen shows of a match, by input index (as Model
// counts them).
type Data interface {
	// Title names the match and the viewer: "bolt-race (modern) Alice v
	// Bob, seen by judge".
	Title() string
	// Board is the position after input i as lines; a line may be wider
	// than width, which the board should use for wrapping.
	Board(i, width int) []string
	// Entry tells input i.
	Entry(i int) replay.Entry
	// Took is how long the decision of input i took; ok is false when
	// unknown.
	Took(i int) (d time.Duration, ok bool)
	// Marks are the marks at input i.
	Marks(i int) []replay.Mark
	// Note is a line about the whole match shown on every screen ("the
	// rules forbid seq 3: ..."), or "".
	Note() string
}

// sideBySide is the width from which the board and the narrative stand in
// two columns instead of one above the other.
const sideBySide = 120

var (
	titleStyle  = lipgloss.NewStyle().Reverse(true)
	cursorStyle = lipgloss.NewStyle().Bold(true)
	markStyle   = lipgloss.NewStyle().Foreground(lipgloss.Color("3"))
	dimStyle    = lipgloss.NewStyle().Faint(true)
)

// keysLine is the bottom line when nothing else is to be said.
const keysLine = "←/→ h/l step  n/p turn  [/] mark  g jump  ? help  q quit"

// helpLines is the help screen.
var helpLines = []string{
	"Keys",
	"",
	"  right, l     one input forward",
	"  left, h      one input back",
	"  n            the next turn's start",
	"  p            this turn's start, or the previous turn's",
	"  ]            the next mark",
	"  [            the previous mark",
	"  g SEQ enter  jump to input SEQ (esc cancels)",
	"  home, end    the first and the last input",
	"  ?            this help (any key closes it)",
	"  q, ctrl+c    quit",
	"",
	"Marks: turn starts, spells cast, life changes, inputs the recorder",
	"refused (rejection log) and inputs the audit reports.",
	"The board is the position right after the input at the cursor (▶).",
}

// Render lays the screen out: a title line, the board and the narrative
// around the cursor (one above the other, or side by side from 120
// columns), the marks at the cursor, and a line of keys, a prompt or a
// message. No line is wider than the window and there are never more lines
// than its height.
func Render(m Model, d Data) string {
	w, h := m.Size()
	if m.Len() == 0 {
		return fit([]string{d.Title(), "", "this match has no inputs", "", "q quit"}, w, h)
	}
	i := m.Cursor()
	lines := []string{titleStyle.Render(cut(titleLine(m, d), w))}
	body := max(h-3, 0) // title, marks line, bottom line
	if note := d.Note(); note != "" && body > 2 {
		lines = append(lines, markStyle.Render(cut(note, w)))
		body--
	}
	switch {
	case m.Help():
		lines = append(lines, pad(cutAll(helpLines, w), body)...)
	case w >= sideBySide:
		lines = append(lines, columns(m, d, w, body)...)
	default:
		lines = append(lines, stacked(m, d, w, body)...)
	}
	lines = append(lines, markStyle.Render(cut(marksLine(d.Marks(i)), w)))
	lines = append(lines, bottomLine(m, w))
	return fit(lines, w, h)
}

// stacked puts the board above the narrative in height lines.
func stacked(m Model, d Data, w, height int) []string {
	if height <= 0 {
		return nil
	}
	board := d.Board(m.Cursor(), w)
	narr := max(height/3, min(height, 4))
	if len(board)+1 < height-narr { // a short board leaves its room to the narrative
		narr = height - len(board) - 1
	}
	boardH := height - narr - 1
	if boardH < 1 {
		return pad(narrative(m, d, w, height), height)
	}
	out := pad(clip(cutAll(board, w), boardH), boardH)
	out = append(out, dimStyle.Render(cut("── narrative "+strings.Repeat("─", max(w-13, 0)), w)))
	return append(out, pad(narrative(m, d, w, narr), narr)...)
}

// columns puts the board left and the narrative right.
func columns(m Model, d Data, w, height int) []string {
	left := w * 11 / 20
	right := w - left - 3
	board := pad(clip(cutAll(d.Board(m.Cursor(), left), left), height), height)
	narr := pad(narrative(m, d, right, height), height)
	out := make([]string, height)
	for k := range out {
		out[k] = padRight(board[k], left) + dimStyle.Render(" │ ") + narr[k]
	}
	return out
}

// narrative tells the inputs around the cursor in height lines of width w:
// the cursor's input (marked ▶) with what followed from it, a few inputs
// before it and as many after as fit.
func narrative(m Model, d Data, w, height int) []string {
	if height <= 0 {
		return nil
	}
	cur := m.Cursor()
	seqWidth := len(strconv.FormatUint(d.Entry(m.Len()-1).Seq, 10))
	type line struct {
		text   string
		cursor bool
	}
	var ls []line
	at := 0 // the cursor's first line
	from, to := max(0, cur-height), min(m.Len()-1, cur+height)
	for i := from; i <= to; i++ {
		e := d.Entry(i)
		took := ""
		if t, ok := d.Took(i); ok {
			took = fmt.Sprintf("%6s  ", Duration(t))
		}
		marker := "  "
		if i == cur {
			marker, at = "▶ ", len(ls)
		}
		ls = append(ls, line{fmt.Sprintf("%s%*d  %s%s", marker, seqWidth, e.Seq, took, e), i == cur})
		indent := strings.Repeat(" ", 2+seqWidth+2+len(took))
		for _, l := range e.Lines {
			ls = append(ls, line{indent + l, i == cur})
		}
	}
	start := max(0, at-(height-1)/3)
	if end := start + height; end > len(ls) {
		start = max(0, len(ls)-height)
	}
	out := make([]string, 0, height)
	for _, l := range ls[start:min(len(ls), start+height)] {
		s := cut(l.text, w)
		if l.cursor {
			s = cursorStyle.Render(s)
		}
		out = append(out, s)
	}
	return out
}

// titleLine is "bolt-race (modern) Alice v Bob, seen by judge · seq 6 of 12
// · took 4s".
func titleLine(m Model, d Data) string {
	i := m.Cursor()
	last := d.Entry(m.Len() - 1).Seq
	s := fmt.Sprintf("%s · seq %d of %d", d.Title(), d.Entry(i).Seq, last)
	if t, ok := d.Took(i); ok {
		s += " · took " + Duration(t)
	}
	return s
}

// marksLine lists the marks at the cursor: "● spell: p1 Alice casts ... ●
// life: Bob (p2) 5 -> 2".
func marksLine(ms []replay.Mark) string {
	parts := make([]string, len(ms))
	for k, mk := range ms {
		parts[k] = "● " + mk.String()
	}
	return strings.Join(parts, "  ")
}

// bottomLine is the seq prompt, the last message, or the keys.
func bottomLine(m Model, w int) string {
	if typing, digits := m.Typing(); typing {
		return cut("go to seq: "+digits+"▏ (enter jumps, esc cancels)", w)
	}
	if msg := m.Message(); msg != "" {
		return markStyle.Render(cut(msg, w))
	}
	return dimStyle.Render(cut(keysLine, w))
}

// Duration prints a decision's time as people read it: "40ms", "2.5s",
// "12s", "3m05s", "1h02m".
func Duration(d time.Duration) string {
	switch {
	case d < 0:
		return "-" + Duration(-d)
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < 10*time.Second:
		return fmt.Sprintf("%.1fs", d.Seconds())
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
}

// cut shortens s to width w cells, ending in … when cut.
func cut(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

func cutAll(ls []string, w int) []string {
	out := make([]string, len(ls))
	for k, l := range ls {
		out[k] = cut(l, w)
	}
	return out
}

// clip keeps at most n lines; when it drops some, the last line kept says
// how many.
func clip(ls []string, n int) []string {
	if len(ls) <= n {
		return ls
	}
	if n <= 0 {
		return nil
	}
	out := append([]string(nil), ls[:n-1]...)
	return append(out, dimStyle.Render(fmt.Sprintf("  … %d more lines (a taller window shows them)", len(ls)-n+1)))
}

// pad makes ls exactly n lines, adding empty ones or dropping the last.
func pad(ls []string, n int) []string {
	if len(ls) >= n {
		return ls[:max(n, 0)]
	}
	out := append([]string(nil), ls...)
	for len(out) < n {
		out = append(out, "")
	}
	return out
}

// padRight fills s with spaces to w cells.
func padRight(s string, w int) string {
	if n := w - ansi.StringWidth(s); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

// fit cuts every line to w and keeps the first h.
func fit(ls []string, w, h int) string {
	if len(ls) > h {
		ls = ls[:h]
	}
	for k, l := range ls {
		ls[k] = cut(l, w)
	}
	return strings.Join(ls, "\n")
}
