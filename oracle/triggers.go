package oracle

import (
	"strconv"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Trigger conditions (CR 603.1) and conditions ("if", "unless", "as long
// as").

func addTriggers(g *grammar) {
	t := func(pat string, f func(v []any) *ability.Trigger) {
		g.add("trig", pat, func(v []any) any {
			if tr := f(v); tr != nil {
				return tr
			}
			return nil
		})
	}
	t("when ~ enters", func(v []any) *ability.Trigger { return &ability.Trigger{Event: ability.Enters, Self: true} })
	t("when ~ dies", func(v []any) *ability.Trigger { return &ability.Trigger{Event: ability.Dies, Self: true} })
	t("whenever ~ attacks", func(v []any) *ability.Trigger { return &ability.Trigger{Event: ability.Attacks, Self: true} })
	t("whenever ~ blocks", func(v []any) *ability.Trigger { return &ability.Trigger{Event: ability.Blocks, Self: true} })
	t("whenever ~ deals combat damage to a player", func(v []any) *ability.Trigger {
		return &ability.Trigger{Event: ability.DealsDamage, Self: true, Combat: true, ToPlayer: "player"}
	})
	t("whenever (a | an) <desc> enters", func(v []any) *ability.Trigger {
		return &ability.Trigger{Event: ability.Enters, Subject: filt(v[0])}
	})
	t("whenever another <desc> enters", func(v []any) *ability.Trigger {
		return &ability.Trigger{Event: ability.Enters, Subject: merge(filt(v[0]), &ability.Filter{Other: true})}
	})
	t("whenever (a | an) <desc> enters under your control", func(v []any) *ability.Trigger {
		return &ability.Trigger{Event: ability.Enters, Subject: merge(filt(v[0]), &ability.Filter{Controller: "you"})}
	})
	t("whenever (a | an) <desc> dies", func(v []any) *ability.Trigger {
		return &ability.Trigger{Event: ability.Dies, Subject: filt(v[0])}
	})
	t("whenever another <desc> dies", func(v []any) *ability.Trigger {
		return &ability.Trigger{Event: ability.Dies, Subject: merge(filt(v[0]), &ability.Filter{Other: true})}
	})
	t("whenever you cast (a | an) <desc>", func(v []any) *ability.Trigger {
		f := spellFilter(filt(v[0]))
		if f == nil {
			return nil
		}
		return &ability.Trigger{Event: ability.Cast, Player: "you", Subject: f}
	})
	t("whenever an opponent casts (a | an) <desc>", func(v []any) *ability.Trigger {
		f := spellFilter(filt(v[0]))
		if f == nil {
			return nil
		}
		return &ability.Trigger{Event: ability.Cast, Player: "opponent", Subject: f}
	})
	t("whenever you gain life", func(v []any) *ability.Trigger { return &ability.Trigger{Event: ability.GainsLife, Player: "you"} })
	t("at the beginning of your <step>", func(v []any) *ability.Trigger {
		return &ability.Trigger{Event: ability.StepBegins, Player: "you", Step: v[0].(ability.Step)}
	})
	t("at the beginning of each <step>", func(v []any) *ability.Trigger {
		return &ability.Trigger{Event: ability.StepBegins, Step: v[0].(ability.Step)}
	})
	t("at the beginning of each opponent 's <step>", func(v []any) *ability.Trigger {
		return &ability.Trigger{Event: ability.StepBegins, Player: "opponent", Step: v[0].(ability.Step)}
	})
	t("at the beginning of combat on your turn", func(v []any) *ability.Trigger {
		return &ability.Trigger{Event: ability.StepBegins, Player: "you", Step: ability.StepBeginCombat}
	})
	g.add("step", "upkeep", func(v []any) any { return ability.StepUpkeep })
	g.add("step", "draw step", func(v []any) any { return ability.StepDraw })
	g.add("step", "end step", func(v []any) any { return ability.StepEnd })
	g.add("step", "precombat main phase", func(v []any) any { return ability.StepPrecombatMain })

	// Conditions.
	g.add("cond", "you cast it", func(v []any) any { return &ability.Condition{Kind: ability.CondWasCast} })
	g.add("cond", "you control (a | an) <desc>", func(v []any) any {
		return &ability.Condition{Kind: ability.CondExists, Filter: merge(filt(v[0]), &ability.Filter{Controller: "you"})}
	})
	g.add("cond", "~ was kicked", func(v []any) any { return &ability.Condition{Kind: ability.CondKicked} })
	g.add("cond", "it's your turn", func(v []any) any { return &ability.Condition{Kind: ability.CondYourTurn} })
	g.add("cond", "it's not your turn", func(v []any) any {
		return &ability.Condition{Kind: ability.CondNot, Sub: []ability.Condition{{Kind: ability.CondYourTurn}}}
	})
	g.add("cond", "you control <n> or fewer <descs>", func(v []any) any { return countCond(filt(v[1]), "<=", v[0].(int)) })
	g.add("cond", "you control <n> or more <descs>", func(v []any) any { return countCond(filt(v[1]), ">=", v[0].(int)) })
	g.add("cond", "you control <n> or fewer other <descs>", func(v []any) any {
		return countCond(merge(filt(v[1]), &ability.Filter{Other: true}), "<=", v[0].(int))
	})
	g.add("cond", "you control at least <n> <descs>", func(v []any) any { return countCond(filt(v[1]), ">=", v[0].(int)) })
	g.add("cond", "you control at least <n> other <descs>", func(v []any) any {
		return countCond(merge(filt(v[1]), &ability.Filter{Other: true}), ">=", v[0].(int))
	})
	g.add("cond", "you control <n> or more other <descs>", func(v []any) any {
		return countCond(merge(filt(v[1]), &ability.Filter{Other: true}), ">=", v[0].(int))
	})
	g.add("cond", "you control (a | an) <sub> or (a | an) <sub>", func(v []any) any {
		return &ability.Condition{Kind: ability.CondExists, Filter: &ability.Filter{Subtypes: []string{v[0].(string), v[1].(string)}, Controller: "you"}}
	})

	// Loyalty costs (CR 606.4): +N, -N, 0, -X.
	g.builtin("loyalty", func(p *parser, i int) []res {
		if i >= len(p.toks) {
			return nil
		}
		tk := p.toks[i]
		if tk.kind == tNum && tk.s == "0" {
			z := 0
			return []res{{&ability.Cost{Loyalty: &z}, i + 1}}
		}
		if tk.kind != tLoyal {
			return nil
		}
		if tk.s[1:] == "X" {
			if tk.s[0] == '-' {
				return []res{{&ability.Cost{LoyaltyX: true}, i + 1}}
			}
			return nil
		}
		n, _ := strconv.Atoi(tk.s)
		return []res{{&ability.Cost{Loyalty: &n}, i + 1}}
	})
}

// castFilter turns "a noncreature spell" into the cast trigger's subject:
// the spell, without its zone (it is on the stack by then).
func spellFilter(f *ability.Filter) *ability.Filter {
	if f == nil || f.Zone != ability.ZoneStack {
		return nil
	}
	f = clone(f)
	f.Zone = ""
	if len(f.Types) == 1 && f.Types[0] == "spell" {
		f.Types = nil
	}
	return f
}

// countCond is "you control N or fewer/more X": count(X you control) op N.
func countCond(f *ability.Filter, op string, n int) *ability.Condition {
	f = merge(f, &ability.Filter{Controller: "you"})
	if f == nil {
		return nil
	}
	return &ability.Condition{Kind: ability.CondCompare, Left: &ability.Amount{Var: "count", Count: f}, Op: op, Right: ability.Fixed(n)}
}
