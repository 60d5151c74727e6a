package oracle

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Sentence shapes that join or qualify effects: lists of clauses, "then"
// sentences, "instead if", "it can't be regenerated", "each of one or two
// targets", and the conditions they test.

func addSentenceShapes(g *grammar) {
	// Lists: "You gain 2 life, draw two cards, then discard two cards."
	g.add("clauses", "<clause> , <clause> , (then | and) <clause>", func(v []any) any {
		return cat(effs(v[0]), effs(v[1]), effs(v[2]))
	})
	g.add("sent", "then <clauses> .", nil)
	// One subject, three verbs: "target opponent sacrifices a creature,
	// discards a card, and loses 3 life".
	g.add("eff", "<who> <pv> , <pv> , and <pv>", func(v []any) any {
		return withPlayer(subject(v[0]), cat(effs(v[1]), effs(v[2]), effs(v[3])))
	})
	// "Target player scries X, then draws a card."
	g.add("eff", "<who> <pv> , then <pv>", func(v []any) any {
		return withPlayer(subject(v[0]), cat(effs(v[1]), effs(v[2])))
	})

	// "~ deals 4 damage to that permanent or player instead if you
	// control three or more artifacts."; "~ deals 6 damage instead if
	// ..." (the same recipient).
	g.add("instead", "<eff> instead if <cond> .", func(v []any) any {
		es := effs(v[0])
		if len(es) != 1 {
			return nil
		}
		e := es[0]
		e.If = v[1].(*ability.Condition)
		return e
	})
	g.add("instead", "~ deals <amt> damage instead if <cond> .", func(v []any) any {
		return ability.Effect{Verb: ability.Damage, Amount: amt(v[0]), If: v[1].(*ability.Condition)}
	})

	// Fatal Push's revolt: "Destroy that creature if it has mana value 4
	// or less instead if a permanent you controlled left the battlefield
	// this turn." The effect runs when both hold, the one before it
	// otherwise.
	g.add("instead", "<eff> if <cond> instead if <cond> .", func(v []any) any {
		es := effs(v[0])
		if len(es) != 1 {
			return nil
		}
		e := es[0]
		e.If = &ability.Condition{Kind: ability.CondAnd, Sub: []ability.Condition{*v[2].(*ability.Condition), *v[1].(*ability.Condition)}}
		return e
	})

	// "Destroy target nonblack creature. It can't be regenerated."
	g.add("body", "<sent> (it | they) can't be regenerated .", func(v []any) any {
		es := effs(v[0])
		last := es[len(es)-1]
		if last.Verb != ability.Destroy || last.NoRegenerate {
			return nil
		}
		last.NoRegenerate = true
		return append(append([]ability.Effect{}, es[:len(es)-1]...), last)
	})

	// Several targets of one slot: "each of up to two target creatures",
	// "each of one or two targets", "one or two target creatures".
	g.add("dto", "each of <@> up to <n> target <descs>", func(v []any) any {
		if v[1].(int) < 2 {
			return nil
		}
		return targetSel(v[0].(at), ability.Target{Min: 0, Max: v[1].(int), Filter: filt(v[2])})
	})
	g.add("dto", "each of <@> one or two targets", func(v []any) any {
		t := anyTarget()
		t.Max = 2
		return targetSel(v[0].(at), t)
	})
	g.add("objs", "<@> one or two target <descs>", func(v []any) any {
		return targetSel(v[0].(at), ability.Target{Min: 1, Max: 2, Filter: filt(v[1])})
	})

	// Amounts counted: "equal to 2 plus the number of Lesson cards in your
	// graveyard".
	g.add("statamt", "equal to the number of <descs>", func(v []any) any { return &ability.Amount{Var: "count", Count: filt(v[0])} })
	g.add("statamt", "equal to <n> plus the number of <descs>", func(v []any) any {
		return &ability.Amount{N: v[0].(int), Var: "count", Count: filt(v[1])}
	})

	// "If that creature would die this turn, exile it instead." (CR 614):
	// a replacement effect the spell sets up for its object.
	g.add("sent", "if <obj1> would die this turn , exile it instead .", func(v []any) any {
		return one(ability.Effect{Verb: ability.Replace, Object: sel(v[0]), Duration: ability.ThisTurn,
			Replace: &ability.ReplaceEffect{Event: ability.ReplDies, Self: true, To: ability.ZoneExile}})
	})

	// Beza's comparisons with an opponent: "if an opponent controls more
	// lands than you", "has more life than you", "has more cards in hand
	// than you".
	opp, you := &ability.PlayerRef{Who: ability.AnOpponent}, &ability.PlayerRef{Who: ability.You}
	more := func(l, r *ability.Amount) *ability.Condition {
		return &ability.Condition{Kind: ability.CondCompare, Left: l, Op: ">", Right: r}
	}
	g.add("cond", "an opponent controls more <descs> than you", func(v []any) any {
		f := filt(v[0])
		if f.Controller != "" || f.Zone != "" {
			return nil
		}
		o, y := *f, *f
		o.Controller, y.Controller = "opponent", "you"
		return more(&ability.Amount{Var: "count", Count: &o}, &ability.Amount{Var: "count", Count: &y})
	})
	g.add("cond", "an opponent has more life than you", func(v []any) any {
		return more(&ability.Amount{Var: "life", Player: opp}, &ability.Amount{Var: "life", Player: you})
	})
	g.add("cond", "an opponent has more cards in hand than you", func(v []any) any {
		return more(&ability.Amount{Var: "hand", Player: opp}, &ability.Amount{Var: "hand", Player: you})
	})

	// The mana spent to cast a spell (CR 601.2h): "if no mana was spent
	// to cast it", "if five or more mana was spent to cast that spell";
	// converge's "the number of colors of mana spent to cast ~".
	spent := func(of *ability.Selector, op string, n int) *ability.Condition {
		return &ability.Condition{Kind: ability.CondCompare, Left: &ability.Amount{Var: "mana_spent", Of: of}, Op: op, Right: ability.Fixed(n)}
	}
	g.add("cond", "no mana was spent to cast <obj1>", func(v []any) any { return spent(sel(v[0]), "==", 0) })
	g.add("cond", "no colored mana was spent to cast <obj1>", func(v []any) any { // Void Mirror
		return &ability.Condition{Kind: ability.CondCompare, Left: &ability.Amount{Var: "colors_spent", Of: sel(v[0])}, Op: "==", Right: ability.Fixed(0)}
	})
	g.add("cond", "<n> or more mana was spent to cast <obj1>", func(v []any) any { return spent(sel(v[1]), ">=", v[0].(int)) })
	g.add("cond", "<@> its mana value is less than or equal to the number of colors of mana spent to cast ~", func(v []any) any {
		return &ability.Condition{Kind: ability.CondCompare, Left: &ability.Amount{Var: "mana_value", Of: pronoun(v[0].(at), "it")}, Op: "<=",
			Right: &ability.Amount{Var: "colors_spent", Of: &ability.Selector{Ref: ability.Self}}}
	})

	// Conditions.
	g.add("cond", "<@> it has mana value <n> or less", func(v []any) any {
		return &ability.Condition{Kind: ability.CondIs, Object: pronoun(v[0].(at), "it"),
			Filter: &ability.Filter{ManaValue: &ability.Compare{Op: "<=", Amount: *ability.Fixed(v[1].(int))}}}
	})
	g.add("cond", "a permanent you controlled left the battlefield this turn", func(v []any) any {
		return &ability.Condition{Kind: ability.CondFact, Text: "revolt"}
	})
	g.add("cond", "it was kicked", func(v []any) any { return &ability.Condition{Kind: ability.CondKicked} })
	g.add("cond", "there are four or more card types among cards in your graveyard", func(v []any) any {
		return &ability.Condition{Kind: ability.CondFact, Text: "delirium"}
	})
	g.add("cond", "there are <n> or more <descs> in your graveyard", func(v []any) any {
		f := merge(filt(v[1]), &ability.Filter{Zone: ability.ZoneGraveyard, Owner: "you"})
		if f == nil {
			return nil
		}
		return &ability.Condition{Kind: ability.CondCompare, Left: &ability.Amount{Var: "count", Count: f}, Op: ">=", Right: ability.Fixed(v[0].(int))}
	})
	// Threshold's wording: "seven or more cards are in your graveyard".
	g.add("cond", "<n> or more <descs> are in your graveyard", func(v []any) any {
		f := merge(filt(v[1]), &ability.Filter{Zone: ability.ZoneGraveyard, Owner: "you"})
		if f == nil {
			return nil
		}
		return &ability.Condition{Kind: ability.CondCompare, Left: &ability.Amount{Var: "count", Count: f}, Op: ">=", Right: ability.Fixed(v[0].(int))}
	})
	g.add("cond", "there is (a | an) <desc> and (a | an) <desc> in your graveyard", func(v []any) any {
		in := &ability.Filter{Zone: ability.ZoneGraveyard, Owner: "you"}
		a, b := merge(filt(v[0]), in), merge(filt(v[1]), in)
		if a == nil || b == nil {
			return nil
		}
		return &ability.Condition{Kind: ability.CondAnd, Sub: []ability.Condition{{Kind: ability.CondExists, Filter: a}, {Kind: ability.CondExists, Filter: b}}}
	})
	g.add("cond", "an opponent cast <n> or more spells this turn", func(v []any) any {
		return &ability.Condition{Kind: ability.CondCompare, Left: &ability.Amount{Var: "spells_cast", Player: &ability.PlayerRef{Who: ability.AnOpponent}},
			Op: ">=", Right: ability.Fixed(v[0].(int))}
	})
	g.add("cond", "you have <n> or fewer cards in hand", func(v []any) any {
		return &ability.Condition{Kind: ability.CondCompare, Left: &ability.Amount{Var: "hand", Player: &ability.PlayerRef{Who: ability.You}},
			Op: "<=", Right: ability.Fixed(v[0].(int))}
	})

	// "If there is an instant card and a sorcery card in your graveyard,
	// instead put two of them into your hand and the rest on the bottom
	// of your library in any order." (Flow State): the choice of how many
	// goes to the hand changes; the rest still go to the bottom.
	// "Put each of those cards into your hand instead if there are three
	// or more Lesson cards in your graveyard." (Accumulate Wisdom): all of
	// them, and the rest (none) to the bottom.
	g.add("body", "<sent> put each of those cards into your hand instead if <cond> .", func(v []any) any {
		es := effs(v[0])
		n := len(es)
		if n < 2 {
			return nil
		}
		pick, rest := es[n-2], es[n-1]
		if pick.Verb != ability.Move || pick.Zone != ability.ZoneHand || pick.Object.Choose == nil || rest.Object.Ref != ability.Rest ||
			pick.If != nil {
			return nil
		}
		all := pick
		o := *pick.Object
		o.Choose = nil
		all.Object = &o
		all.If = v[1].(*ability.Condition)
		all.Else = []ability.Effect{pick}
		return append(append([]ability.Effect{}, es[:n-2]...), all, rest)
	})
	g.add("body", "<sent> if <cond> , instead put <n> of them into your hand and the rest on the bottom of your library in any order .", func(v []any) any {
		es := effs(v[0])
		n := len(es)
		if n < 2 {
			return nil
		}
		pick, rest := es[n-2], es[n-1]
		if pick.Verb != ability.Move || pick.Zone != ability.ZoneHand || pick.Object.Choose == nil || rest.Object.Ref != ability.Rest ||
			rest.Order != "any" || pick.If != nil {
			return nil
		}
		more := pick
		o := *pick.Object
		o.Choose = &ability.Pick{Min: v[2].(int), Max: v[2].(int)}
		more.Object = &o
		more.If = v[1].(*ability.Condition)
		more.Else = []ability.Effect{pick}
		return append(append([]ability.Effect{}, es[:n-2]...), more, rest)
	})
}
