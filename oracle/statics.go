package oracle

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Static abilities (CR 604, 613) and replacement effects (CR 614).

func addStatics(g *grammar) {
	st := func(aff *ability.Selector, m *ability.Mods) any {
		return &ability.StaticEffect{Affected: aff, Mods: m}
	}
	// Who a static affects: "creatures you control", "~", "equipped
	// creature", "other Elves you control".
	g.add("affs", "<bare>", nil)
	g.add("aff1", "~", func(v []any) any { return &ability.Selector{Ref: ability.Self} })
	g.add("aff1", "(enchanted | equipped) <core>", func(v []any) any { return &ability.Selector{Ref: ability.Attached, Filter: filt(v[0])} })

	g.add("static", "<affs> get <pt>", func(v []any) any { return st(sel(v[0]), ptMods(v[1].(string))) })
	g.add("static", "<aff1> gets <pt>", func(v []any) any { return st(sel(v[0]), ptMods(v[1].(string))) })
	g.add("static", "<affs> have <kwlist>", func(v []any) any { return st(sel(v[0]), &ability.Mods{Keywords: v[1].([]string)}) })
	g.add("static", "<aff1> has <kwlist>", func(v []any) any { return st(sel(v[0]), &ability.Mods{Keywords: v[1].([]string)}) })
	g.add("static", "<affs> get <pt> and have <kwlist>", func(v []any) any {
		m := ptMods(v[1].(string))
		m.Keywords = v[2].([]string)
		return st(sel(v[0]), m)
	})
	g.add("static", "<aff1> gets <pt> and has <kwlist>", func(v []any) any {
		m := ptMods(v[1].(string))
		m.Keywords = v[2].([]string)
		return st(sel(v[0]), m)
	})
	rule := func(pat string, r ability.Rule) {
		g.add("static", "<aff1> "+pat, func(v []any) any { return st(sel(v[0]), &ability.Mods{Rules: []ability.Rule{r}}) })
	}
	rule("can't block", ability.CantBlock)
	rule("can't attack", ability.CantAttack)
	rule("can't attack or block", ability.CantAttackOrBlock)
	rule("can't be blocked", ability.CantBeBlocked)
	rule("attacks each combat if able", ability.MustAttack)
	rule("can't be countered", ability.CantBeCountered)
	rule("doesn't untap during your untap step", ability.DoesntUntap)
	rule("can block only creatures with flying", ability.BlocksOnlyFlying)

	g.add("static", "if ~ is in your opening hand , you may begin the game with it on the battlefield", func(v []any) any {
		return &ability.StaticEffect{Rule: ability.OpeningHand}
	})

	// Replacements: how ~ enters.
	self := func(r ability.ReplaceEffect) any {
		r.Event = ability.ReplEnters
		r.Self = true
		return &r
	}
	g.add("repl", "~ enters tapped .", func(v []any) any { return self(ability.ReplaceEffect{Tapped: true}) })
	g.add("repl", "~ enters tapped unless <cond> .", func(v []any) any {
		return self(ability.ReplaceEffect{Tapped: true, Unless: v[0].(*ability.Condition)})
	})
	g.add("repl", "as ~ enters , you may pay <n> life . if you don't , (~ | it) enters tapped .", func(v []any) any {
		return self(ability.ReplaceEffect{Tapped: true, UnlessPay: &ability.Cost{Life: ability.Fixed(v[0].(int))}})
	})
	g.add("repl", "~ enters with <amt> <counterkind> counters on it .", func(v []any) any {
		return self(ability.ReplaceEffect{Counter: v[1].(string), Amount: amt(v[0])})
	})
	g.add("repl", "~ enters with (a | an) <counterkind> counter on it <foreach> .", func(v []any) any {
		return self(ability.ReplaceEffect{Counter: v[0].(string), Amount: amt(v[1])})
	})
	g.add("repl", "~ enters with (a | an) <counterkind> counter on it .", func(v []any) any {
		return self(ability.ReplaceEffect{Counter: v[0].(string), Amount: ability.Fixed(1)})
	})
	g.add("repl", "as ~ enters , choose a <choice> .", func(v []any) any {
		return self(ability.ReplaceEffect{Choose: v[0].(string)})
	})
	g.add("choice", "color", func(v []any) any { return "color" })
	g.add("choice", "creature type", func(v []any) any { return "creature_type" })
	g.add("choice", "basic land type", func(v []any) any { return "basic_land_type" })
	g.add("choice", "card name", func(v []any) any { return "card_name" })
	g.add("choice", "nonland card name", func(v []any) any { return "nonland_card_name" })
	g.add("choice", "opponent", func(v []any) any { return "opponent" })
}
