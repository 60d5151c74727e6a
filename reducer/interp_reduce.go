package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// "This ability costs {1} less to activate for each legendary creature
// you control" (ability.Cost.Reduce, CR 601.2f as 602.2b applies it): the
// generic mana of the cost is lowered, never below zero; coloured mana
// stays.

// reduceGeneric lowers the generic mana of cost by n.
func reduceGeneric(cost cards.Cost, n int) cards.Cost {
	if n <= 0 {
		return cost
	}
	out := slices.Clone(cost)
	for i := range out {
		if n == 0 {
			break
		}
		if out[i].Kind == cards.SymGeneric {
			cut := min(n, out[i].N)
			out[i].N -= cut
			n -= cut
		}
	}
	return slices.DeleteFunc(out, func(sym cards.Symbol) bool { return sym.Kind == cards.SymGeneric && sym.N == 0 })
}
