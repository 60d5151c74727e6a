package replay

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/recorder/derive"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Appending inputs to a branch. The inputs are a JSON Lines fragment that
// continues the branch: seq may be left out (it is assigned after the head)
// and so may recorded (now), prev and hash (the chain is sealed on). Each
// input is checked as the recorder checks one: the log's rules (seq, chain,
// actor and player of the match) and then the rules of Magic, by the
// reducer's validating door on the game rebuilt to the head. What the rules
// derived is stored beside each input, with a state digest after each input
// that began a game or a turn, as the recorder stores them. Either every
// input is stored, in one transaction, or none is.

// ErrNotLog means a file whose lines are not inputs at all.
var ErrNotLog = errors.New("not a log of inputs")

// RefusedError is an input Append refused; nothing was stored.
type RefusedError struct {
	Match string
	Seq   uint64
	File  string // where the input came from
	Line  int    // its line there
	Field string // the field to blame, if one is
	// Reason and Rule: "p2 can't pass priority: p1 has priority", "CR
	// 117.3", or a LOG-* rule of the log's own.
	Reason string
	Rule   string
}

// Error reads like "whatif.jsonl:3: seq 5 refused: p2 can't pass priority: p1
// has priority (CR 117.3); nothing was appended".
func (e *RefusedError) Error() string {
	s := ""
	if e.File != "" {
		s = e.File
		if e.Line > 0 {
			s += fmt.Sprintf(":%d", e.Line)
		}
		s += ": "
	}
	if e.Seq > 0 {
		s += fmt.Sprintf("seq %d ", e.Seq)
	}
	s += "refused: "
	if e.Field != "" && strings.HasPrefix(e.Rule, "LOG-") {
		s += e.Field + ": "
	}
	s += e.Reason
	if e.Rule != "" {
		s += " (" + e.Rule + ")"
	}
	return s + "; nothing was appended"
}

// AppendOptions tune Append.
type AppendOptions struct {
	// Now is the recorded time of an input that has none; default time.Now.
	Now func() time.Time
}

// Appended is what Append stored.
type Appended struct {
	Match    string
	From, To uint64 // the seqs stored
	Head     events.Hash
	Status   string // the branch's status after it: open or finished
}

// Append reads inputs from r (named name in messages) and stores them after
// the head of the branch match of s. An unknown match is an error wrapping
// ErrUnknownMatch; a recorded main line, one wrapping store.ErrMainLine; a
// file whose lines are not inputs, one wrapping ErrNotLog; an input the
// log's rules or the rules of Magic refuse, a *RefusedError naming the
// first. Nothing is stored on any error.
func Append(s *Store, match string, r io.Reader, name string, opt AppendOptions) (Appended, error) {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	sum, err := s.Match(match)
	if err != nil {
		return Appended{}, err
	}
	if sum.Parent == "" {
		return Appended{}, fmt.Errorf("%s %w", match, store.ErrMainLine)
	}
	lines, err := readContinuation(r, name, sum)
	if err != nil {
		return Appended{}, err
	}
	g, err := gameAt(s, match)
	if err != nil {
		return Appended{}, err
	}
	players := map[string]bool{}
	for _, p := range sum.Players {
		players[p.ID] = true
	}
	head := sum.Head
	var evs []*events.Event
	var derived []*store.Derived
	for _, l := range lines {
		ev := l.Event
		refuse := func(field, rule, reason string) error {
			return &RefusedError{Match: match, Seq: ev.Seq, File: l.File, Line: l.Line, Field: field, Reason: reason, Rule: rule}
		}
		if ev.Recorded == 0 {
			ev.Recorded = opt.Now().UnixNano()
		}
		if ev.Prev.IsZero() {
			ev.Prev = head
		}
		if ev.Hash.IsZero() {
			ev.Seal()
		}
		if ev.Actor != events.TableActor && !players[ev.Actor] {
			return Appended{}, refuse("actor", events.RuleActor, fmt.Sprintf("%q is not a player of match %s", ev.Actor, match))
		}
		if ev.Actor == events.TableActor && !events.TableMaySpeak(ev.Kind) {
			return Appended{}, refuse("actor", events.RuleActor, fmt.Sprintf("the table may not make a player's decision (%s): it speaks for itself only (match_started, setup, random outcomes)", ev.Kind))
		}
		if p, ok := events.PlayerOf(ev.Body); ok && !players[p] {
			return Appended{}, refuse("body.player", events.RuleActor, fmt.Sprintf("%q is not a player of match %s", p, match))
		}
		d, err := derive.Derive(g, ev)
		if err != nil {
			var re *reducer.RuleError
			var ee *events.Error
			switch {
			case errors.As(err, &re):
				e := re.EventError(match)
				return Appended{}, refuse(e.Field, e.Rule, e.Reason)
			case errors.As(err, &ee):
				return Appended{}, refuse(ee.Field, ee.Rule, ee.Reason)
			}
			return Appended{}, refuse("", "", err.Error())
		}
		evs, derived = append(evs, ev), append(derived, d)
		head = ev.Hash
	}
	if err := s.of(match).AppendBranch(match, evs, derived); err != nil {
		return Appended{}, err
	}
	out := Appended{Match: match, From: evs[0].Seq, To: evs[len(evs)-1].Seq, Head: head, Status: store.StatusOpen}
	if g.S.Over {
		out.Status = store.StatusFinished
	}
	return out, nil
}

// readContinuation reads the inputs of r as the continuation of the match
// sum describes: every line an input of that match, the first one after its
// head.
func readContinuation(r io.Reader, name string, sum Summary) ([]events.Line, error) {
	lines, err := events.ReadJSONL(r, name, events.ReadOptions{
		Fragment: true,
		Continue: map[string]events.Link{sum.Match: {Seq: sum.HeadSeq, Hash: sum.Head}},
	})
	var ee *events.Error
	switch {
	case errors.As(err, &ee) && ee.Match != "" && ee.Match != sum.Match:
		return nil, otherMatch(name, ee.Line, 0, ee.Match, sum.Match) // its seq was read as another match's
	case errors.As(err, &ee) && (ee.Rule == events.RuleSeq || ee.Rule == events.RuleChain || ee.Rule == events.RuleStart):
		return nil, &RefusedError{Match: sum.Match, Seq: ee.Seq, File: name, Line: ee.Line, Field: ee.Field, Reason: ee.Reason, Rule: ee.Rule}
	case err != nil:
		return nil, fmt.Errorf("%s is %w: %v", name, ErrNotLog, err)
	}
	for _, l := range lines {
		if l.Event.Match != sum.Match {
			return nil, otherMatch(name, l.Line, l.Event.Seq, l.Event.Match, sum.Match)
		}
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("%s is %w: it holds no inputs", name, ErrNotLog)
	}
	return lines, nil
}

func otherMatch(file string, line int, seq uint64, got, want string) error {
	return &RefusedError{Match: want, Seq: seq, File: file, Line: line, Field: "match", Rule: events.RuleBody,
		Reason: fmt.Sprintf("the input is for match %q: every input appended to %s must name it", got, want)}
}

// gameAt rebuilds match's game to its head, folding the stored effects.
func gameAt(src Source, match string) (*reducer.Game, error) {
	var last *reducer.Game
	err := Replay(src, match, func(g *reducer.Game, _ Input) error {
		last = g
		return nil
	})
	if err != nil {
		return nil, err
	}
	if last == nil {
		return nil, fmt.Errorf("match %s has no inputs", match)
	}
	return last, nil
}
