package stepper

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/chronicle-mtg/chronicle/reducer"
)

// The stepper's board: `replay show`'s board (replay.WriteBoard) made to fit
// a terminal. One line for the turn, then per player a line of counts and
// the lists that matter at a table (battlefield, hand when visible,
// graveyard), each wrapped to the width; then the stack, exile and the
// result. Library contents are left to `replay show`. It prints a view, so
// it hides exactly what the view hides.

// Board prints the view in lines of at most width cells (longer only for a
// single word wider than that).
func Board(v *reducer.View, width int) []string {
	var out []string
	add := func(label string, items []string) {
		out = append(out, wrap(label, items, width)...)
	}
	turn := "before the first turn"
	if v.Turn > 0 {
		turn = fmt.Sprintf("game %d, turn %d %s, active %s, priority %s", max(v.Game, 1), v.Turn, v.Step, v.ActivePlayer, or(v.Priority, "none"))
	}
	out = append(out, turn+"; waiting for "+pending(v.Pending))
	for _, p := range v.Players {
		head := fmt.Sprintf("%s %s: life %d, hand %d, library %d, graveyard %d", p.ID, p.Name, p.Life, p.HandCount, p.LibraryCount, len(p.Graveyard))
		if len(p.ManaPool) > 0 {
			var pool strings.Builder
			for _, m := range p.ManaPool {
				pool.WriteString("{" + m.Mana + "}")
			}
			head += ", pool " + pool.String()
		}
		if p.Mulligans > 0 {
			head += fmt.Sprintf(", mulligans %d", p.Mulligans)
		}
		if p.Lost {
			head += ", lost: " + p.LossReason
		}
		out = append(out, head)
		var perms []string
		for _, o := range v.Battlefield {
			if o.Controller == p.ID {
				perms = append(perms, permanent(o))
			}
		}
		add("  battlefield: ", perms)
		if hand := names(p.Hand); len(hand) > 0 {
			add("  hand: ", hand)
		}
		if len(p.Graveyard) > 0 {
			add("  graveyard: ", names(p.Graveyard))
		}
		if len(p.Command) > 0 {
			add("  command: ", names(p.Command))
		}
	}
	var stack []string
	for _, o := range v.Stack {
		stack = append(stack, spell(o))
	}
	add("stack (top first): ", stack)
	if len(v.Exile) > 0 {
		add("exile: ", names(v.Exile))
	}
	if g := v.GameOver; g.Over || g.MatchOver {
		line := "game over: a draw"
		if g.Winner != "" {
			line = "game over: " + g.Winner + " wins"
		}
		if g.MatchOver {
			line += "; the match is over"
		}
		out = append(out, line)
	}
	return out
}

// wrap lists items after label, comma-separated, on as many lines as the
// width needs; "none" when there are none.
func wrap(label string, items []string, width int) []string {
	if len(items) == 0 {
		return []string{label + "none"}
	}
	indent := strings.Repeat(" ", len(label)-len(strings.TrimLeft(label, " "))+2)
	var out []string
	line := label
	fresh := true // nothing listed on line yet
	for k, it := range items {
		if k < len(items)-1 {
			it += ","
		}
		switch {
		case fresh:
			line += it
		case ansi.StringWidth(line)+1+ansi.StringWidth(it) > width:
			out = append(out, line)
			line = indent + it
		default:
			line += " " + it
		}
		fresh = false
	}
	return append(out, line)
}

// names are objects as "Forest (o3)"; hidden ones are counted.
func names(os []reducer.ObjectView) []string {
	var out []string
	hidden := 0
	for _, o := range os {
		if o.Hidden {
			hidden++
			continue
		}
		out = append(out, name(o))
	}
	if hidden > 0 {
		out = append(out, fmt.Sprintf("%d hidden", hidden))
	}
	return out
}

func name(o reducer.ObjectView) string { return or(o.Name, "an object") + " (" + o.ID + ")" }

// permanent is "Grizzly Bears (o9) 2/2 tapped sick dmg 1 +1/+1×2 attacking p2".
func permanent(o reducer.ObjectView) string {
	s := name(o)
	if o.Power != nil && o.Toughness != nil {
		s += fmt.Sprintf(" %d/%d", *o.Power, *o.Toughness)
	}
	if o.Tapped {
		s += " tapped"
	}
	if o.SummoningSick && o.Power != nil {
		s += " sick"
	}
	if o.Damage > 0 {
		s += fmt.Sprintf(" dmg %d", o.Damage)
	}
	for _, k := range slices.Sorted(maps.Keys(o.Counters)) {
		s += fmt.Sprintf(" %s×%d", k, o.Counters[k])
	}
	if o.Attacking != "" {
		s += " attacking " + o.Attacking
		if o.Blocked {
			s += " (blocked)"
		}
	}
	if o.Blocking != "" {
		s += " blocking " + o.Blocking
	}
	if o.Owner != o.Controller {
		s += " owner " + o.Owner
	}
	if o.Token {
		s += " token"
	}
	return s
}

// spell is "Lightning Bolt (o31) by p1 → p2".
func spell(o reducer.ObjectView) string {
	s := name(o)
	if o.Ability != "" {
		s += " (" + o.Ability + " ability of " + o.Source + ")"
	}
	if o.Face != "" {
		s += " as " + o.Face
	}
	s += " by " + o.Controller
	if o.X != 0 {
		s += fmt.Sprintf(" X=%d", o.X)
	}
	if len(o.Targets) > 0 {
		s += " → " + strings.Join(o.Targets, " ")
	}
	return s
}

// pending says what the game waits for, briefly.
func pending(q reducer.PendingView) string {
	switch q.Ask {
	case "priority":
		return q.Player + " (priority)"
	case "random":
		if q.Of != "" {
			return "the table to shuffle " + q.Of + "'s library"
		}
		return "the table: a random " + q.Random
	case "mulligan":
		return q.Player + " to keep or mulligan"
	case "choose":
		s := q.Player + " to choose " + q.What
		if len(q.Options) > 0 {
			s += " (" + strings.Join(q.Options, "/") + ")"
		}
		return s
	case "attack":
		return q.Player + " to attack"
	case "block":
		return q.Player + " to block"
	}
	return "nothing: the match is over"
}

func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}
