package oracle

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

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

// "Target opponent exiles a creature they control and their graveyard."
// (Strategic Betrayal): the player chooses the creature (CR 701.13), then
// their whole graveyard is exiled.
func addExileCreatureAndGraveyard(g *grammar) {
	g.add("eff", "<who> exiles (a | an) <desc> they control and their graveyard", func(v []any) any {
		p := who(v[0])
		f := filt(v[1])
		if p.Who == ability.You || f == nil || f.Zone != "" || f.Controller != "" {
			return nil
		}
		by := *p
		return []ability.Effect{
			{Verb: ability.Exile, Object: &ability.Selector{Ref: ability.ChooseRef, Filter: f, Player: p, Choose: &ability.Pick{Min: 1, Max: 1, By: &by}}},
			{Verb: ability.Exile, Object: &ability.Selector{Ref: ability.All, Filter: &ability.Filter{Types: []string{"card"}, Zone: ability.ZoneGraveyard}, Player: p}},
		}
	})
}

// printExileCreatureAndGraveyard prints the effects of
// addExileCreatureAndGraveyard, or reports false.
func printExileCreatureAndGraveyard(a *pctx, es []ability.Effect, i int) (string, bool) {
	if i+1 >= len(es) {
		return "", false
	}
	c, gy := &es[i], &es[i+1]
	if c.Verb != ability.Exile || gy.Verb != ability.Exile || c.Object == nil || gy.Object == nil || c.Object.Ref != ability.ChooseRef ||
		c.Object.Choose == nil || c.Object.Choose.By == nil || c.Object.Player == nil || c.Object.Filter == nil || c.Object.Filter.Zone != "" ||
		gy.Object.Ref != ability.All || gy.Object.Filter == nil || gy.Object.Filter.Zone != ability.ZoneGraveyard ||
		!reflect.DeepEqual(gy.Object.Player, c.Object.Player) || c.If != nil || gy.If != nil || c.Optional || gy.Optional {
		return "", false
	}
	return printPlayer(a, c.Object.Player) + w("exiles") + alt(w("a"), w("an")) + printDesc(c.Object.Filter, "") + w("they control and their graveyard"), true
}
