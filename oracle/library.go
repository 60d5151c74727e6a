package oracle

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Libraries and what leaves them for a while: the top cards of a library
// as an object, exiling them to play them later (impulse draw), looking
// at another player's library or hand, revealing a card from among the
// ones looked at, and delayed "at the beginning of the next upkeep".

func addLibrary(g *grammar) {
	// "the top card of your library", "the top two cards of target
	// player's library".
	top := func(p *ability.PlayerRef, n *ability.Amount) *ability.Selector {
		s := &ability.Selector{Ref: ability.LibraryTop, Amount: n}
		if p != nil && p.Who != ability.You {
			s.Player = p
		}
		return s
	}
	g.add("libtop", "the top card of <whose> library", func(v []any) any { return top(who(v[0]), nil) })
	g.add("libtop", "the top <amt> cards of <whose> library", func(v []any) any {
		if n, ok := amt(v[0]).IsFixed(); ok && n < 2 {
			return nil
		}
		return top(who(v[1]), amt(v[0]))
	})
	g.add("whose", "<@> that player 's", func(v []any) any { return pronounPlayer(v[0].(at), "that player") })

	// "Exile the top two cards of your library." The exiled cards are
	// bound for what follows ("You may play them this turn").
	g.add("eff", "exile <libtop> <@>", func(v []any) any {
		return one(ability.Effect{Verb: ability.Exile, Object: sel(v[0]), Bind: bindName(v[1].(at), "exiled")})
	})
	// "Look at the top card of target player's library."
	g.add("eff", "look at <libtop> <@>", func(v []any) any {
		s := sel(v[0])
		if s.Player == nil {
			return nil // "your library": the look rules of effects_more.go
		}
		return one(ability.Effect{Verb: ability.Look, Object: s, Bind: bindName(v[1].(at), "looked")})
	})

	// Permission to play or cast cards for a while (impulse draw).
	mayPlay := func(obj any, d ability.Duration, castOnly bool) []ability.Effect {
		e := ability.Effect{Verb: ability.MayPlay, Object: sel(obj), Duration: d}
		if castOnly {
			e.Text = "cast"
		}
		return one(e)
	}
	g.add("eff", "until end of turn , you may play <obj>", func(v []any) any { return mayPlay(v[0], ability.ThisTurn, false) })
	g.add("eff", "until end of turn , you may cast <obj>", func(v []any) any { return mayPlay(v[0], ability.ThisTurn, true) })
	g.add("eff", "you may cast <obj> this turn", func(v []any) any { return mayPlay(v[0], ability.ThisTurn, true) })
	g.add("eff", "until the end of your next turn , you may play <obj>", func(v []any) any {
		return mayPlay(v[0], ability.NextTurn, false)
	})
	g.add("eff", "you may play <obj> until the end of your next turn", func(v []any) any {
		return mayPlay(v[0], ability.NextTurn, false)
	})

	// "Look at target player's hand."
	g.add("eff", "look at <whose> hand <@>", func(v []any) any {
		p := who(v[0])
		if p.Who == ability.You {
			return nil
		}
		return one(ability.Effect{Verb: ability.Look, Bind: bindName(v[1].(at), "looked"),
			Object: &ability.Selector{Ref: ability.All, Filter: &ability.Filter{Types: []string{"card"}, Zone: ability.ZoneHand}, Player: p}})
	})

	// "You may reveal a colorless card from among them and put it into
	// your hand." The card revealed is bound, then moved.
	revealToHand := func(desc, from any, pick ability.Pick, optional bool) any {
		f := sel(from)
		if f.Ref != ability.Bound {
			return nil
		}
		s := *f
		s.Filter = filt(desc)
		s.Choose = &pick
		// Bound by a fixed name, not a pronoun's antecedent: "the rest"
		// after it are the rest of the cards it was revealed from.
		name := "revealed"
		return []ability.Effect{
			{Verb: ability.Reveal, Object: &s, Optional: optional, Bind: name},
			{Verb: ability.Move, Object: &ability.Selector{Ref: ability.Bound, Name: name}, Zone: ability.ZoneHand},
		}
	}
	g.add("eff", "you may reveal (a | an) <desc> from among <objs> and put it into your hand", func(v []any) any {
		return revealToHand(v[0], v[1], ability.Pick{Min: 1, Max: 1}, true)
	})
	g.add("eff", "you may reveal any number of <descs> from among <objs> and put the revealed cards into your hand", func(v []any) any {
		return revealToHand(v[0], v[1], ability.Pick{Min: 0, Max: -1}, false)
	})
	// "Reveal the top four cards of your library. You may put a permanent
	// card from among them into your hand. Put the rest into your
	// graveyard." (Malevolent Rumble).
	g.add("eff", "reveal <libtop> <@>", func(v []any) any {
		return one(ability.Effect{Verb: ability.Reveal, Object: sel(v[0]), Bind: bindName(v[1].(at), "revealed")})
	})
	g.add("eff", "you may put (a | an) <desc> from among <objs> into your hand", func(v []any) any {
		f := sel(v[1])
		if f.Ref != ability.Bound {
			return nil
		}
		s := *f
		s.Filter = filt(v[0])
		s.Choose = &ability.Pick{Min: 1, Max: 1}
		return one(ability.Effect{Verb: ability.Move, Object: &s, Zone: ability.ZoneHand, Optional: true})
	})
	g.add("eff", "<@> put the rest into your graveyard", func(v []any) any {
		rest := pronoun(v[0].(at), "rest")
		rest.Ref = ability.Rest
		return one(ability.Effect{Verb: ability.Move, Object: rest, Zone: ability.ZoneGraveyard})
	})
	// "Up to one target player puts all the cards from their graveyard on
	// the bottom of their library in a random order." (Endurance).
	g.add("eff", "<who> puts all the cards from their graveyard on the bottom of their library in a random order", func(v []any) any {
		p := who(v[0])
		if p.Who == ability.You {
			return nil
		}
		return one(ability.Effect{Verb: ability.Move, Zone: ability.ZoneLibrary, Position: ability.Bottom, Order: "random",
			Object: &ability.Selector{Ref: ability.All, Filter: &ability.Filter{Types: []string{"card"}, Zone: ability.ZoneGraveyard}, Player: p}})
	})
	// "Put the rest on the bottom of your library in any order."
	g.add("eff", "<@> put the rest on the bottom of your library [<anyorder>]", func(v []any) any {
		rest := pronoun(v[0].(at), "rest")
		rest.Ref = ability.Rest
		e := ability.Effect{Verb: ability.Move, Object: rest, Zone: ability.ZoneLibrary, Position: ability.Bottom}
		if v[1] != nil {
			e.Order = "any"
		}
		return one(e)
	})
	g.add("eff", "<@> put the rest on the bottom of your library in a random order", func(v []any) any {
		rest := pronoun(v[0].(at), "rest")
		rest.Ref = ability.Rest
		return one(ability.Effect{Verb: ability.Move, Object: rest, Zone: ability.ZoneLibrary, Position: ability.Bottom, Order: "random"})
	})
	// "You may put that card into your graveyard."
	g.add("eff", "put <obj1> into (your | its owner 's) graveyard", func(v []any) any {
		return one(ability.Effect{Verb: ability.Move, Object: sel(v[0]), Zone: ability.ZoneGraveyard})
	})

	// Delayed triggers at the next upkeep (CR 603.7): "Draw a card at the
	// beginning of the next turn's upkeep."; "At the beginning of your
	// next upkeep, pay {2}{G}{G}. If you don't, you lose the game."
	delayed := func(player string, es []ability.Effect) []ability.Effect {
		d := &ability.Ability{Kind: ability.Triggered, Trigger: &ability.Trigger{Event: ability.StepBegins, Step: ability.StepUpkeep, Player: player},
			Effects: es}
		return one(ability.Effect{Verb: ability.DelayedTrigger, Delayed: d})
	}
	g.add("sent", "<clauses> at the beginning of the next turn 's upkeep .", func(v []any) any { return delayed("", effs(v[0])) })
	g.add("body", "at the beginning of your next upkeep , <body>", func(v []any) any { return delayed("you", effs(v[0])) })
}
