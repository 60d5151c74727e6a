package oracle

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Permissions to cast that change the cost paid: "You may cast spells
// from your hand without paying their mana costs." (Omniscience), "You
// may play the top card of your library. If you cast a spell this way,
// pay life equal to its mana value rather than pay its mana cost." (Bolas's
// Citadel: the life is the permission's Cost, of the spell cast).

// lifeEqualToMV is "pay life equal to its mana value": the spell's.
func lifeEqualToMV() *ability.Cost {
	return &ability.Cost{Life: &ability.Amount{Var: "mana_value", Of: &ability.Selector{Ref: ability.EventObject}}}
}

func addPermissions(g *grammar) {
	g.add("static", "you may cast spells from your hand without paying their mana costs", func(v []any) any {
		return &ability.StaticEffect{Rule: ability.CastFreeFromHand, Player: "you"}
	})
	g.add("static", "you may play the top card of your library", func(v []any) any {
		return &ability.StaticEffect{Rule: ability.PlayFromTop, Player: "you"}
	})
	g.add("static", "you may play lands and cast spells from the top of your library", func(v []any) any {
		return &ability.StaticEffect{Rule: ability.PlayFromTop, Player: "you"} // the older wording (Future Sight)
	})
	g.add("static", "you may play the top card of your library . if you cast a spell this way , pay life equal to its mana value rather than pay its mana cost", func(v []any) any {
		return &ability.StaticEffect{Rule: ability.PlayFromTop, Player: "you", Cost: lifeEqualToMV()}
	})
}

// printPermission prints the statics addPermissions reads, or "".
func printPermission(s *ability.StaticEffect) string {
	if s.Player != "you" || s.Filter != nil || s.If != nil || s.Amount != nil {
		return ""
	}
	switch {
	case s.Rule == ability.CastFreeFromHand && s.Cost == nil:
		return w("you may cast spells from your hand without paying their mana costs")
	case s.Rule == ability.PlayFromTop && s.Cost == nil:
		return alt(w("you may play the top card of your library"), w("you may play lands and cast spells from the top of your library"))
	case s.Rule == ability.PlayFromTop && reflect.DeepEqual(s.Cost, lifeEqualToMV()):
		return w("you may play the top card of your library. if you cast a spell this way, pay life equal to its mana value rather than pay its mana cost")
	}
	return ""
}
