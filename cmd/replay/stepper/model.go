package stepper

import (
	"fmt"
	"sort"
	"strconv"
)

// Default window size, until the terminal says otherwise.
const (
	DefaultWidth  = 80
	DefaultHeight = 24
)

// Model is the stepper's state: a cursor over a match's inputs (the index
// of the input the board stands after), a seq being typed, the help, the
// window size, and a one-line message. It is a value: Key and Resize return
// the changed copy.
type Model struct {
	seqs  []uint64 // the inputs' seqs, ascending
	turns []int    // indexes of the inputs that began a turn, ascending
	marks []int    // indexes of marked inputs, ascending, each once

	cur    int
	typing bool   // after g: a seq is being typed
	digits string // what was typed
	help   bool
	msg    string

	width, height int
}

// NewModel is a model over inputs seqs (ascending), with the turn starts
// and marks given as seqs (any order, repeats allowed; seqs not among seqs
// are ignored), standing at the first input.
func NewModel(seqs []uint64, turns, marks []uint64) Model {
	m := Model{seqs: seqs, width: DefaultWidth, height: DefaultHeight}
	m.turns = m.indexes(turns)
	m.marks = m.indexes(marks)
	return m
}

// indexes turns seqs into sorted, unique indexes into m.seqs.
func (m Model) indexes(seqs []uint64) []int {
	seen := map[int]bool{}
	var out []int
	for _, s := range seqs {
		if i, ok := m.index(s); ok && !seen[i] {
			seen[i] = true
			out = append(out, i)
		}
	}
	sort.Ints(out)
	return out
}

// index finds seq among the inputs.
func (m Model) index(seq uint64) (int, bool) {
	i := sort.Search(len(m.seqs), func(i int) bool { return m.seqs[i] >= seq })
	return i, i < len(m.seqs) && m.seqs[i] == seq
}

// Len is the number of inputs.
func (m Model) Len() int { return len(m.seqs) }

// Cursor is the index of the input the board stands after.
func (m Model) Cursor() int { return m.cur }

// Seq is the seq of that input; 0 for a match without inputs.
func (m Model) Seq() uint64 {
	if len(m.seqs) == 0 {
		return 0
	}
	return m.seqs[m.cur]
}

// Size is the window's width and height.
func (m Model) Size() (width, height int) { return m.width, m.height }

// Help reports whether the help is shown.
func (m Model) Help() bool { return m.help }

// Typing reports whether a seq is being typed after g, and what so far.
func (m Model) Typing() (bool, string) { return m.typing, m.digits }

// Message is the last key's complaint or note; "" when none.
func (m Model) Message() string { return m.msg }

// Resize records the window's size; sizes below 1 count as 1.
func (m Model) Resize(width, height int) Model {
	m.width, m.height = max(width, 1), max(height, 1)
	return m
}

// Goto stands the cursor at index i, clamped to the inputs.
func (m Model) Goto(i int) Model {
	m.cur = max(0, min(i, len(m.seqs)-1))
	return m
}

// GotoSeq stands the cursor at the input with seq; ok is false, and the
// model unchanged, when there is none.
func (m Model) GotoSeq(seq uint64) (next Model, ok bool) {
	i, ok := m.index(seq)
	if !ok {
		return m, false
	}
	return m.Goto(i), true
}

// Key handles one key, named as bubbletea names keys ("right", "l",
// "enter", "esc", "ctrl+c", ...). quit is true for q and ctrl+c.
//
//	right l   one input forward      left h   one input back
//	n         next turn start        p        this turn's start, or the previous one
//	]         next mark              [        previous mark
//	home end  first and last input   g SEQ enter  jump to input SEQ (esc cancels)
//	?         help                   q        quit
func (m Model) Key(k string) (next Model, quit bool) {
	if k == "ctrl+c" {
		return m, true
	}
	m.msg = ""
	if m.typing {
		return m.typeKey(k), false
	}
	if m.help && k != "q" {
		m.help = false // any key closes the help
		if k == "?" || k == "esc" {
			return m, false
		}
	}
	switch k {
	case "q":
		return m, true
	case "?":
		m.help = true
	case "right", "l":
		m = m.step(+1)
	case "left", "h":
		m = m.step(-1)
	case "n":
		m = m.jump(m.turns, +1, "turn start")
	case "p":
		m = m.jump(m.turns, -1, "turn start")
	case "]":
		m = m.jump(m.marks, +1, "mark")
	case "[":
		m = m.jump(m.marks, -1, "mark")
	case "home":
		m = m.Goto(0)
	case "end":
		m = m.Goto(len(m.seqs) - 1)
	case "g":
		m.typing, m.digits = true, ""
	case "esc":
	default:
		m.msg = fmt.Sprintf("%s: no such key (? for help)", k)
	}
	return m, false
}

// typeKey handles a key while a seq is being typed.
func (m Model) typeKey(k string) Model {
	switch {
	case len(k) == 1 && k[0] >= '0' && k[0] <= '9':
		if len(m.digits) < 19 {
			m.digits += k
		}
	case k == "backspace":
		if m.digits != "" {
			m.digits = m.digits[:len(m.digits)-1]
		}
	case k == "esc":
		m.typing, m.digits = false, ""
	case k == "enter":
		m.typing = false
		m = m.jumpTo(m.digits)
		m.digits = ""
	default:
		m.msg = "type a seq, then enter (esc cancels)"
	}
	return m
}

// jumpTo moves to the input with the typed seq.
func (m Model) jumpTo(digits string) Model {
	if digits == "" {
		return m
	}
	seq, err := strconv.ParseUint(digits, 10, 64)
	if err != nil || len(m.seqs) == 0 {
		m.msg = fmt.Sprintf("no input %s", digits)
		return m
	}
	if i, ok := m.index(seq); ok {
		return m.Goto(i)
	}
	first, last := m.seqs[0], m.seqs[len(m.seqs)-1]
	if seq < first || seq > last {
		m.msg = fmt.Sprintf("seq %d is outside the match: its inputs are %d to %d", seq, first, last)
	} else {
		m.msg = fmt.Sprintf("seq %d is not in the log", seq)
	}
	return m
}

func (m Model) step(d int) Model {
	to := m.cur + d
	switch {
	case to < 0:
		m.msg = "at the first input"
	case to >= len(m.seqs):
		m.msg = "at the last input"
	default:
		m.cur = to
	}
	return m
}

// jump moves to the next (d > 0) or previous of the indexes at.
func (m Model) jump(at []int, d int, what string) Model {
	if d > 0 {
		i := sort.SearchInts(at, m.cur+1)
		if i == len(at) {
			m.msg = "no " + what + " after this input"
			return m
		}
		m.cur = at[i]
		return m
	}
	i := sort.SearchInts(at, m.cur) - 1
	if i < 0 {
		m.msg = "no " + what + " before this input"
		return m
	}
	m.cur = at[i]
	return m
}
