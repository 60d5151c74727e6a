package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// The setup export: a bug report in one small file that starts at the
// interesting moment. It holds the match's match_started input, then one
// setup input placing the position after seq At (see BuildSetup), then the
// inputs that followed At, so that replaying the file reaches the same
// position and goes on as the match did. The lines leave out seq, prev and
// hash, as hand-written files do, so that the report can be edited; the
// recorder seals them when it stores them.
//
// The setup gives every object the id it had in the match, so the inputs
// that follow name the same objects; only the ids of cards a setup of the
// match added may differ, and the inputs that follow are rewritten to name
// them by their new ids. Names stay names: a name picks the first fitting
// object in id order, as in the match.

// SetupError is a position a setup can't place, with what can't be placed
// and the nearest inputs after which a setup can.
type SetupError struct {
	Match   string
	Seq     uint64
	Reasons []string
	// Before and After are the nearest seqs before and after Seq whose
	// positions a setup places; 0 when there is none.
	Before, After uint64
}

// Error reads like "seq 4 of bolt-race can't be a setup: a setup can't
// express a non-empty stack: Lightning Bolt (o12); try --at 2 (before) or
// --at 6 (after)".
func (e *SetupError) Error() string {
	msg := fmt.Sprintf("seq %d of %s can't be a setup: a setup can't express %s", e.Seq, e.Match, strings.Join(e.Reasons, "; "))
	var try []string
	if e.Before > 0 {
		try = append(try, fmt.Sprintf("--at %d (before)", e.Before))
	}
	if e.After > 0 {
		try = append(try, fmt.Sprintf("--at %d (after)", e.After))
	}
	if len(try) == 0 {
		return msg + "; no position of the match can be one"
	}
	return msg + "; try " + strings.Join(try, " or ")
}

// exportSetup writes the setup export of the match sum describes at seq at.
func exportSetup(w io.Writer, src Source, sum Summary, at uint64) error {
	x := &setupExport{match: sum.Match, at: at}
	err := Replay(src, sum.Match, x.visit)
	var ie *IllegalError
	switch {
	case errors.As(err, &ie) && ie.Seq > at:
		// The inputs after the position are exported as they are; the
		// search for a nearby position stops here.
	case err != nil && err != errExportDone:
		return err
	}
	if x.why != nil {
		return &SetupError{Match: sum.Match, Seq: at, Reasons: x.why, Before: x.before, After: x.after}
	}
	var tail []*events.Event
	if err := src.Events(sum.Match, func(ev *events.Event) error {
		if ev.Seq > at {
			tail = append(tail, ev)
		}
		return nil
	}); err != nil {
		return err
	}
	return x.write(w, tail)
}

// setupExport walks a match once: it builds the setup at its seq and looks
// for the nearest positions a setup places around it.
type setupExport struct {
	match string
	at    uint64

	start  *events.Event // the match's match_started
	setup  *events.Event // the setup placing the position after at
	why    []string      // what of that position a setup can't place
	remap  func(string) string
	before uint64 // the last seq before at whose position a setup places
	after  uint64 // the first one after at, when at's can't be placed
}

func (x *setupExport) visit(g *reducer.Game, in Input) error {
	ev := in.Event
	if ev.Seq == 1 {
		x.start = ev
	}
	why := Inexpressible(g.S)
	switch {
	case ev.Seq < x.at:
		if why == nil {
			x.before = ev.Seq
		}
	case ev.Seq == x.at:
		if why != nil {
			x.why = why
			return nil
		}
		return x.build(g.S, ev)
	case x.why == nil:
		return errExportDone // built: the inputs that follow are read as they are
	case why == nil:
		x.after = ev.Seq
		return errExportDone
	}
	return nil
}

