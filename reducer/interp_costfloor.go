package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// A minimum cost (CR 601.2f): "As long as ~ is untapped, each spell that
// would cost less than three mana to cast costs three mana to cast." It
// applies after every increase and reduction, to the total cost with X
// as chosen; the difference is generic mana.

// costFloor raises cost to the greatest minimum in force for seat's
// spell, when it is less.
func (g *Game) costFloor(seat int, cost cards.Cost, x int) cards.Cost {
	floor := 0
	g.S.rulesStatics(ability.CostFloor, func(_ *ability.Ability, st *ability.StaticEffect, src *Object) {
		c := &evalCtx{g: g, you: src.Controller, src: src.ID}
		if appliesToPlayer(st.Player, src.Controller, seat) && c.holds(st.If) {
			floor = max(floor, c.amount(st.Amount))
		}
	})
	if v := cost.Value(x); v < floor {
		return append(slices.Clone(cost), cards.Symbol{Kind: cards.SymGeneric, N: floor - v})
	}
	return cost
}
