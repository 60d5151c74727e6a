package oracle

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Spree (CR 702.172): "Spree" and its modes, each a line "+ {1}{U} —
// Counter target spell.": a modal spell whose player chooses one or more
// modes, each with its additional cost (Mode.Cost, CR 702.172a). The
// normaliser makes the keyword line and its "+" lines one modal unit
// headed "Spree".

// spreeUnit reads a Spree block starting at lines[i]: the unit and the
// index of its last line.
func spreeUnit(lines []string, i int) (unit, int, bool) {
	if strings.TrimSpace(reminder.ReplaceAllString(lines[i], "")) != "Spree" || i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "+ ") {
		return unit{}, i, false
	}
	u := unit{kind: unitModal, text: "Spree"}
	for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "+ ") {
		i++
		u.modes = append(u.modes, strings.TrimSpace(lines[i]))
	}
	return u, i, true
}

func addSpree(g *grammar) {
	g.add("spreemodes", "• + <cost> — <body>", func(v []any) any {
		return []ability.Mode{{Cost: v[0].(*ability.Cost), Effects: effs(v[1])}}
	})
	g.add("spreemodes", "• + <cost> — <body> <spreemodes>", func(v []any) any {
		return append([]ability.Mode{{Cost: v[0].(*ability.Cost), Effects: effs(v[1])}}, v[2].([]ability.Mode)...)
	})
	g.add("spellmodal", "spree <spreemodes>", func(v []any) any {
		list := v[0].([]ability.Mode)
		return list1(&ability.Ability{Kind: ability.Spell, Modes: &ability.Modes{Min: 1, Max: len(list), List: list}})
	})
}

// printSpree prints modes that each have a cost as a Spree block.
func printSpree(m *ability.Modes) (string, bool) {
	if m.Min != 1 || m.Max != len(m.List) || len(m.List) == 0 {
		return "", false
	}
	for i := range m.List {
		if m.List[i].Cost == nil {
			return "", false
		}
	}
	s := w("spree")
	for i := range m.List {
		md := &m.List[i]
		s += w("• +") + printCost(md.Cost) + w("—") + printBody(newPctx(&ability.Ability{Targets: md.Targets}), md.Effects)
	}
	return s, true
}
