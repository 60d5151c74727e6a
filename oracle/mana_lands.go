package oracle

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// The words of mana lands: Urza's lands name each other by their two
// land types (CR 205.3i: "Urza's" and "Mine"): "If you control an Urza's
// Mine and an Urza's Power-Plant, add {C}{C}{C} instead." An "Urza's X"
// is a permanent with both subtypes.

func addManaLands(g *grammar) {
	g.add("eff", "sacrifice <@> it", func(v []any) any {
		return one(ability.Effect{Verb: ability.Sacrifice, Object: pronoun(v[0].(at), "it")})
	})
	// "If there are no mining counters on ~, sacrifice it." (Gemstone
	// Mine).
	g.add("cond", "there are no <counterword> counters on ~", func(v []any) any {
		return &ability.Condition{Kind: ability.CondCompare, Op: "==", Right: ability.Fixed(0),
			Left: &ability.Amount{Var: "counters", Counter: v[0].(string), Of: &ability.Selector{Ref: ability.Self}}}
	})
	// "Flip a coin. If you lose the flip, ~ deals 3 damage to you." (CR
	// 705; Mana Crypt).
	g.add("eff", "flip a coin", func(v []any) any { return one(ability.Effect{Verb: ability.FlipCoin}) })
	g.add("sent", "if you win the flip , <clauses> .", func(v []any) any {
		return each(effs(v[0]), func(e *ability.Effect) { e.If = &ability.Condition{Kind: ability.CondDid} })
	})
	g.add("sent", "if you lose the flip , <clauses> .", func(v []any) any {
		notDid := &ability.Condition{Kind: ability.CondNot, Sub: []ability.Condition{{Kind: ability.CondDid}}}
		return each(effs(v[0]), func(e *ability.Effect) { e.If = notDid })
	})
	// "At the beginning of your draw step, if ~ is tapped, it deals 1
	// damage to you." (Mana Vault).
	g.add("cond", "~ is tapped", func(v []any) any {
		return &ability.Condition{Kind: ability.CondIs, Object: &ability.Selector{Ref: ability.Self}, Filter: &ability.Filter{Tapped: true}}
	})
	// "All creatures of the chosen type get -1/-1." (Engineered Plague).
	g.add("static", "all <descs> get <pt>", func(v []any) any {
		return &ability.StaticEffect{Affected: &ability.Selector{Ref: ability.All, Filter: filt(v[0])}, Mods: ptMods(v[1].(string))}
	})
	g.add("ctrl1", "(a | an) <desc>", func(v []any) any { return filt(v[0]) })
	g.add("ctrl1", "(a | an) urza 's <sub>", func(v []any) any { return urzas(v[0].(string)) })
	g.add("cond", "you control <ctrl1> and <ctrl1>", func(v []any) any {
		you := &ability.Filter{Controller: "you"}
		return &ability.Condition{Kind: ability.CondAnd, Sub: []ability.Condition{
			{Kind: ability.CondExists, Filter: merge(v[0].(*ability.Filter), you)},
			{Kind: ability.CondExists, Filter: merge(v[1].(*ability.Filter), you)}}}
	})
}

// urzas is the filter of an "Urza's X": the subtype Urza's, and X.
func urzas(sub string) *ability.Filter {
	return &ability.Filter{Subtypes: []string{"Urza's"}, AnyOf: []ability.Filter{{Subtypes: []string{sub}}}}
}

// printControlBoth prints "you control an X and a Y", or "".
func printControlBoth(c *ability.Condition) string {
	if c.Kind != ability.CondAnd || len(c.Sub) != 2 {
		return ""
	}
	var parts []string
	for i := range c.Sub {
		s := &c.Sub[i]
		if s.Kind != ability.CondExists || s.Filter == nil || s.Filter.Controller != "you" {
			return ""
		}
		f := *s.Filter
		f.Controller = ""
		an := alt(w("a"), w("an"))
		if len(f.AnyOf) == 1 && len(f.AnyOf[0].Subtypes) == 1 && reflect.DeepEqual(f, *urzas(f.AnyOf[0].Subtypes[0])) {
			parts = append(parts, an+w("urza")+w("'s")+w(f.AnyOf[0].Subtypes[0]))
			continue
		}
		parts = append(parts, an+printDesc(&f, ""))
	}
	return w("you control") + parts[0] + w("and") + parts[1]
}
