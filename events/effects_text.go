package events

import (
	"fmt"
	"strings"
)

// String tells a table effect for people, objects as the effect names
// them: "move c12 hand -> stack", "damage 3 from c5 to p2".
func (e TableEffect) String() string {
	n := max(e.N, 1)
	switch e.Op {
	case EffMove:
		s := fmt.Sprintf("move %s %s -> %s", e.Object, e.From, e.To)
		if e.Position != "" {
			s += " (" + e.Position + ")"
		}
		if e.Controller != "" {
			s += " under " + e.Controller
		}
		if e.FaceDown {
			s += " face down"
		}
		return s
	case EffTap, EffUntap:
		return e.Op + " " + e.Object
	case EffAddCounters:
		return fmt.Sprintf("put %d %s counter%s on %s", e.N, e.Kind, plural(e.N), e.Object+e.Player)
	case EffRemoveCounters:
		return fmt.Sprintf("remove %d %s counter%s from %s", e.N, e.Kind, plural(e.N), e.Object+e.Player)
	case EffDamage:
		return fmt.Sprintf("damage %d from %s to %s", e.N, e.Source, e.Target)
	case EffGainLife:
		return fmt.Sprintf("%s gains %d life", e.Player, e.N)
	case EffLoseLife:
		return fmt.Sprintf("%s loses %d life", e.Player, e.N)
	case EffAddMana, EffSpendMana:
		verb, prep := "add", "to"
		if e.Op == EffSpendMana {
			verb, prep = "spend", "from"
		}
		s := fmt.Sprintf("%s %s %s %s's pool", verb, strings.Repeat("{"+e.Mana+"}", n), prep, e.Player)
		if e.Source != "" {
			s += " (made by " + e.Source + ")"
		}
		return s
	case EffCreateToken:
		what := e.Token
		if c := e.Characteristics; c != nil {
			what = c.Name
			if c.Power != "" || c.Toughness != "" {
				what += " " + c.Power + "/" + c.Toughness
			}
			what += " " + strings.Join(c.Types, " ")
		}
		s := fmt.Sprintf("create %d %s token%s for %s", n, what, plural(n), e.Player)
		if e.Tapped {
			s += ", tapped"
		}
		return s
	case EffAttach:
		return "attach " + e.Object + " to " + e.Target
	case EffUnattach:
		return "unattach " + e.Object
	case EffReveal:
		to := "everyone"
		if len(e.Players) > 0 {
			to = strings.Join(e.Players, ", ")
		}
		return "reveal " + e.Object + " to " + to
	case EffShuffle:
		return "shuffle " + e.Player + "'s library"
	case EffControl:
		return e.Player + " gains control of " + e.Object
	case EffCopy:
		return e.Object + " becomes a copy of " + e.Card
	case EffContinuous:
		var parts []string
		if e.Power != 0 || e.Toughness != 0 {
			parts = append(parts, fmt.Sprintf("%+d/%+d", e.Power, e.Toughness))
		}
		for _, l := range [][]string{e.Keywords, e.Abilities, e.Supertypes, e.Types, e.Subtypes} {
			parts = append(parts, l...)
		}
		if len(e.Colors) > 0 {
			parts = append(parts, "becomes "+strings.Join(e.Colors, ""))
		}
		s := e.Object + " gets " + strings.Join(parts, ", ") + " until " + strings.ReplaceAll(e.Until, "_", " ")
		if e.Source != "" {
			s += " (from " + e.Source + ")"
		}
		return s
	case EffAbility:
		s := fmt.Sprintf("put an ability of %s on the stack: %q", e.Source, e.Text)
		if len(e.Targets) > 0 {
			s += " targeting " + strings.Join(e.Targets, ", ")
		}
		return s
	case EffResolve:
		return e.Object + " resolves"
	case EffLose, EffWin:
		verb := "loses"
		if e.Op == EffWin {
			verb = "wins"
		}
		if e.Text != "" {
			return e.Player + " " + verb + " (" + e.Text + ")"
		}
		return e.Player + " " + verb
	}
	return e.Op
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
