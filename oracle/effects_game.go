package oracle

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Effects on the game and its players: paying a cost as an effect ("you
// may pay {B}. If you do, ..."; "pay {2}{G}{G}. If you don't, you lose the
// game."), extra turns, winning and losing, and the first-person forms of
// a player's verbs ("You draw a card and gain 3 life.").

func addGameEffects(g *grammar) {
	g.add("eff", "pay <mana>", func(v []any) any {
		return one(ability.Effect{Verb: ability.Pay, Cost: &ability.Cost{Mana: v[0].(string)}})
	})
	g.add("eff", "pay <n> life", func(v []any) any {
		return one(ability.Effect{Verb: ability.Pay, Cost: &ability.Cost{Life: ability.Fixed(v[0].(int))}})
	})
	g.add("sent", "if you don't , <clauses> .", func(v []any) any {
		notDid := &ability.Condition{Kind: ability.CondNot, Sub: []ability.Condition{{Kind: ability.CondDid}}}
		return each(effs(v[0]), func(e *ability.Effect) { e.If = notDid })
	})
	g.add("eff", "take an extra turn after this one", func(v []any) any { return one(ability.Effect{Verb: ability.ExtraTurn}) })
	g.add("eff", "you lose the game", func(v []any) any { return one(ability.Effect{Verb: ability.LoseGame}) })
	g.add("eff", "you win the game", func(v []any) any { return one(ability.Effect{Verb: ability.WinGame}) })
	g.add("pv", "loses the game", func(v []any) any { return one(ability.Effect{Verb: ability.LoseGame}) })

	// First person: "you draw a card", "you draw two cards and you lose 2
	// life"; the controller is the effect's default player.
	g.add("eff", "you draw <cards>", func(v []any) any { return one(ability.Effect{Verb: ability.Draw, Amount: amt(v[0])}) })
	g.add("eff", "you lose life <statamt>", func(v []any) any {
		return one(ability.Effect{Verb: ability.LoseLife, Amount: amt(v[0])})
	})
	g.add("eff", "you gain life <statamt>", func(v []any) any {
		return one(ability.Effect{Verb: ability.GainLife, Amount: amt(v[0])})
	})
}
