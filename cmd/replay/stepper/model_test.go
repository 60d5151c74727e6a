package stepper

import (
	"strings"
	"testing"
)

// testModel is a model over seqs 1 to 20, turns starting at 2, 8 and 15,
// marks at 4, 8, 12 and 19 (and 99, which isn't an input).
func testModel() Model {
	seqs := make([]uint64, 20)
	for i := range seqs {
		seqs[i] = uint64(i + 1)
	}
	return NewModel(seqs, []uint64{15, 2, 8}, []uint64{19, 4, 8, 12, 8, 99})
}

// press sends keys one by one and fails the test if any of them quits.
func press(t *testing.T, m Model, keys ...string) Model {
	t.Helper()
	for _, k := range keys {
		var quit bool
		if m, quit = m.Key(k); quit {
			t.Fatalf("%q quit", k)
		}
	}
	return m
}

func TestModelSteps(t *testing.T) {
	m := testModel()
	if m.Seq() != 1 || m.Cursor() != 0 || m.Len() != 20 {
		t.Fatalf("starts at seq %d, index %d, len %d", m.Seq(), m.Cursor(), m.Len())
	}
	m = press(t, m, "right", "l", "right")
	if m.Seq() != 4 {
		t.Errorf("three steps forward: seq %d", m.Seq())
	}
	m = press(t, m, "left", "h")
	if m.Seq() != 2 {
		t.Errorf("two steps back: seq %d", m.Seq())
	}
	m = press(t, m, "h", "left")
	if m.Seq() != 1 || !strings.Contains(m.Message(), "first input") {
		t.Errorf("back past the first: seq %d, message %q", m.Seq(), m.Message())
	}
	m = press(t, m, "end")
	if m.Seq() != 20 {
		t.Errorf("end: seq %d", m.Seq())
	}
	m = press(t, m, "right")
	if m.Seq() != 20 || !strings.Contains(m.Message(), "last input") {
		t.Errorf("forward past the last: seq %d, message %q", m.Seq(), m.Message())
	}
	m = press(t, m, "home")
	if m.Seq() != 1 || m.Message() != "" {
		t.Errorf("home: seq %d, message %q (a good key clears the message)", m.Seq(), m.Message())
	}
}

func TestModelTurns(t *testing.T) {
	m := testModel()
	for _, c := range []struct {
		key  string
		want uint64
		msg  string
	}{
		{"n", 2, ""}, {"n", 8, ""}, {"n", 15, ""}, {"n", 15, "no turn start after"},
		{"right", 16, ""}, {"p", 15, ""}, // p mid-turn: this turn's start
		{"p", 8, ""}, {"p", 2, ""}, {"p", 2, "no turn start before"},
	} {
		m = press(t, m, c.key)
		if m.Seq() != c.want || !strings.Contains(m.Message(), c.msg) || (c.msg == "") != (m.Message() == "") {
			t.Fatalf("%s: seq %d, message %q; want seq %d, message with %q", c.key, m.Seq(), m.Message(), c.want, c.msg)
		}
	}
}

func TestModelMarks(t *testing.T) {
	m := testModel()
	var got []uint64
	for range 5 {
		m = press(t, m, "]")
		got = append(got, m.Seq())
	}
	if want := []uint64{4, 8, 12, 19, 19}; !equal(got, want) {
		t.Errorf("] visits %v, want %v (each mark once; 99 isn't an input)", got, want)
	}
	if !strings.Contains(m.Message(), "no mark after") {
		t.Errorf("message %q", m.Message())
	}
	got = got[:0]
	for range 5 {
		m = press(t, m, "[")
		got = append(got, m.Seq())
	}
	if want := []uint64{12, 8, 4, 4, 4}; !equal(got, want) {
		t.Errorf("[ visits %v, want %v", got, want)
	}
}

