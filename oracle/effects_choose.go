package oracle

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Objects chosen as an effect resolves, not targeted: "Untap up to three
// lands." Any player's objects the phrase describes may be chosen (the
// phrase says whose when it matters: "lands you control").

func addChooseEffects(g *grammar) {
	g.add("eff", "untap up to <n> <descs>", func(v []any) any {
		if v[0].(int) < 1 {
			return nil
		}
		return one(ability.Effect{Verb: ability.Untap, Object: &ability.Selector{Ref: ability.ChooseRef, Filter: filt(v[1]),
			Choose: &ability.Pick{Min: 0, Max: v[0].(int)}, Player: &ability.PlayerRef{Who: ability.Each}}})
	})
	// "Put a land card from your hand onto the battlefield tapped."
	g.add("eff", "put <some> onto the battlefield [<tapped>]", func(v []any) any {
		s := sel(v[0])
		if s.Filter == nil || s.Filter.Zone == "" {
			return nil
		}
		return one(ability.Effect{Verb: ability.Move, Object: s, Zone: ability.ZoneBattlefield, Tapped: v[1] != nil})
	})
}
