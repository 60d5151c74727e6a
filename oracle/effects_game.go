package oracle

import (
	"strings"

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
	g.add("eff", "you take the initiative", func(v []any) any { return one(ability.Effect{Verb: ability.TakeInitiative}) })
	g.add("eff", "you become the monarch", func(v []any) any { return one(ability.Effect{Verb: ability.BecomeMonarch}) })
	g.add("eff", "you lose the game", func(v []any) any { return one(ability.Effect{Verb: ability.LoseGame}) })
	g.add("eff", "you win the game", func(v []any) any { return one(ability.Effect{Verb: ability.WinGame}) })
	g.add("pv", "loses the game", func(v []any) any { return one(ability.Effect{Verb: ability.LoseGame}) })

	// "they lose 2 life": the player of the event.
	g.add("who", "<@> they", func(v []any) any { return pronounPlayer(v[0].(at), "they") })
	// "Target player exiles a card from their graveyard." (Relic of
	// Progenitus): the player chooses the card.
	g.add("eff", "<who> exiles (a | an) <desc> from their <ownzone>", func(v []any) any {
		p := who(v[0])
		if p.Who == ability.You {
			return nil
		}
		f := merge(filt(v[1]), &ability.Filter{Zone: v[2].(ability.Zone)})
		if f == nil {
			return nil
		}
		by := *p
		return one(ability.Effect{Verb: ability.Exile, Object: &ability.Selector{Ref: ability.ChooseRef, Filter: f, Player: p,
			Choose: &ability.Pick{Min: 1, Max: 1, By: &by}}})
	})
	g.add("ownzone", "graveyard", func(v []any) any { return ability.ZoneGraveyard })
	g.add("ownzone", "hand", func(v []any) any { return ability.ZoneHand })
	// A plural subject: "they lose 2 life".
	g.add("eff", "<who> lose <amt> life", func(v []any) any {
		p := who(v[0])
		if p.Who != ability.BoundPlayer || !strings.HasSuffix(p.Name, "|they") {
			return nil
		}
		return one(ability.Effect{Verb: ability.LoseLife, Player: p, Amount: amt(v[1])})
	})

	// "You draw a card and lose 1 life." (the controller, two verbs).
	g.add("eff", "you draw <cards> and lose <amt> life", func(v []any) any {
		return []ability.Effect{{Verb: ability.Draw, Amount: amt(v[0])}, {Verb: ability.LoseLife, Amount: amt(v[1])}}
	})

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
