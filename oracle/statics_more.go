package oracle

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// More static abilities: a spell's own cost ("This spell costs {1} less
// to cast for each ..."), cost changes under a condition, land types
// (CR 305.7), a limit on a kind of spell, statics "as long as" a
// condition holds.

func addMoreStatics(g *grammar) {
	// "~ costs {1} less to cast for each instant and sorcery card in your
	// graveyard." A static with no filter is about the spell itself.
	self := func(r ability.Rule, mana string, n *ability.Amount) any {
		return &ability.StaticEffect{Rule: r, Cost: &ability.Cost{Mana: mana}, Amount: n}
	}
	g.add("static", "~ costs <mana> less to cast <foreach>", func(v []any) any { return self(ability.CostLess, v[0].(string), amt(v[1])) })
	g.add("static", "~ costs <mana> more to cast <foreach>", func(v []any) any { return self(ability.CostMore, v[0].(string), amt(v[1])) })

	// "Noncreature spells you cast cost {1} less to cast as long as there
	// are three or more Lesson cards in your graveyard."
	g.add("static", "<descs> you cast cost <mana> less to cast as long as <cond>", func(v []any) any {
		st := costRule(ability.CostLess, v[0], "you", v[1])
		if st == nil {
			return nil
		}
		st.If = v[2].(*ability.Condition)
		return st
	})

	// Land types (CR 305.7): "Nonbasic lands are Mountains." sets them;
	// "Each land is a Swamp in addition to its other land types." adds.
	g.add("static", "<descs> are <subs>", func(v []any) any {
		f := filt(v[0])
		if f.Zone != "" || !landType(v[1].(string)) {
			return nil
		}
		return &ability.StaticEffect{Affected: &ability.Selector{Ref: ability.All, Filter: f},
			Mods: &ability.Mods{Subtypes: []string{v[1].(string)}, SetSubtypes: true}}
	})
	g.add("static", "each <desc> is (a | an) <sub> in addition to its other land types", func(v []any) any {
		f := filt(v[0])
		if f.Zone != "" || !landType(v[1].(string)) {
			return nil
		}
		return &ability.StaticEffect{Affected: &ability.Selector{Ref: ability.All, Filter: f}, Mods: &ability.Mods{Subtypes: []string{v[1].(string)}}}
	})

	// "Each player can't cast more than one noncreature spell each turn."
	g.add("static", "each player can't cast more than one <desc> each turn", func(v []any) any {
		f := spellFilter(filt(v[0]))
		if f == nil || reflect.DeepEqual(*f, ability.Filter{}) {
			return nil // any spell: rules_batch3.go
		}
		return &ability.StaticEffect{Rule: ability.MaxSpells, Player: "each", Amount: ability.Fixed(1), Filter: f}
	})

	// "As long as you have one or fewer cards in hand, if you would draw
	// one or more cards, you draw that many cards plus one instead."
	g.add("repl", "as long as <cond> , if you would draw one or more cards , you draw that many cards plus one instead .", func(v []any) any {
		return &ability.ReplaceEffect{Event: ability.ReplDraw, Player: "you", Plus: 1,
			Unless: &ability.Condition{Kind: ability.CondNot, Sub: []ability.Condition{*v[0].(*ability.Condition)}}}
	})

	// "~ has haste as long as an opponent has 10 or less life."
	g.add("static", "<aff1> has <kwlist> as long as <cond>", func(v []any) any {
		return &ability.StaticEffect{Affected: sel(v[0]), Mods: &ability.Mods{Keywords: v[1].([]string)}, If: v[2].(*ability.Condition)}
	})
	g.add("static", "<aff1> gets <pt> as long as <cond>", func(v []any) any {
		return &ability.StaticEffect{Affected: sel(v[0]), Mods: ptMods(v[1].(string)), If: v[2].(*ability.Condition)}
	})
	g.add("cond", "an opponent has <n> or less life", func(v []any) any {
		return &ability.Condition{Kind: ability.CondCompare, Left: &ability.Amount{Var: "life", Player: &ability.PlayerRef{Who: ability.AnOpponent}},
			Op: "<=", Right: ability.Fixed(v[0].(int))}
	})
	// "As long as you control an artifact, ~ gets +1/+0 and has haste."
	g.add("static", "as long as <cond> , <static>", func(v []any) any {
		st := *v[1].(*ability.StaticEffect)
		if st.If != nil || st.Mods == nil || st.Rule != "" {
			return nil
		}
		st.If = v[0].(*ability.Condition)
		return &st
	})
}

// landType reports whether a subtype is a basic land type (CR 305.6) or
// another land type.
func landType(s string) bool {
	switch s {
	case "Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Lair", "Locus", "Cave", "Sphere", "Town":
		return true
	}
	return false
}
