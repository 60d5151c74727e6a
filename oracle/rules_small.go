package oracle

import "github.com/chronicle-mtg/chronicle/ability"

// Small forms of known effects and statics: "Creatures you control get
// +1/+0 and gain haste until end of turn." (Goblin Bushwhacker); "~'s
// power and toughness are each equal to 1 plus the number of lands you
// control." (Allosaurus Rider, CR 604.3); "~ gets +2/+2, has flying, and
// attacks each combat if able." (Dragon's Rage Channeler).

func addSmallForms(g *grammar) {
	g.add("eff", "<bare> get <pt> and gain <kwlist> until end of turn", func(v []any) any {
		m := ptMods(v[1].(string))
		m.Keywords = v[2].([]string)
		return one(ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: m, Duration: ability.EndOfTurn})
	})
	g.add("static", "~ 's power and toughness are each equal to <n> plus the number of <descs>", func(v []any) any {
		n := &ability.Amount{N: v[0].(int), Var: "count", Count: filt(v[1])}
		return &ability.StaticEffect{Affected: &ability.Selector{Ref: ability.Self}, Mods: &ability.Mods{SetPAmount: n, SetTAmount: n, CDA: true}}
	})
	g.add("static", "<aff1> gets <pt> , has <kwlist> , and attacks each combat if able", func(v []any) any {
		m := ptMods(v[1].(string))
		m.Keywords = v[2].([]string)
		m.Rules = []ability.Rule{ability.MustAttack}
		return &ability.StaticEffect{Affected: sel(v[0]), Mods: m}
	})
}
