package replay

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/reducer"
)

// The text form of `replay show`: a board a judge reads, printed from a
// view, so it hides exactly what the JSON form hides. Zones keep the view's
// order (libraries, graveyards and the stack top first); each player's
// permanents are listed under that player, in the order they entered.

// boardLibraryShown is how many cards from the top of a library the board
// lists when the viewer may see them.
const boardLibraryShown = 5

// WriteBoard prints the view as a board.
func WriteBoard(w io.Writer, v *reducer.View) error {
	var b strings.Builder
	fmt.Fprintf(&b, "match %s (%s), game %d, after seq %d, seen by %s\n", v.Match, v.Format, max(v.Game, 1), v.Seq, v.As)
	b.WriteString(turnLine(v) + "\n")
	for _, p := range v.Players {
		writePlayer(&b, v, p)
	}
	if len(v.Stack) == 0 {
		b.WriteString("stack: empty\n")
	} else {
		b.WriteString("stack (top first):\n")
		for _, o := range v.Stack {
			b.WriteString("  " + spellLine(o) + "\n")
		}
	}
	b.WriteString("exile: " + objectList(v.Exile, true) + "\n")
	if r := resultLine(v); r != "" {
		b.WriteString(r + "\n")
	}
	b.WriteString("waiting for: " + pendingLine(v.Pending) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func turnLine(v *reducer.View) string {
	if v.Turn == 0 {
		if v.ActivePlayer != "" {
			return "before the first turn, " + v.ActivePlayer + " starts"
		}
		return "before the first turn"
	}
	line := fmt.Sprintf("turn %d %s, active %s, priority ", v.Turn, v.Step, v.ActivePlayer)
	if v.Priority == "" {
		return line + "none"
	}
	return line + v.Priority
}

func writePlayer(b *strings.Builder, v *reducer.View, p reducer.PlayerView) {
	fmt.Fprintf(b, "%s %s: life %d", p.ID, p.Name, p.Life)
	if len(p.ManaPool) > 0 {
		var runs []string // "{U}{U}, {C}{C}{C} only for artifact spells"
		only := ""
		for i, m := range p.ManaPool {
			if i == 0 || m.Only != only {
				if i > 0 && only != "" {
					runs[len(runs)-1] += " only for " + only
				}
				runs = append(runs, "")
				only = m.Only
			}
			runs[len(runs)-1] += "{" + m.Mana + "}"
		}
		if only != "" {
			runs[len(runs)-1] += " only for " + only
		}
		b.WriteString(", pool " + strings.Join(runs, ", "))
	}
	if p.Mulligans > 0 {
		fmt.Fprintf(b, ", mulligans %d", p.Mulligans)
	}
	for _, k := range slices.Sorted(maps.Keys(p.Counters)) {
		fmt.Fprintf(b, ", %s counters %d", k, p.Counters[k])
	}
	if p.Lost {
		b.WriteString(", lost: " + p.LossReason)
	}
	b.WriteString("\n")
	fmt.Fprintf(b, "  hand (%d): %s\n", p.HandCount, objectList(p.Hand, false))
	lib := "hidden"
	switch {
	case p.Library == nil && p.LibraryTop != nil:
		lib = "top " + objectName(*p.LibraryTop) + " (they may look at it), the rest hidden"
	case p.Library == nil:
	case len(p.Library) > boardLibraryShown:
		lib = "top " + objectList(p.Library[:boardLibraryShown], false) + fmt.Sprintf(", ... %d more", len(p.Library)-boardLibraryShown)
	default:
		lib = objectList(p.Library, false)
	}
	if p.LibraryCount == 0 {
		lib = "empty"
	}
	fmt.Fprintf(b, "  library (%d): %s\n", p.LibraryCount, lib)
	fmt.Fprintf(b, "  graveyard (%d, top first): %s\n", len(p.Graveyard), objectList(p.Graveyard, false))
	if len(p.Command) > 0 {
		fmt.Fprintf(b, "  command (%d): %s\n", len(p.Command), objectList(p.Command, false))
	}
	var perms []reducer.ObjectView
	for _, o := range v.Battlefield {
		if o.Controller == p.ID {
			perms = append(perms, o)
		}
	}
	fmt.Fprintf(b, "  battlefield (%d):", len(perms))
	if len(perms) == 0 {
		b.WriteString(" none")
	}
	b.WriteString("\n")
	for _, o := range perms {
		b.WriteString("    " + permanentLine(o) + "\n")
	}
}

// objectList is "Shock (o14), Forest (o3)", hidden objects counted:
// "2 hidden"; with owners, each visible object names its owner.
func objectList(os []reducer.ObjectView, owners bool) string {
	if len(os) == 0 {
		return "none"
	}
	var parts []string
	hidden := 0
	for _, o := range os {
		if o.Hidden {
			hidden++ // counted only: nothing that tells one from another
			continue
		}
		s := objectName(o)
		if owners {
			s += " owned by " + o.Owner
		}
		parts = append(parts, s)
	}
	if hidden > 0 {
		parts = append(parts, fmt.Sprintf("%d hidden", hidden))
	}
	return strings.Join(parts, ", ")
}

func objectName(o reducer.ObjectView) string {
	name := o.Name
	if name == "" {
		name = "an object"
	}
	return name + " (" + o.ID + ")"
}

// permanentLine is "Grizzly Bears (o9) 2/2, tapped, sick, damage 1, +1/+1
// counters 2, attacking p2".
func permanentLine(o reducer.ObjectView) string {
	parts := []string{objectName(o)}
	if o.Power != nil && o.Toughness != nil {
		parts[0] += fmt.Sprintf(" %d/%d", *o.Power, *o.Toughness)
	}
	if o.Tapped {
		parts = append(parts, "tapped")
	}
	if o.SummoningSick && o.Power != nil {
		parts = append(parts, "summoning sick")
	}
	if o.Damage > 0 {
		parts = append(parts, fmt.Sprintf("damage %d", o.Damage))
	}
	for _, k := range slices.Sorted(maps.Keys(o.Counters)) {
		parts = append(parts, fmt.Sprintf("%s counters %d", k, o.Counters[k]))
	}
	if o.AttackingPlaneswalker != "" {
		parts = append(parts, "attacking "+o.Attacking+"'s planeswalker "+o.AttackingPlaneswalker)
		if o.Blocked {
			parts = append(parts, "blocked")
		}
	} else if o.Attacking != "" {
		parts = append(parts, "attacking "+o.Attacking)
		if o.Blocked {
			parts = append(parts, "blocked")
		}
	}
	if o.Blocking != "" {
		parts = append(parts, "blocking "+o.Blocking)
	}
	if o.Owner != o.Controller {
		parts = append(parts, "owner "+o.Owner)
	}
	if o.Token {
		parts = append(parts, "token")
	}
	return strings.Join(parts, ", ")
}

// spellLine is "Lightning Bolt (o31), controller p1, targets p2".
func spellLine(o reducer.ObjectView) string {
	line := objectName(o)
	if o.Ability != "" {
		line += ", " + o.Ability + " ability of " + o.Source
	}
	if o.Text != "" {
		line += fmt.Sprintf(": %q", o.Text)
	}
	if o.Face != "" {
		line += " cast as " + o.Face
	}
	line += ", controller " + o.Controller
	if o.X != 0 {
		line += fmt.Sprintf(", X=%d", o.X)
	}
	if len(o.Targets) > 0 {
		line += ", targets " + strings.Join(o.Targets, ", ")
	}
	return line
}

func resultLine(v *reducer.View) string {
	g := v.GameOver
	if !g.Over && !g.MatchOver {
		return ""
	}
	line := "game over: a draw"
	if g.Winner != "" {
		line = "game over: " + g.Winner + " wins"
	}
	if g.MatchOver {
		wins := make([]string, len(v.Players))
		for i, p := range v.Players {
			wins[i] = fmt.Sprintf("%s %d", p.ID, g.GameWins[p.ID])
		}
		line += "; the match is over, games won: " + strings.Join(wins, ", ")
	}
	return line
}

func pendingLine(q reducer.PendingView) string {
	switch q.Ask {
	case "priority":
		return q.Player + " to act with priority"
	case "random":
		if q.Of != "" {
			return "the table to shuffle " + q.Of + "'s library"
		}
		return "the table to supply a random " + q.Random
	case "mulligan":
		return fmt.Sprintf("%s to keep or mulligan (%d taken)", q.Player, q.N)
	case "choose":
		line := q.Player + " to choose " + q.What
		if len(q.Options) > 0 {
			line += ": " + strings.Join(q.Options, " or ")
		}
		if q.N > 0 {
			line += fmt.Sprintf(" (%d)", q.N)
		}
		return line
	case "attack":
		return q.Player + " to declare attackers"
	case "block":
		return q.Player + " to declare blockers"
	}
	return "nothing: the match is over"
}
