package oracle

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Sentences and abilities: effects joined into sentences, sentences into
// a spell's or ability's body, and the line shapes of each ability kind
// (CR 113): keyword lines, "[cost]: [effect]", "When/Whenever/At
// [event], [effect]", statics and replacements, spells.

func effs(v any) []ability.Effect { return v.([]ability.Effect) }

func cat(parts ...[]ability.Effect) []ability.Effect {
	var out []ability.Effect
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// each applies f to every effect of a clause (copies).
func each(es []ability.Effect, f func(e *ability.Effect)) []ability.Effect {
	out := make([]ability.Effect, len(es))
	copy(out, es)
	for i := range out {
		f(&out[i])
	}
	return out
}

func addSentences(g *grammar) {
	g.add("clause", "<eff>", nil)
	g.add("clause", "you may <eff>", func(v []any) any {
		es := effs(v[0])
		if len(es) != 1 {
			return nil
		}
		return each(es, func(e *ability.Effect) { e.Optional = true })
	})
	g.add("clause", "<eff> unless <who> pays <mana>", func(v []any) any {
		es := effs(v[0])
		if len(es) != 1 {
			return nil
		}
		return each(es, func(e *ability.Effect) {
			e.Unless = &ability.Unless{Payer: who(v[1]), Cost: ability.Cost{Mana: v[2].(string)}}
		})
	})
	g.add("clauses", "<clause>", nil)
	g.add("clauses", "<clause> , then <clauses>", func(v []any) any { return cat(effs(v[0]), effs(v[1])) })
	g.add("clauses", "<clause> and <clauses>", func(v []any) any { return cat(effs(v[0]), effs(v[1])) })
	g.add("sent", "<clauses> .", nil)
	g.add("sent", "if you do , <clauses> .", func(v []any) any {
		return each(effs(v[0]), func(e *ability.Effect) { e.If = &ability.Condition{Kind: ability.CondDid} })
	})
	g.add("body", "<sent>", nil)
	g.add("body", "<sent> <body>", func(v []any) any { return cat(effs(v[0]), effs(v[1])) })
}

// abilityOf makes a spell, activated or triggered ability's body.
func withBody(a *ability.Ability, es []ability.Effect) *ability.Ability {
	a.Effects = es
	return a
}

func list(as ...*ability.Ability) []*ability.Ability { return as }

func addLines(g *grammar) {
	// Keyword lines.
	g.add("line", "<kwline> [.]", nil)

	// Activated abilities, mana abilities among them (CR 602, 605).
	g.add("line", "<cost> : <body> [<limits>]", func(v []any) any {
		a := &ability.Ability{Kind: ability.Activated, Cost: v[0].(*ability.Cost), Effects: effs(v[1])}
		if v[2] != nil {
			a.Limit = v[2].(*ability.Limit)
		}
		if isMana(a) {
			a.Kind = ability.Mana
		}
		return list(a)
	})
	// "This ability costs {1} less to activate for each legendary
	// creature you control." (CR 601.2f).
	g.add("line", "<cost> : <body> this ability costs {1} less to activate <foreach> .", func(v []any) any {
		c := *v[0].(*ability.Cost)
		if c.Reduce != nil || c.Mana == "" {
			return nil
		}
		c.Reduce = amt(v[2])
		a := &ability.Ability{Kind: ability.Activated, Cost: &c, Effects: effs(v[1])}
		if isMana(a) {
			return nil
		}
		return list(a)
	})
	g.add("line", "<cost> : <manabody> <spend> .", func(v []any) any {
		es := effs(v[1])
		es[0].Mana.Spend = filt(v[2])
		a := &ability.Ability{Kind: ability.Mana, Cost: v[0].(*ability.Cost), Effects: es}
		return list(a)
	})
	g.add("line", "<cost> : <manabody> <spend> , and that spell can't be countered .", func(v []any) any {
		es := effs(v[1])
		es[0].Mana.Spend, es[0].Mana.Uncounterable = filt(v[2]), true
		return list(&ability.Ability{Kind: ability.Mana, Cost: v[0].(*ability.Cost), Effects: es})
	})
	g.add("manabody", "add <manaspec> .", func(v []any) any {
		return one(ability.Effect{Verb: ability.AddMana, Mana: v[0].(*ability.ManaSpec)})
	})
	g.add("limits", "<limit>", nil)
	g.add("limit", "activate only as a sorcery .", func(v []any) any { return &ability.Limit{Sorcery: true} })
	g.add("limit", "activate only once each turn .", func(v []any) any { return &ability.Limit{PerTurn: 1} })
	g.add("limit", "activate only if <cond> .", func(v []any) any { return &ability.Limit{If: v[0].(*ability.Condition)} })

	// Loyalty abilities (CR 606).
	g.add("line", "<loyalty> : <body>", func(v []any) any {
		c := v[0].(*ability.Cost)
		return list(&ability.Ability{Kind: ability.Activated, Cost: c, Effects: effs(v[1])})
	})

	// Triggered abilities (CR 603).
	// A trigger's body can't begin with "if": that is an intervening
	// "if" (CR 603.4), read by the rule after.
	g.builtin("notif", func(p *parser, i int) []res {
		if i < len(p.toks) && p.toks[i].s == "if" {
			return nil
		}
		return []res{{true, i}}
	})
	g.add("line", "<trig> , <notif> <body>", func(v []any) any {
		return list(&ability.Ability{Kind: ability.Triggered, Trigger: v[0].(*ability.Trigger), Effects: effs(v[2])})
	})
	g.add("line", "<trig> , if <cond> , <body>", func(v []any) any {
		return list(&ability.Ability{Kind: ability.Triggered, Trigger: v[0].(*ability.Trigger), If: v[1].(*ability.Condition),
			Effects: effs(v[2])})
	})

	// Statics and replacements.
	g.add("line", "<static> .", func(v []any) any {
		return list(&ability.Ability{Kind: ability.Static, Static: v[0].(*ability.StaticEffect)})
	})
	g.add("line", "<repl>", func(v []any) any {
		return list(&ability.Ability{Kind: ability.Replacement, Replace: v[0].(*ability.ReplaceEffect)})
	})

	// A spell's text (an instant's or sorcery's): its effects.
	g.add("spell", "<body>", func(v []any) any { return list(&ability.Ability{Kind: ability.Spell, Effects: effs(v[0])}) })
	g.add("spellline", "<spell>", nil)
	g.add("spellline", "<line>", nil)
}

// isMana reports whether an activated ability is a mana ability (CR
// 605.1a): it could add mana, has no target, isn't a loyalty ability.
func isMana(a *ability.Ability) bool {
	if a.Cost != nil && (a.Cost.Loyalty != nil || a.Cost.LoyaltyX) {
		return false
	}
	adds := false
	for _, e := range a.Effects {
		if e.Verb == ability.AddMana {
			adds = true
		}
	}
	return adds && !hasTargets(a)
}