func equal(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestModelGoto(t *testing.T) {
	m := press(t, testModel(), "g", "1")
	if typing, digits := m.Typing(); !typing || digits != "1" {
		t.Fatalf("typing %v %q", typing, digits)
	}
	m = press(t, m, "7", "backspace", "2", "enter")
	if typing, _ := m.Typing(); typing || m.Seq() != 12 {
		t.Errorf("g 1 7 backspace 2 enter: seq %d, typing %v", m.Seq(), typing)
	}
	m = press(t, m, "g", "9", "9", "enter")
	if m.Seq() != 12 || !strings.Contains(m.Message(), "seq 99 is outside the match: its inputs are 1 to 20") {
		t.Errorf("g 99: seq %d, message %q", m.Seq(), m.Message())
	}
	m = press(t, m, "g", "3", "esc")
	if typing, _ := m.Typing(); typing || m.Seq() != 12 {
		t.Errorf("esc: seq %d, typing %v", m.Seq(), typing)
	}
	m = press(t, m, "g", "x")
	if typing, _ := m.Typing(); !typing || !strings.Contains(m.Message(), "type a seq") {
		t.Errorf("a letter while typing: typing %v, message %q", typing, m.Message())
	}
	m = press(t, m, "enter")
	if typing, _ := m.Typing(); typing || m.Seq() != 12 {
		t.Errorf("enter with nothing typed: seq %d, typing %v", m.Seq(), typing)
	}
	m = press(t, m, "g", "q") // q is not a digit: it doesn't quit while typing
	if typing, _ := m.Typing(); !typing {
		t.Error("q while typing ended the typing")
	}
	if _, quit := m.Key("ctrl+c"); !quit {
		t.Error("ctrl+c while typing didn't quit")
	}
	// A log with a gap: a seq between two inputs isn't there.
	g := press(t, NewModel([]uint64{1, 2, 3, 5, 6}, nil, nil), "g", "4", "enter")
	if g.Seq() != 1 || !strings.Contains(g.Message(), "seq 4 is not in the log") {
		t.Errorf("gap: seq %d, message %q", g.Seq(), g.Message())
	}
	g = press(t, g, "g", "5", "enter")
	if g.Seq() != 5 || g.Cursor() != 3 {
		t.Errorf("g 5 in a log with a gap: seq %d, index %d", g.Seq(), g.Cursor())
	}
}

func TestModelHelpAndQuit(t *testing.T) {
	m := press(t, testModel(), "?")
	if !m.Help() {
		t.Fatal("? didn't open the help")
	}
	if m = press(t, m, "?"); m.Help() {
		t.Error("? didn't close the help")
	}
	m = press(t, m, "?", "right")
	if m.Help() || m.Seq() != 2 {
		t.Errorf("a key in the help: help %v, seq %d; want it closed and the key done", m.Help(), m.Seq())
	}
	m = press(t, m, "x")
	if !strings.Contains(m.Message(), "no such key") {
		t.Errorf("message %q", m.Message())
	}
	for _, k := range []string{"q", "ctrl+c"} {
		if _, quit := m.Key(k); !quit {
			t.Errorf("%s didn't quit", k)
		}
	}
	if _, quit := press(t, m, "?").Key("q"); !quit {
		t.Error("q in the help didn't quit")
	}
}

func TestModelResize(t *testing.T) {
	m := testModel()
	if w, h := m.Size(); w != DefaultWidth || h != DefaultHeight {
		t.Errorf("default size %dx%d", w, h)
	}
	if w, h := m.Resize(132, 43).Size(); w != 132 || h != 43 {
		t.Errorf("resized to %dx%d", w, h)
	}
	if w, h := m.Resize(0, -3).Size(); w != 1 || h != 1 {
		t.Errorf("resized to nothing: %dx%d", w, h)
	}
	if m.Resize(10, 10).Seq() != m.Seq() {
		t.Error("resizing moved the cursor")
	}
}

func TestModelEmpty(t *testing.T) {
	m := NewModel(nil, nil, nil)
	m = press(t, m, "right", "left", "n", "p", "]", "[", "home", "end", "g", "3", "enter")
	if m.Seq() != 0 || m.Cursor() != 0 {
		t.Errorf("empty model at seq %d, index %d", m.Seq(), m.Cursor())
	}
}
