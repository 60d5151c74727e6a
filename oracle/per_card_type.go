package oracle

import "github.com/chronicle-mtg/chronicle/ability"

// "For each card type, you may put a card of that type from among the
// revealed cards into your hand." (Atraxa, Grand Unifier): one choice of
// any number of the cards, each standing for a different card type it
// has (CR 205.2a). Each is optional, so none may be chosen.

func addPerCardType(g *grammar) {
	g.add("eff", "for each card type , you may put a card of that type from among <objs> into your hand", func(v []any) any {
		f := sel(v[0])
		if f.Ref != ability.Bound || f.Choose != nil || f.Filter != nil {
			return nil
		}
		s := *f
		s.Choose = &ability.Pick{Min: 0, Max: -1, PerCardType: true}
		return one(ability.Effect{Verb: ability.Move, Object: &s, Zone: ability.ZoneHand})
	})
	g.add("objs", "<@> the revealed cards", func(v []any) any { return pronoun(v[0].(at), "them") })
}

// printPerCardType prints the effect the rule above makes, or "".
func printPerCardType(e *ability.Effect) string {
	o := e.Object
	if e.Verb != ability.Move || e.Zone != ability.ZoneHand || e.Optional || o == nil || o.Ref != ability.Bound || o.Filter != nil ||
		o.Choose == nil || *o.Choose != (ability.Pick{Min: 0, Max: -1, PerCardType: true}) || e.Position != "" || e.Tapped || e.Control != nil {
		return ""
	}
	return w("for each card type, you may put a card of that type from among") + alt(pronouns, w("the revealed cards")) + w("into your hand")
}
