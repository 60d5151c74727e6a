package replay

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Exports for other engines: a position as Forge's game state file (the
// [state] section its puzzle mode and developer mode read) and as an XMage
// test skeleton (a CardTestPlayerBase test: the position, then the
// decisions that followed as the test API's calls). Neither engine can
// hold all a Chronicle position holds, so each export carries a fidelity
// report: what carried over, and what was dropped and why. It is written
// at the head of the file as comments, and to ExportOptions.Report (the
// CLI's stderr), so an export is never silently lossy.

// Formats for other engines.
const (
	FormatForge = "forge"
	FormatXMage = "xmage-test"
)

// Fidelity says what an export to another engine carried and dropped.
type Fidelity struct {
	Carried []string
	Dropped []string
}

func (f *Fidelity) carry(format string, args ...any) {
	f.Carried = append(f.Carried, fmt.Sprintf(format, args...))
}

func (f *Fidelity) drop(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	if !slices.Contains(f.Dropped, s) {
		f.Dropped = append(f.Dropped, s)
	}
}

// lines is the report, each line prefixed.
func (f *Fidelity) lines(prefix string) []string {
	var out []string
	for _, c := range f.Carried {
		out = append(out, prefix+"carried: "+c)
	}
	for _, d := range f.Dropped {
		out = append(out, prefix+"dropped: "+d)
	}
	if len(f.Dropped) == 0 {
		out = append(out, prefix+"dropped: nothing")
	}
	return out
}

// enginePosition is the position an engine export starts from and the
// inputs that followed it, each with the state it was made in.
type enginePosition struct {
	state *reducer.State
	tail  []tailInput
}

type tailInput struct {
	ev     *events.Event
	before *reducer.State
}

// positionAt replays match up to seq at and keeps the state there and the
// inputs after it.
func positionAt(src Source, sum Summary, at uint64) (*enginePosition, error) {
	p := &enginePosition{}
	var last *reducer.State
	err := Replay(src, sum.Match, func(g *reducer.Game, in Input) error {
		if in.Event.Seq > at {
			p.tail = append(p.tail, tailInput{ev: in.Event, before: last})
		}
		last = g.S.Clone()
		if in.Event.Seq == at {
			p.state = last
		}
		return nil
	})
	var ie *IllegalError
	if err != nil && !(errors.As(err, &ie) && ie.Seq > at) {
		return nil, err
	}
	if p.state == nil {
		return nil, errNotReached("seq %d of match %s was not reached", at, sum.Match)
	}
	if len(p.state.Players) != 2 {
		return nil, fmt.Errorf("match %s has %d players: the Forge and XMage exports place two", sum.Match, len(p.state.Players))
	}
	return p, nil
}

// dropCommon notes what neither engine's format holds.
func dropCommon(f *Fidelity, v *reducer.View) {
	if len(v.Stack) > 0 {
		f.drop("the stack (%d objects): the format places no spell or ability on the stack", len(v.Stack))
	}
	if len(v.Triggers) > 0 {
		f.drop("%d triggered abilities waiting to be put on the stack", len(v.Triggers))
	}
	if v.Pending.Ask != "" && v.Pending.Ask != "priority" && v.Pending.Ask != "none" {
		f.drop("the pending decision (%s by %s): the position starts with priority", v.Pending.Ask, v.Pending.Player)
	}
	if g := v.GameOver; g.Over {
		end := "a draw"
		if g.Winner != "" {
			end = g.Winner + " won it"
		}
		f.drop("the end of game %d (%s; the match is over): the format places a game going on, every player in it", max(v.Game, 1), end)
	}
	for _, p := range v.Players {
		if p.Lost {
			f.drop("%s's loss (%s): the format places a player still in the game", p.ID, p.LossReason)
		}
		if len(p.ManaPool) > 0 {
			f.drop("%s's mana pool (%d mana)", p.ID, len(p.ManaPool))
		}
		if p.LandsPlayed > 0 {
			f.drop("lands played this turn (%s: %d)", p.ID, p.LandsPlayed)
		}
	}
	for _, o := range v.Battlefield {
		if o.Printed != nil && (o.Printed.Types != nil || o.Printed.Subtypes != nil || o.Printed.Supertypes != nil || o.Printed.Keywords != nil || o.Printed.Colors != nil || o.Printed.Power != "") {
			f.drop("continuous effects on %s (%s): the card is placed as printed", o.Name, o.ID)
		}
		if len(o.Abilities) > 0 {
			f.drop("abilities %s (%s) gained from effects", o.Name, o.ID)
		}
	}
	for _, o := range v.Exile {
		if len(o.MayCast) > 0 {
			f.drop("permission to cast %s (%s) from exile", o.Name, o.ID)
		}
	}
}

// cardName is the name another engine knows o's card by: the card's full
// name (both halves of a split card), a token's name.
func cardName(s *reducer.State, o reducer.ObjectView) string {
	if o.Card != "" {
		if n, err := strconv.Atoi(strings.TrimPrefix(o.Card, "c")); err == nil && n < len(s.Cards) && s.Cards[n].Def != nil {
			if d := s.Cards[n].Def; d.FullName != "" {
				return d.FullName
			}
			return s.Cards[n].Def.Name
		}
	}
	return o.Name
}

// refName names what an input refers to (an object or card id, or a name)
// as the state before the input knows it.
func refName(s *reducer.State, ref string) string {
	if s == nil || len(ref) < 2 {
		return ref
	}
	n, err := strconv.Atoi(ref[1:])
	switch {
	case err != nil:
		return ref
	case ref[0] == 'o':
		if o := s.Obj(reducer.ObjID(n)); o != nil && o.Name() != "" {
			return o.Name()
		}
	case ref[0] == 'c' && n < len(s.Cards) && s.Cards[n].Def != nil:
		return s.Cards[n].Def.Name
	}
	return ref
}

// writeReport writes the report to r, when there is one.
func writeReport(r io.Writer, format string, f *Fidelity) {
	if r == nil {
		return
	}
	fmt.Fprintf(r, "%s export fidelity:\n", format)
	for _, l := range f.lines("  ") {
		fmt.Fprintln(r, l)
	}
}
