package oracle

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Hands, graveyards and choices: revealing a hand, choosing a card from
// it, discarding that card; exiling graveyards; putting cards from a hand
// on top of a library.

func addHandEffects(g *grammar) {
	// "Target player reveals their hand."
	g.add("eff", "<who> reveals their hand <@>", func(v []any) any {
		p := who(v[0])
		return one(ability.Effect{Verb: ability.Reveal, Player: p, Bind: bindName(v[1].(at), "revealed"),
			Object: &ability.Selector{Ref: ability.All, Filter: &ability.Filter{Types: []string{"card"}, Zone: ability.ZoneHand}, Player: p}})
	})
	// "You choose a nonland card from it."
	g.add("eff", "you choose (a | an) <desc> from <obj1> <@>", func(v []any) any {
		from := sel(v[1])
		if from.Ref != ability.Bound {
			return nil
		}
		s := *from
		s.Filter = filt(v[0])
		s.Choose = &ability.Pick{Min: 1, Max: 1}
		return one(ability.Effect{Verb: ability.Select, Object: &s, Bind: bindName(v[2].(at), "chosen")})
	})
	// "That player discards that card."
	eff1 := func(nt, pat string, f func(v []any) ability.Effect) {
		g.add(nt, pat, func(v []any) any { return one(f(v)) })
	}
	eff1("pv", "discards <obj1>", func(v []any) ability.Effect { return ability.Effect{Verb: ability.Discard, Object: sel(v[0])} })

	// Graveyards as objects: "each opponent's graveyard", "all cards from
	// target player's graveyard", "all graveyards".
	gy := func(p *ability.PlayerRef, owner string) *ability.Selector {
		return &ability.Selector{Ref: ability.All, Filter: &ability.Filter{Types: []string{"card"}, Zone: ability.ZoneGraveyard, Owner: owner}, Player: p}
	}
	g.add("objs", "each opponent 's graveyard", func(v []any) any { return gy(nil, "opponent") })
	g.add("objs", "all cards from <whose> graveyard", func(v []any) any { return gy(who(v[0]), "") })
	g.add("objs", "<whose> graveyard", func(v []any) any { return gy(who(v[0]), "") })
	g.add("objs", "all cards from all graveyards", func(v []any) any { return gy(nil, "") })
	g.add("objs", "all graveyards", func(v []any) any { return gy(nil, "") })
	g.add("whose", "<@> target player 's", func(v []any) any {
		return targetPlayer(v[0].(at), ability.Target{Min: 1, Max: 1, Players: "any"})
	})
	g.add("whose", "<@> target opponent 's", func(v []any) any {
		return targetPlayer(v[0].(at), ability.Target{Min: 1, Max: 1, Players: "opponent"})
	})
	g.add("whose", "your", func(v []any) any { return &ability.PlayerRef{Who: ability.You} })

	// "Put two cards from your hand on top of your library in any order."
	g.add("eff", "put <some> on top of your library [<anyorder>]", func(v []any) any {
		e := ability.Effect{Verb: ability.Move, Object: sel(v[0]), Zone: ability.ZoneLibrary, Position: ability.Top}
		if v[1] != nil {
			e.Order = "any"
		}
		return one(e)
	})
	g.add("eff", "put <obj1> on top of its owner 's library", func(v []any) any {
		return one(ability.Effect{Verb: ability.Move, Object: sel(v[0]), Zone: ability.ZoneLibrary, Position: ability.Top})
	})
	g.add("eff", "put <obj1> on the bottom of its owner 's library", func(v []any) any {
		return one(ability.Effect{Verb: ability.Move, Object: sel(v[0]), Zone: ability.ZoneLibrary, Position: ability.Bottom})
	})
}
