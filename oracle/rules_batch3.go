package oracle

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Counted amounts ("for each"), rules changes of statics, additional
// costs, "unless" with a cost, conditional entering tapped, animating a
// land.

func addBatch3(g *grammar) {
	// "instant and sorcery spells", "instant and sorcery cards".
	g.add("tand", "<type> and <type>", func(v []any) any {
		if v[0] == v[1] {
			return nil
		}
		return &ability.Filter{Types: []string{v[0].(string), v[1].(string)}}
	})
	g.add("cores", "<tand> cards", nil)
	g.add("cores", "<tand> spells", func(v []any) any { return merge(filt(v[0]), &ability.Filter{Zone: ability.ZoneStack}) })
	g.add("core", "<tand> card", nil)

	// "for each artifact you control", "for each burden counter on ~".
	g.add("foreach", "for each <desc>", func(v []any) any { return &ability.Amount{Var: "count", Count: filt(v[0])} })
	g.add("foreach", "for each time (~ | it) was kicked", func(v []any) any { return &ability.Amount{Var: "kicks"} }) // CR 702.33c
	g.add("foreach", "for each <counterkind> counter on ~", func(v []any) any {
		return &ability.Amount{Var: "counters", Of: &ability.Selector{Ref: ability.Self}, Counter: v[0].(string)}
	})
	per := perEach
	g.add("eff", "draw a card <foreach>", func(v []any) any {
		return one(ability.Effect{Verb: ability.Draw, Amount: amt(v[0])})
	})
	g.add("eff", "you gain <n> life <foreach>", func(v []any) any {
		return one(ability.Effect{Verb: ability.GainLife, Amount: per(v[0].(int), amt(v[1]))})
	})
	g.add("eff", "you lose <n> life <foreach>", func(v []any) any {
		return one(ability.Effect{Verb: ability.LoseLife, Amount: per(v[0].(int), amt(v[1]))})
	})
	g.add("eff", "add <mana> <foreach>", func(v []any) any {
		return one(ability.Effect{Verb: ability.AddMana, Mana: &ability.ManaSpec{Fixed: v[0].(string), Amount: amt(v[1])}})
	})
	perPT := func(v []any) any {
		p, t := splitPT(v[1].(string))
		if p.Var != "" || t.Var != "" {
			return nil
		}
		m := &ability.Mods{}
		if p.N != 0 {
			m.PAmount = per(p.N, amt(v[2]))
		}
		if t.N != 0 {
			m.TAmount = per(t.N, amt(v[2]))
		}
		return &ability.StaticEffect{Affected: sel(v[0]), Mods: m}
	}
	g.add("static", "<aff1> gets <pt> <foreach>", perPT)
	g.add("static", "<affs> get <pt> <foreach>", perPT) // "Other Elf creatures you control get +1/+1 for each ..."

	// Rules changes.
	rule := func(pat string, st func(v []any) *ability.StaticEffect) {
		g.add("static", pat, func(v []any) any { return st(v) })
	}
	rule("you have no maximum hand size", func(v []any) *ability.StaticEffect {
		return &ability.StaticEffect{Rule: ability.NoMaxHandSize, Player: "you"}
	})
	rule("you may play an additional land on each of your turns", func(v []any) *ability.StaticEffect {
		return &ability.StaticEffect{Rule: ability.ExtraLandDrop, Player: "you", Amount: ability.Fixed(1)}
	})
	rule("each player can't cast more than one spell each turn", func(v []any) *ability.StaticEffect {
		return &ability.StaticEffect{Rule: ability.MaxSpells, Player: "each", Amount: ability.Fixed(1)}
	})
	rule("your opponents can't cast spells during your turn", func(v []any) *ability.StaticEffect {
		return &ability.StaticEffect{Rule: ability.CantCast, Player: "opponents", If: &ability.Condition{Kind: ability.CondYourTurn}}
	})
	rule("you may look at the top card of your library any time", func(v []any) *ability.StaticEffect {
		return &ability.StaticEffect{Rule: ability.LookAtTop, Player: "you"}
	})
	rule("activated abilities of <descs> can't be activated", func(v []any) *ability.StaticEffect {
		return &ability.StaticEffect{Rule: ability.CantActivate, Filter: filt(v[0])}
	})
	rule("<descs> cost <mana> more to cast", func(v []any) *ability.StaticEffect { return costRule(ability.CostMore, v[0], "each", v[1]) })
	rule("<descs> cost <mana> less to cast", func(v []any) *ability.StaticEffect { return costRule(ability.CostLess, v[0], "each", v[1]) })
	rule("<descs> you cast cost <mana> less to cast", func(v []any) *ability.StaticEffect {
		return costRule(ability.CostLess, v[0], "you", v[1])
	})
	rule("<descs> you cast cost <mana> more to cast", func(v []any) *ability.StaticEffect {
		return costRule(ability.CostMore, v[0], "you", v[1])
	})
	rule("<descs> your opponents cast cost <mana> more to cast", func(v []any) *ability.StaticEffect {
		return costRule(ability.CostMore, v[0], "opponents", v[1])
	})
	// Additional costs (CR 601.2f).
	rule("as an additional cost to cast ~ , <costpart>", func(v []any) *ability.StaticEffect {
		return &ability.StaticEffect{Rule: ability.AdditionalCost, Cost: v[0].(*ability.Cost)}
	})
	// "As an additional cost to cast this spell, discard a card or pay 3
	// life" (CR 601.2b: the player chooses which).
	rule("as an additional cost to cast ~ , <costpart> or <costpart>", func(v []any) *ability.StaticEffect {
		return &ability.StaticEffect{Rule: ability.AdditionalCost, Cost: &ability.Cost{Or: &ability.EitherCost{Options: []ability.Cost{*v[0].(*ability.Cost), *v[1].(*ability.Cost)}}}}
	})

	// "Sacrifice ~ unless you discard a card."
	g.add("clause", "<eff> unless you <costpart>", func(v []any) any {
		es := effs(v[0])
		c := v[1].(*ability.Cost)
		if len(es) != 1 || c.Mana != "" {
			return nil
		}
		return each(es, func(e *ability.Effect) {
			e.Unless = &ability.Unless{Payer: &ability.PlayerRef{Who: ability.You}, Cost: *c}
		})
	})

	// Entering tapped under a condition.
	notCond := func(c *ability.Condition) *ability.Condition {
		return &ability.Condition{Kind: ability.CondNot, Sub: []ability.Condition{*c}}
	}
	g.add("repl", "~ enters tapped if <cond> .", func(v []any) any {
		return &ability.ReplaceEffect{Event: ability.ReplEnters, Self: true, Tapped: true, Unless: notCond(v[0].(*ability.Condition))}
	})
	g.add("repl", "if <cond> , ~ enters tapped .", func(v []any) any {
		return &ability.ReplaceEffect{Event: ability.ReplEnters, Self: true, Tapped: true, Unless: notCond(v[0].(*ability.Condition))}
	})

	// Effects.
	g.add("eff", "return <some> to its owner 's hand", func(v []any) any {
		return one(ability.Effect{Verb: ability.Move, Object: sel(v[0]), Zone: ability.ZoneHand})
	})
	g.add("eff", "learn", func(v []any) any { return one(ability.Effect{Verb: ability.Learn}) })
	g.add("trig", "at the beginning of the end step", func(v []any) any {
		return &ability.Trigger{Event: ability.StepBegins, Step: ability.StepEnd}
	})
	g.add("trig", "whenever ~ becomes tapped", func(v []any) any { return &ability.Trigger{Event: ability.Tapped, Self: true} })

	// A countered spell exiled (CR 701.6): "If that spell is countered
	// this way, exile it instead of putting it into its owner's
	// graveyard."
	g.add("body", "<sent> if that spell is countered this way , exile it instead of putting it into its owner 's graveyard .", func(v []any) any {
		es := effs(v[0])
		last := es[len(es)-1]
		if last.Verb != ability.Counter || last.Zone != "" {
			return nil
		}
		last.Zone = ability.ZoneExile
		return append(append([]ability.Effect{}, es[:len(es)-1]...), last)
	})

	// A land that becomes a creature: "~ becomes a 2/2 creature with all
	// creature types until end of turn. It's still a land."
	g.add("body", "<obj1> becomes a <animate> until end of turn . it's still a land .", func(v []any) any {
		return one(ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: v[1].(*ability.Mods), Duration: ability.EndOfTurn})
	})
	g.add("body", "until end of turn , <obj1> becomes a <animate> . it's still a land .", func(v []any) any {
		return one(ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: v[1].(*ability.Mods), Duration: ability.EndOfTurn})
	})
	g.add("animate", "<pt> [<tokcolors>] [<toksubs>] <toktypes> [<animwith>]", func(v []any) any {
		p, t := splitPT(v[0].(string))
		if p.Var != "" || t.Var != "" || v[0].(string)[0] == '+' || v[0].(string)[0] == '-' {
			return nil
		}
		m := &ability.Mods{SetP: &p.N, SetT: &t.N, Types: v[3].([]string)}
		if v[1] != nil {
			m.Colors = v[1].([]string)
			if len(m.Colors) == 0 {
				m.Colorless = true
			}
		}
		if v[2] != nil {
			m.Subtypes = v[2].([]string)
		}
		if v[4] != nil {
			w := v[4].(animWith)
			m.Keywords, m.AllCreatureTypes = w.kws, w.all
		}
		return m
	})
	g.add("animwith", "with <kwlist>", func(v []any) any { return animWith{kws: v[0].([]string)} })
	g.add("animwith", "with all creature types", func(v []any) any { return animWith{all: true} })
}

type animWith struct {
	kws []string
	all bool
}

func costRule(r ability.Rule, f any, player string, mana any) *ability.StaticEffect {
	sf := spellFilter(filt(f))
	if sf == nil {
		return nil
	}
	return &ability.StaticEffect{Rule: r, Filter: sf, Player: player, Cost: &ability.Cost{Mana: mana.(string)}}
}
