package oracle

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Modal spells and abilities (CR 700.2): a header ("Choose one —",
// "When ~ enters, choose one or both —") and bullet modes, lexed as one
// unit with "•" before each mode.

func lexModal(u unit) ([]tok, error) {
	toks, err := lex(u.text)
	if err != nil {
		return nil, err
	}
	for _, m := range u.modes {
		mt, err := lex(m)
		if err != nil {
			return nil, err
		}
		toks = append(toks, tok{kind: tPunct, s: "•", raw: "•"})
		toks = append(toks, mt...)
	}
	return toks, nil
}

func addModal(g *grammar) {
	g.add("choose", "choose one —", func(v []any) any { return &ability.Modes{Min: 1, Max: 1} })
	g.add("choose", "choose two —", func(v []any) any { return &ability.Modes{Min: 2, Max: 2} })
	g.add("choose", "choose one or both —", func(v []any) any { return &ability.Modes{Min: 1, Max: 2} })
	g.add("choose", "choose one or more —", func(v []any) any { return &ability.Modes{Min: 1, Max: -1} })
	g.add("choose", "choose any number —", func(v []any) any { return &ability.Modes{Min: 0, Max: -1} })
	g.add("modes", "• <body>", func(v []any) any { return []ability.Mode{{Effects: effs(v[0])}} })
	g.add("modes", "• <body> <modes>", func(v []any) any {
		return append([]ability.Mode{{Effects: effs(v[0])}}, v[1].([]ability.Mode)...)
	})
	withModes := func(a *ability.Ability, m *ability.Modes, list []ability.Mode) []*ability.Ability {
		mm := *m
		mm.List = list
		if mm.Max == -1 {
			mm.Max = len(list)
		}
		a.Modes = &mm
		return list1(a)
	}
	g.add("spellmodal", "<choose> <modes>", func(v []any) any {
		return withModes(&ability.Ability{Kind: ability.Spell}, v[0].(*ability.Modes), v[1].([]ability.Mode))
	})
	g.add("modal", "<trig> , <choose> <modes>", func(v []any) any {
		return withModes(&ability.Ability{Kind: ability.Triggered, Trigger: v[0].(*ability.Trigger)}, v[1].(*ability.Modes), v[2].([]ability.Mode))
	})
	g.add("modal", "<cost> : <choose> <modes>", func(v []any) any {
		return withModes(&ability.Ability{Kind: ability.Activated, Cost: v[0].(*ability.Cost)}, v[1].(*ability.Modes), v[2].([]ability.Mode))
	})
	// Saga chapters: the chapter's effects (the trigger is added by the
	// compiler from the chapter numbers).
	g.add("chapter", "<body>", func(v []any) any { return list1(&ability.Ability{Kind: ability.Triggered, Effects: effs(v[0])}) })
}

func list1(a *ability.Ability) []*ability.Ability { return []*ability.Ability{a} }
