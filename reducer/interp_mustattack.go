package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// "~ attacks each combat if able" (Dragon's Rage Channeler, Ulamog's
// Crusher): a requirement on the attacker (CR 508.1d), read from statics
// as other object rules are (langObjectRule). With only such
// requirements each creature's is independent of the others', so the
// declaration obeys the most there can be exactly when every such
// creature attacks that can: one that could attack (cantAttack: untapped,
// no summoning sickness, no restriction, no cost to attack, CR 508.1d)
// and isn't declared is refused.

// mustAttackRefusal refuses plan when a creature of seat that must
// attack doesn't and could.
func (g *Game) mustAttackRefusal(seat int, plan attackPlan) error {
	s := g.S
	for _, id := range s.Battlefield {
		x := s.Objects[id]
		if slices.Contains(plan.attackers, id) || x.Controller != seat || !x.langObjectRule(ability.MustAttack) || g.cantAttack(x, seat) != "" {
			continue
		}
		return g.refuse("CR 508.1d", "body.attackers", "%s attacks each combat if able, and it can attack", s.objName(id))
	}
	return nil
}
