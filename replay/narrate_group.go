package replay

import (
	"strings"
)

// Runs of like effects are told as one line: the seven draws of an opening
// hand, a hand put back into the library, the untap step.

// groupKind is what a run of effects does.
type groupKind uint8

const (
	groupDraw   groupKind = iota + 1 // library to hand
	groupBottom                      // hand to the bottom of the library
	groupUntap                       // untapping permanents
)

// group is a run being gathered: the seat it happens to, and each object as
// the viewer may name it ("" for one the viewer can't see).
type group struct {
	kind  groupKind
	seat  int
	names []string
}

// join adds one object to the run of kind for seat, telling the run before
// if it is another.
func (t *telling) join(kind groupKind, seat int, name string) {
	if g := t.group; g != nil && (g.kind != kind || g.seat != seat) {
		t.flush()
	}
	if t.group == nil {
		t.announce()
		t.group = &group{kind: kind, seat: seat}
	}
	t.group.names = append(t.group.names, name)
}

// flush tells the run gathered, if any.
func (t *telling) flush() {
	g := t.group
	if g == nil {
		return
	}
	t.group = nil
	who := t.actor(g.seat)
	var named []string
	for _, n := range g.names {
		if n != "" {
			named = append(named, n)
		}
	}
	list := ""
	if len(named) == len(g.names) {
		list = strings.Join(named, ", ")
	}
	count := pluralInt(len(g.names), "card")
	if len(g.names) == 1 {
		count = "a card"
	}
	var line string
	switch g.kind {
	case groupDraw:
		line = who + " draws " + count
		if list != "" && len(g.names) == 1 {
			line = who + " draws " + list
		} else if list != "" {
			line += ": " + list
		}
	case groupBottom:
		what := count
		if list != "" && len(g.names) == 1 {
			what = list
		}
		line = who + " puts " + what + " from hand on the bottom of the library"
		if list != "" && len(g.names) > 1 {
			line += ": " + list
		}
	case groupUntap:
		line = who + " untaps " + list
	}
	t.lines = append(t.lines, line)
}
