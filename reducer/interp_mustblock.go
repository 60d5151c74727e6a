package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// "Target creature blocks this turn if able" (Academic Dispute): a
// requirement on the blocker (CR 509.1c), given by an effect for the turn
// (ability.MustBlock, recorded as becoming effects are). The defending
// player's declaration must obey as many requirements as it can without
// breaking a restriction. With only such requirements, each creature's
// is independent of the others' (a creature may block an attacker however
// many others block it), so the declaration obeys the most there can be
// exactly when every such creature blocks that can: one that could block
// an attacker (menace asks for a second creature able to block it too,
// CR 702.111b) and doesn't block is refused.

// mustBlockRefusal refuses plan when a creature that must block doesn't
// and could.
func (g *Game) mustBlockRefusal(seat int, plan blockPlan) error {
	s := g.S
	for _, id := range s.Battlefield {
		x := s.Objects[id]
		if slices.Contains(plan.blockers, id) || !g.canBlockAtAll(x, seat) || !x.langObjectRule(ability.MustBlock) {
			continue
		}
		for _, aid := range s.Battlefield {
			a := s.Objects[aid]
			if a.Attacking != seat+1 || g.blockForbidden(seat, a, x) != "" {
				continue
			}
			if a.Has("Menace") && !g.secondBlocker(seat, a, x) {
				continue
			}
			return g.refuse("CR 509.1c", "body.blocks", "%s blocks this turn if able, and it can block %s", s.objName(id), s.objName(aid))
		}
	}
	return nil
}

// secondBlocker reports whether a creature of seat other than x could
// block attacker a beside it.
func (g *Game) secondBlocker(seat int, a, x *Object) bool {
	for _, id := range g.S.Battlefield {
		if y := g.S.Objects[id]; y != x && g.blockForbidden(seat, a, y) == "" {
			return true
		}
	}
	return false
}
