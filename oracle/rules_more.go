package oracle

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// More clause rules: alternative costs, conditions on effects, "instead",
// amounts "equal to", abilities as targets, replacement of a zone change.

func addMoreRules(g *grammar) {
	// Alternative costs (CR 118.9): "You may pay 1 life and exile a blue
	// card from your hand rather than pay ~'s mana cost."
	alt := func(c *ability.Cost, cond *ability.Condition) any {
		return &ability.StaticEffect{Rule: ability.AlternativeCost, Cost: c, If: cond}
	}
	g.add("static", "you may <altcost> rather than pay ~ 's mana cost", func(v []any) any { return alt(v[0].(*ability.Cost), nil) })
	g.add("static", "if <cond> , you may <altcost> rather than pay ~ 's mana cost", func(v []any) any {
		return alt(v[1].(*ability.Cost), v[0].(*ability.Condition))
	})
	g.add("altcost", "<costpart>", nil)
	g.add("altcost", "pay <mana>", func(v []any) any { return &ability.Cost{Mana: v[0].(string)} })
	g.add("altcost", "<costpart> and <costpart>", func(v []any) any { return mergeCost(v[0].(*ability.Cost), v[1].(*ability.Cost)) })

	// Abilities on the stack as targets (CR 115.1): "target activated or
	// triggered ability", "target triggered ability or colorless spell".
	g.add("abil", "activated or triggered ability", func(v []any) any { return &ability.Filter{Types: []string{"ability"}, Zone: ability.ZoneStack} })
	g.add("abil", "triggered ability", func(v []any) any {
		return &ability.Filter{Types: []string{"ability"}, Ability: "triggered", Zone: ability.ZoneStack}
	})
	g.add("abil", "activated ability", func(v []any) any {
		return &ability.Filter{Types: []string{"ability"}, Ability: "activated", Zone: ability.ZoneStack}
	})
	g.add("desc", "<abil>", nil)
	g.add("desc", "<abil> or <desc>", func(v []any) any {
		b := filt(v[1])
		if b.Zone != ability.ZoneStack {
			return nil
		}
		return &ability.Filter{AnyOf: []ability.Filter{*filt(v[0]), *b}}
	})
	// "target spell or nonland permanent an opponent controls": whose
	// applies to both.
	g.add("desc", "spell or [<adjs>] <core> [<post>]", func(v []any) any {
		p := merge(merge(filt(v[0]), filt(v[1])), filt(v[2]))
		if p == nil || p.Zone != "" || len(p.Types) == 0 || p.Types[0] == "spell" {
			return nil
		}
		s := ability.Filter{Types: []string{"spell"}, Zone: ability.ZoneStack, Controller: p.Controller}
		return &ability.Filter{AnyOf: []ability.Filter{s, *p}}
	})

	// Conditions on effects.
	g.add("cond", "you controlled <obj1>", func(v []any) any {
		return &ability.Condition{Kind: ability.CondIs, Object: sel(v[0]), Filter: &ability.Filter{Controller: "you"}}
	})
	g.add("cond", "<obj1> 's <color>", func(v []any) any { return isColor(sel(v[0]), v[1].(string)) })
	g.add("cond", "<obj1> is <color>", func(v []any) any { return isColor(sel(v[0]), v[1].(string)) })
	g.add("cond", "<@> it's <color>", func(v []any) any { return isColor(pronoun(v[0].(at), "it"), v[1].(string)) })
	g.add("cond", "you gained life this turn", func(v []any) any {
		return &ability.Condition{Kind: ability.CondCompare, Left: &ability.Amount{Var: "life_gained", Player: &ability.PlayerRef{Who: ability.You}},
			Op: ">=", Right: ability.Fixed(1)}
	})
	g.add("sent", "if <cond> , <clauses> .", func(v []any) any {
		c := v[0].(*ability.Condition)
		if c.Kind == ability.CondDid {
			return nil
		}
		es := effs(v[1])
		if len(es) != 1 {
			return nil
		}
		return each(es, func(e *ability.Effect) { e.If = c })
	})
	g.add("clause", "<eff> if <cond>", func(v []any) any {
		es := effs(v[0])
		if len(es) != 1 {
			return nil
		}
		return each(es, func(e *ability.Effect) { e.If = v[1].(*ability.Condition) })
	})

	// "Instead": a sentence that replaces the effect before it when its
	// condition holds ("If ~ was kicked, it deals 4 damage to that
	// permanent or player instead").
	g.add("body", "<sent> <instead>", func(v []any) any {
		if es := insteadOf(effs(v[0]), v[1].(ability.Effect)); es != nil {
			return es
		}
		return nil
	})
	g.add("body", "<sent> <instead> <body>", func(v []any) any {
		es := insteadOf(effs(v[0]), v[1].(ability.Effect))
		if es == nil {
			return nil
		}
		return cat(es, effs(v[2]))
	})
	g.add("instead", "if <cond> , <eff> instead .", func(v []any) any {
		es := effs(v[1])
		if len(es) != 1 {
			return nil
		}
		e := es[0]
		e.If = v[0].(*ability.Condition)
		return e
	})

	// Amounts equal to a stat.
	g.add("statamt", "equal to <objpos> power", func(v []any) any { return &ability.Amount{Var: "power", Of: sel(v[0])} })
	g.add("statamt", "equal to <objpos> toughness", func(v []any) any { return &ability.Amount{Var: "toughness", Of: sel(v[0])} })
	g.add("statamt", "equal to <objpos> mana value", func(v []any) any { return &ability.Amount{Var: "mana_value", Of: sel(v[0])} })
	g.add("objpos", "<@> its", func(v []any) any { return pronoun(v[0].(at), "it") })
	g.add("objpos", "~ 's", func(v []any) any { return &ability.Selector{Ref: ability.Self} })
	g.add("objpos", "<@> that creature 's", func(v []any) any { return pronoun(v[0].(at), "it") })
	g.add("pv", "gains life <statamt>", func(v []any) any { return one(ability.Effect{Verb: ability.GainLife, Amount: amt(v[0])}) })
	g.add("pv", "loses life <statamt>", func(v []any) any { return one(ability.Effect{Verb: ability.LoseLife, Amount: amt(v[0])}) })
	g.add("eff", "<obj1> deals damage <statamt> to <dto>", func(v []any) any {
		s := sourceSel(sel(v[0]))
		if s.Ref == ability.Self {
			s = nil
		}
		return one(ability.Effect{Verb: ability.Damage, Source: s, Amount: amt(v[1]), To: sel(v[2])})
	})
	g.add("who", "<@> that creature 's controller", func(v []any) any {
		return &ability.PlayerRef{Who: ability.Controller, Of: pronoun(v[0].(at), "it")}
	})

	// Two damage amounts to two recipients.
	g.add("eff", "~ deals <amt> damage to <dto> and <amt> damage to <dto>", func(v []any) any {
		return []ability.Effect{{Verb: ability.Damage, Amount: amt(v[0]), To: sel(v[1])}, {Verb: ability.Damage, Amount: amt(v[2]), To: sel(v[3])}}
	})

	// Returning under its owner's control (Ephemerate).
	g.add("eff", "return <obj> to the battlefield under its owner 's control", func(v []any) any {
		return one(ability.Effect{Verb: ability.Move, Object: sel(v[0]), Zone: ability.ZoneBattlefield,
			Control: &ability.PlayerRef{Who: ability.Owner, Of: sel(v[0])}})
	})

	// "Target creature can't be blocked this turn."
	for _, r := range []struct {
		pat  string
		rule ability.Rule
	}{{"can't be blocked this turn", ability.CantBeBlocked}, {"can't block this turn", ability.CantBlock}} {
		g.add("eff", "<obj1> "+r.pat, func(v []any) any {
			return one(ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: &ability.Mods{Rules: []ability.Rule{r.rule}}, Duration: ability.EndOfTurn})
		})
	}

	// Search by another player: "Its controller may search their
	// library for a basic land card, put it onto the battlefield tapped,
	// then shuffle."
	g.add("eff", "<@> <who> may search their library for <searchfor> , <searchput> , then shuffle", func(v []any) any {
		es := searchEffects(v[0].(at), v[2].(searchFor), v[3].(searchPut))
		if es == nil {
			return nil
		}
		es[0].Player, es[0].Optional = who(v[1]), true
		es[1].Player, es[1].If = who(v[1]), &ability.Condition{Kind: ability.CondDid}
		return es
	})

	// Replacement: "If a card would be put into an opponent's graveyard
	// from anywhere, exile it instead."
	g.add("repl", "if a card would be put into an opponent 's graveyard from anywhere , exile it instead .", func(v []any) any {
		return &ability.ReplaceEffect{Event: ability.ReplToGraveyard, Subject: &ability.Filter{Types: []string{"card"}, Owner: "opponent"},
			To: ability.ZoneExile}
	})

	// Triggers.
	g.add("trig", "whenever ~ deals combat damage to a player or planeswalker", func(v []any) any {
		return &ability.Trigger{Event: ability.DealsDamage, Self: true, Combat: true, ToPlayer: "player_or_planeswalker"}
	})
}

// isColor is "it's blue": the object is of that colour.
func isColor(s *ability.Selector, c string) *ability.Condition {
	return &ability.Condition{Kind: ability.CondIs, Object: s, Filter: &ability.Filter{Colors: []string{c}}}
}

// insteadOf replaces the last effect of es by e, which runs when its
// condition holds and runs the replaced effect otherwise.
func insteadOf(es []ability.Effect, e ability.Effect) []ability.Effect {
	if len(es) == 0 || e.If == nil || e.If.Kind == ability.CondDid {
		return nil
	}
	last := es[len(es)-1]
	if last.If != nil && last.If.Kind == ability.CondDid || last.Optional {
		return nil // "if you do" chains and choices stay as written
	}
	if e.Verb == ability.Damage && e.To == nil {
		// "~ deals 6 damage instead": to the same recipient.
		if last.Verb != ability.Damage || e.Source != nil {
			return nil
		}
		e.To, e.Source = last.To, last.Source
	}
	out := append([]ability.Effect{}, es[:len(es)-1]...)
	e.Else = []ability.Effect{last}
	return append(out, e)
}
