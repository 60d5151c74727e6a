package oracle

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Zone moves and their kin beyond effects.go: putting a card onto the
// battlefield from anywhere, exiling until the source leaves, searching
// with "and put that card ... . Then shuffle.", tokens another player
// creates, and optional grants ("you may have that creature gain reach").

func addZoneEffects(g *grammar) {
	// "Put target creature card from a graveyard onto the battlefield
	// under your control."
	g.add("eff", "put <obj> onto the battlefield [<tapped>] under your control", func(v []any) any {
		return one(ability.Effect{Verb: ability.Move, Object: sel(v[0]), Zone: ability.ZoneBattlefield, Tapped: v[1] != nil,
			Control: &ability.PlayerRef{Who: ability.You}})
	})
	g.add("eff", "put <obj> onto the battlefield [<tapped>]", func(v []any) any {
		return one(ability.Effect{Verb: ability.Move, Object: sel(v[0]), Zone: ability.ZoneBattlefield, Tapped: v[1] != nil})
	})

	// "Return ~ from your graveyard to the battlefield tapped." The
	// ability functions in the graveyard (CR 113.6): the finishing pass
	// moves the zone onto the ability (selfZone).
	g.add("eff", "return ~ from your graveyard to the battlefield [<tapped>]", func(v []any) any {
		return one(ability.Effect{Verb: ability.Move, Object: &ability.Selector{Ref: ability.Self, Filter: &ability.Filter{Zone: ability.ZoneGraveyard}},
			Zone: ability.ZoneBattlefield, Tapped: v[0] != nil})
	})
	g.add("eff", "return ~ from your graveyard to your hand", func(v []any) any {
		return one(ability.Effect{Verb: ability.Move, Object: &ability.Selector{Ref: ability.Self, Filter: &ability.Filter{Zone: ability.ZoneGraveyard}},
			Zone: ability.ZoneHand})
	})

	// "Exile target nonland permanent an opponent controls until ~ leaves
	// the battlefield." (CR 610.3).
	g.add("eff", "exile <obj> until ~ leaves the battlefield", func(v []any) any {
		return one(ability.Effect{Verb: ability.Exile, Object: sel(v[0]), Duration: ability.SourceLeaves})
	})

	// "Search your library for a land card and put that card onto the
	// battlefield. Then shuffle."
	g.add("sent", "<@> search your library for <searchfor> and <searchput> . then shuffle .", func(v []any) any {
		if es := searchEffects(v[0].(at), v[1].(searchFor), v[2].(searchPut)); es != nil {
			return es
		}
		return nil
	})
	g.add("sent", "<@> search your library for <searchfor> , reveal that card , and put it into your hand . then shuffle .", func(v []any) any {
		if es := searchEffects(v[0].(at), v[1].(searchFor), searchPut{zone: ability.ZoneHand, single: true, reveal: true}); es != nil {
			return es
		}
		return nil
	})
	g.add("searchput", "put that card into your hand", func(v []any) any { return searchPut{zone: ability.ZoneHand, single: true} })
	g.add("searchput", "put that card onto the battlefield [<tapped>]", func(v []any) any {
		return searchPut{zone: ability.ZoneBattlefield, tapped: v[0] != nil, single: true}
	})

	// Tokens another player creates: "Its controller creates two Map
	// tokens."
	g.add("pv", "creates (a | an) <tokname> token", func(v []any) any {
		return one(ability.Effect{Verb: ability.CreateToken, Token: &ability.Token{Name: v[0].(string)}})
	})
	g.add("pv", "creates <amt> <tokname> tokens", func(v []any) any {
		if n, ok := amt(v[0]).IsFixed(); ok && n < 2 {
			return nil
		}
		return one(ability.Effect{Verb: ability.CreateToken, Amount: amt(v[0]), Token: &ability.Token{Name: v[1].(string)}})
	})

	g.add("pv", "creates (a | an) <tokdesc> token [<tokwith>]", func(v []any) any {
		return one(ability.Effect{Verb: ability.CreateToken, Token: tokenWith(v[0].(*ability.Token), v[1])})
	})
	g.add("pv", "creates <amt> <tokdesc> tokens [<tokwith>]", func(v []any) any {
		if n, ok := amt(v[0]).IsFixed(); ok && n < 2 {
			return nil
		}
		return one(ability.Effect{Verb: ability.CreateToken, Amount: amt(v[0]), Token: tokenWith(v[1].(*ability.Token), v[2])})
	})

	// "You may have that creature gain reach until end of turn."
	g.add("eff", "you may have <obj1> gain <kwlist> until end of turn", func(v []any) any {
		return one(ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: &ability.Mods{Keywords: v[1].([]string)}, Duration: ability.EndOfTurn,
			Optional: true})
	})

	// "Tokens that are attacking": "create two 4/4 white Angel creature
	// tokens with flying and vigilance that are attacking".
	g.add("eff", "create <amt> <tokdesc> tokens [<tokwith>] that are attacking", func(v []any) any {
		if n, ok := amt(v[0]).IsFixed(); ok && n < 2 {
			return nil
		}
		return one(ability.Effect{Verb: ability.CreateToken, Amount: amt(v[0]), Token: tokenWith(v[1].(*ability.Token), v[2]), Attacking: true})
	})
	g.add("eff", "create (a | an) <tokdesc> token [<tokwith>] that's attacking", func(v []any) any {
		return one(ability.Effect{Verb: ability.CreateToken, Token: tokenWith(v[0].(*ability.Token), v[1]), Attacking: true})
	})
}
