package stepper

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// fakeData is a match of n inputs whose boards have boardLines lines, each
// long, and whose inputs each took i seconds.
type fakeData struct {
	n, boardLines int
	times         bool
}

func (f fakeData) Title() string { return "m1 (standard) Alice v Bob, seen by judge" }
func (f fakeData) Board(i, width int) []string {
	out := []string{fmt.Sprintf("board after input %d", i+1)}
	for k := 1; k < f.boardLines; k++ {
		out = append(out, fmt.Sprintf("  line %d %s", k, strings.Repeat("Grizzly Bears (o9) 2/2, ", 8)))
	}
	return out
}
func (f fakeData) Entry(i int) replay.Entry {
	return replay.Entry{Seq: uint64(i + 1), Turn: 1 + i/10, Step: "main1", Text: fmt.Sprintf("p1 Alice does thing %d", i+1),
		Lines: []string{"and something follows from it, at some length to need cutting on a narrow screen"}}
}
func (f fakeData) Took(i int) (time.Duration, bool) {
	return time.Duration(i) * time.Second, f.times && i > 0
}
func (f fakeData) Marks(i int) []replay.Mark {
	if i%5 == 0 {
		return []replay.Mark{{Seq: uint64(i + 1), Kind: replay.MarkLife, Text: "Bob (p2) 20 -> 17"}}
	}
	return nil
}
func (f fakeData) Note() string { return "" }

func fakeModel(n int) Model {
	seqs := make([]uint64, n)
	for i := range seqs {
		seqs[i] = uint64(i + 1)
	}
	return NewModel(seqs, nil, nil)
}

// checkFits fails unless the screen has at most h lines of at most w cells.
func checkFits(t *testing.T, screen string, w, h int) {
	t.Helper()
	lines := strings.Split(screen, "\n")
	if len(lines) > h {
		t.Errorf("%d lines on a screen %d high:\n%s", len(lines), h, screen)
	}
	for k, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("line %d is %d wide on a screen %d wide: %q", k+1, n, w, l)
		}
	}
}

func TestRenderFits(t *testing.T) {
	for _, d := range []fakeData{{n: 40, boardLines: 30, times: true}, {n: 3, boardLines: 2}, {n: 1, boardLines: 1}} {
		for _, size := range [][2]int{{80, 24}, {40, 12}, {200, 50}, {120, 30}, {10, 3}, {1, 1}, {80, 5}} {
			m := fakeModel(d.n).Resize(size[0], size[1])
			for _, i := range []int{0, d.n / 2, d.n - 1} {
				for _, keys := range [][]string{nil, {"?"}, {"g", "1", "2"}, {"x"}} {
					mm := m.Goto(i)
					for _, k := range keys {
						mm, _ = mm.Key(k)
					}
					checkFits(t, Render(mm, d), size[0], size[1])
				}
			}
		}
	}
}

func TestRenderScreen(t *testing.T) {
	d := fakeData{n: 40, boardLines: 8, times: true}
	m := fakeModel(40).Goto(10)
	screen := ansi.Strip(Render(m, d))
	lines := strings.Split(screen, "\n")
	if len(lines) != 24 {
		t.Errorf("%d lines, want the whole 24", len(lines))
	}
	for _, want := range []string{
		"m1 (standard) Alice v Bob, seen by judge · seq 11 of 40 · took 10s", // title
		"board after input 11",
		"── narrative",
		"▶ 11     10s  T2 main1 p1 Alice does thing 11",
		"● life: Bob (p2) 20 -> 17",
		keysLine,
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("no %q on the screen:\n%s", want, screen)
		}
	}
	if !strings.Contains(lines[0], "seq 11 of 40") || !strings.Contains(lines[23], "q quit") {
		t.Errorf("title or keys not where expected:\n%s", screen)
	}
	// Without recorded times, no time is shown.
	screen = ansi.Strip(Render(m, fakeData{n: 40, boardLines: 8}))
	if strings.Contains(screen, "took") || strings.Contains(screen, "10s") {
		t.Errorf("times shown for a match without them:\n%s", screen)
	}
	// Side by side on a wide screen.
	wide := ansi.Strip(Render(m.Resize(160, 30), d))
	if !strings.Contains(wide, "board after input 11") || !strings.Contains(wide, "│") || !strings.Contains(wide, "▶ 11") {
		t.Errorf("wide screen:\n%s", wide)
	}
	// The prompt and the help.
	typing, _ := m.Key("g")
	typing, _ = typing.Key("7")
	if s := ansi.Strip(Render(typing, d)); !strings.Contains(s, "go to seq: 7") {
		t.Errorf("prompt:\n%s", s)
	}
	help, _ := m.Key("?")
	if s := ansi.Strip(Render(help, d)); !strings.Contains(s, "jump to input SEQ") || strings.Contains(s, "board after") {
		t.Errorf("help:\n%s", s)
	}
	// A long board is cut, saying so.
	long := ansi.Strip(Render(m, fakeData{n: 40, boardLines: 40}))
	if !strings.Contains(long, "more lines (a taller window shows them)") {
		t.Errorf("long board:\n%s", long)
	}
}

func TestDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		400 * time.Millisecond: "400ms", 2500 * time.Millisecond: "2.5s", 12 * time.Second: "12s", 185 * time.Second: "3m05s",
		62 * time.Minute: "1h02m", -2 * time.Second: "-2.0s",
	} {
		if got := Duration(d); got != want {
			t.Errorf("Duration(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestMatchDataScreens steps through every input of recorded fixtures and
// checks that each screen fits 80x24 and shows the board of that input.
func TestMatchDataScreens(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"bolt-race.jsonl", "green-red.jsonl"} {
		replaytest.Record(t, dir, filepath.Join("..", "..", "..", "fixtures", "matches", name))
	}
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	for _, c := range []struct{ match, as, hidden string }{
		{"bolt-race", "", ""},
		{"green-red", "p1", "Lightning Bolt (o"}, // Bob's hand holds Lightning Bolts Alice can't see
	} {
		d, err := NewMatchData(query.NewLocal(src), c.match, c.as)
		if err != nil {
			t.Fatal(err)
		}
		m := d.Model()
		for i := range m.Len() {
			screen := Render(m.Goto(i), d)
			checkFits(t, screen, 80, 24)
			plain := ansi.Strip(screen)
			if !strings.Contains(plain, "p1 Alice: life") || !strings.Contains(plain, fmt.Sprintf("seq %d of", d.Entry(i).Seq)) {
				t.Fatalf("%s input %d:\n%s", c.match, i, plain)
			}
		}
		if c.hidden != "" {
			for i := range m.Len() {
				if b := strings.Join(d.Board(i, 80), "\n"); strings.Contains(b, "p2 Bob") &&
					strings.Contains(b[strings.Index(b, "p2 Bob"):], "hand: "+c.hidden) {
					t.Fatalf("%s as %s, input %d: the opponent's hand shows:\n%s", c.match, c.as, i, b)
				}
			}
		}
	}
}

func TestBoardWraps(t *testing.T) {
	lines := wrap("  battlefield: ", []string{"Forest (o1)", "Forest (o2)", "Grizzly Bears (o3) 2/2 tapped"}, 30)
	want := []string{"  battlefield: Forest (o1),", "    Forest (o2),", "    Grizzly Bears (o3) 2/2 tapped"}
	if strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Errorf("wrap: %q, want %q", lines, want)
	}
	if got := wrap("stack: ", nil, 30); len(got) != 1 || got[0] != "stack: none" {
		t.Errorf("empty: %q", got)
	}
}
