package oracle

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Damage to each of two kinds of permanent ("~ deals 3 damage to each
// creature and each planeswalker"), and to each opponent and each of
// their permanents of two kinds ("~ deals 1 damage to each opponent and
// each creature and planeswalker they control": two damage effects of one
// source, CR 120.3).

func addDamageEach(g *grammar) {
	both := func(a, b any) *ability.Selector {
		if a == b {
			return nil
		}
		return &ability.Selector{Ref: ability.All, Filter: &ability.Filter{Types: []string{a.(string), b.(string)}}}
	}
	g.add("dto", "each <type> and [each] <type>", func(v []any) any { return both(v[0], v[1]) })
	g.add("eff", "~ deals <amt> damage to each opponent and each <type> and <type> they control", func(v []any) any {
		s := both(v[1], v[2])
		if s == nil {
			return nil
		}
		s.Filter.Controller = "opponent"
		return []ability.Effect{
			{Verb: ability.Damage, Amount: amt(v[0]), To: playerSel(&ability.PlayerRef{Who: ability.Opponents})},
			{Verb: ability.Damage, Amount: amt(v[0]), To: s},
		}
	})
}

// printEachTwo prints "each creature and [each] planeswalker" for a
// selector of all permanents of exactly two types (controlled by
// controller), or "".
func printEachTwo(s *ability.Selector, controller string) string {
	if s == nil || s.Ref != ability.All || s.Player != nil || s.Filter == nil || len(s.Filter.Types) != 2 ||
		!reflect.DeepEqual(*s.Filter, ability.Filter{Types: s.Filter.Types, Controller: controller}) {
		return ""
	}
	t := s.Filter.Types
	return w("each "+t[0]+" and") + opt(w("each")) + w(t[1])
}
