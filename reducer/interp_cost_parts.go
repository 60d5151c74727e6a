package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Parts of an activated ability's cost beyond mana, tapping and moving
// objects: "Put a -1/-1 counter on ~" (CR 122.1, paid as the cost is,
// CR 602.2h; the counter may well be the creature's last toughness), and
// "This ability costs {1} less to activate for each legendary creature you
// control" (CR 601.2f, 602.2b: the generic mana is lowered by the amount
// as the cost is determined; it can't go below zero).

// reducedCost is c with its Reduce applied, read now.
func reducedCost(ctx *evalCtx, c *ability.Cost) *ability.Cost {
	if c == nil || c.Reduce == nil {
		return c
	}
	out := *c
	out.Reduce = nil
	less := ctx.amount(c.Reduce)
	m := langMana(c)
	if m == nil || less <= 0 {
		return &out
	}
	m = slices.Clone(m)
	for i := range m {
		if less == 0 {
			break
		}
		if m[i].Kind == cards.SymGeneric {
			cut := min(less, m[i].N)
			m[i].N -= cut
			less -= cut
		}
	}
	m = slices.DeleteFunc(m, func(sym cards.Symbol) bool { return sym.Kind == cards.SymGeneric && sym.N == 0 })
	out.Mana = ""
	if len(m) > 0 {
		out.Mana = m.String()
	}
	return &out
}

// activatedCost: the parts the supporter's cost check doesn't
// know of an activated ability's cost are carried out here; it returns
// the rest for that check.
func (s *supporter) activatedCost(c *ability.Cost, p string) *ability.Cost {
	if c == nil || c.PutCounters == 0 && c.Reduce == nil {
		return c
	}
	s.amount(c.Reduce, p+".reduce")
	if c.Reduce != nil && c.Mana == "" {
		s.no(p+".reduce", "a reduction of a cost without mana is not carried out yet")
	}
	rest := *c
	rest.PutCounters, rest.Reduce = 0, nil
	if c.PutCounters != 0 && c.Counter == "" || c.PutCounters != 0 && c.RemoveCounters != 0 {
		s.no(p, "this cost is not carried out yet")
	}
	if c.PutCounters != 0 && c.RemoveCounters == 0 {
		rest.Counter = ""
	}
	return &rest
}