// build makes the setup input for the position s, replays it on a new game
// to learn the ids it gives, and prepares the rewriting of later inputs.
func (x *setupExport) build(s *reducer.State, ev *events.Event) error {
	if x.start == nil {
		return fmt.Errorf("match %s: seq 1 is not match_started", x.match)
	}
	g := reducer.New(nil)
	if _, err := g.Submit(x.start); err != nil {
		return fmt.Errorf("match %s: match_started: %w", x.match, err)
	}
	body, order := BuildSetup(g.S, s)
	x.setup = &events.Event{Schema: events.SchemaVersion, Match: x.match, Seq: 2, Kind: events.KindSetup,
		Actor: events.TableActor, Recorded: ev.Recorded, Body: body}
	_, err := g.Submit(x.setup)
	if err != nil {
		// The setup was built from a position the rules reached: a broken
		// invariant of BuildSetup, reported rather than exported wrong.
		return fmt.Errorf("match %s: the setup built for seq %d is refused by the rules (please report): %w", x.match, x.at, err)
	}
	// The setup keeps every object's id and every card's: the cards the
	// match's own setups added are listed in its cards, in id order.
	cards := map[uint32]uint32{}
	for _, id := range order {
		old, now := s.Obj(id), g.S.Obj(id)
		if now == nil || now.Card != old.Card {
			return fmt.Errorf("match %s: the setup built for seq %d doesn't place %s as the match had it (please report)", x.match, x.at, id)
		}
		cards[uint32(old.Card)] = uint32(now.Card)
	}
	oldCards, newCards := uint32(max(len(s.Cards), 1)), uint32(max(len(g.S.Cards), 1))
	x.remap = func(ref string) string {
		kind, n, ok := parseRef(ref)
		if !ok {
			return ref
		}
		if kind == 'o' {
			return ref // objects keep their ids
		}
		m, next, newer := cards, oldCards, newCards
		switch v, found := m[n]; {
		case found:
			n = v
		case n >= next: // made after the position: ids follow on in the same order
			n = n - next + newer
		}
		return string(kind) + strconv.FormatUint(uint64(n), 10)
	}
	return nil
}

// write writes match_started, the setup and the inputs of tail, rewritten.
func (x *setupExport) write(w io.Writer, tail []*events.Event) error {
	out := []*events.Event{x.bare(x.start), x.bare(x.setup)}
	for _, ev := range tail {
		b, err := remapBody(ev.Body, x.remap)
		if err != nil {
			return fmt.Errorf("match %s seq %d: %w", x.match, ev.Seq, err)
		}
		c := x.bare(ev)
		c.Body = b
		if c.Effects, err = remapEffects(ev.Effects, x.remap); err != nil {
			return fmt.Errorf("match %s seq %d: effects: %w", x.match, ev.Seq, err)
		}
		out = append(out, c)
	}
	return events.WriteJSONL(w, out)
}

// bare is a copy of ev without its place in a chain (no seq, prev or hash)
// and under the exported match's id, which a branch's shared inputs don't
// carry.
func (x *setupExport) bare(ev *events.Event) *events.Event {
	c := *ev
	c.Match, c.Seq, c.Prev, c.Hash = x.match, 0, events.Hash{}, events.Hash{}
	return &c
}

// remapBody returns a copy of b with every string that is an object or card
// id ("o12", "c3") passed through f.
func remapBody(b events.Body, f func(string) string) (events.Body, error) {
	raw, err := json.Marshal(b)
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	if raw, err = json.Marshal(remapValue(v, f)); err != nil {
		return nil, err
	}
	nb, ok := events.NewBody(b.Kind())
	if !ok {
		return nil, fmt.Errorf("unknown kind %s", b.Kind())
	}
	if err := json.Unmarshal(raw, nb); err != nil {
		return nil, err
	}
	return nb, nil
}

// remapEffects returns a copy of the table's effects with every object or
// card id passed through f, as remapBody does for a body.
func remapEffects(effs []events.TableEffect, f func(string) string) ([]events.TableEffect, error) {
	if len(effs) == 0 {
		return nil, nil
	}
	raw, err := json.Marshal(effs)
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	if raw, err = json.Marshal(remapValue(v, f)); err != nil {
		return nil, err
	}
	var out []events.TableEffect
	err = json.Unmarshal(raw, &out)
	return out, err
}

func remapValue(v any, f func(string) string) any {
	switch t := v.(type) {
	case string:
		return f(t)
	case []any:
		for i := range t {
			t[i] = remapValue(t[i], f)
		}
	case map[string]any:
		for k := range t {
			t[k] = remapValue(t[k], f)
		}
	}
	return v
}

// parseRef reads an object or card id: "o12", "c3".
func parseRef(s string) (kind byte, n uint32, ok bool) {
	if len(s) < 2 || (s[0] != 'o' && s[0] != 'c') || s[1] == '0' {
		return 0, 0, false
	}
	v, err := strconv.ParseUint(s[1:], 10, 32)
	if err != nil {
		return 0, 0, false
	}
	return s[0], uint32(v), true
}
