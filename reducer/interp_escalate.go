package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Escalate (CR 702.120a): "Escalate [cost]" means "For each mode you
// choose beyond the first as you cast this spell, you pay an additional
// [cost]." The cost is added once per extra mode the cast's `modes` name:
// mana repeated, a discard or sacrifice of one object become one of that
// many (named in the cast's `discard` or `sacrifice`, as any cost's), life
// multiplied.

// escalateCost is the card's escalate cost, or nil.
func escalateCost(lc *langCard) *ability.Cost {
	for _, a := range lc.keywords {
		if k := a.Keyword; k.Name == "Escalate" && k.Cost != nil {
			return k.Cost
		}
	}
	return nil
}

// escalateSupported: a cost of mana, life, or discarding or sacrificing
// one object chosen by its controller.
func escalateSupported(k *ability.KeywordAbility) bool {
	c := k.Cost
	if c == nil || k.N != 0 || k.Filter != nil || k.Text != "" {
		return false
	}
	one := func(s *ability.Selector) bool {
		return s == nil || s.Ref == ability.ChooseRef && s.Choose != nil && s.Choose.Min == 1 && s.Choose.Max == 1 && s.Choose.Amount == nil
	}
	if c.Life != nil {
		if _, ok := c.Life.IsFixed(); !ok {
			return false
		}
	}
	rest := *c
	rest.Mana, rest.Life, rest.Discard, rest.Sacrifice = "", nil, nil, nil
	if _, err := cards.ParseCost(c.Mana); c.Mana != "" && err != nil {
		return false
	}
	return rest == (ability.Cost{}) && one(c.Discard) && one(c.Sacrifice) && (c.Mana != "" || c.Life != nil || c.Discard != nil || c.Sacrifice != nil)
}

// escalateTimes is the escalate cost paid n times.
func escalateTimes(c *ability.Cost, n int) *ability.Cost {
	out := &ability.Cost{Mana: strings.Repeat(c.Mana, n)}
	if c.Life != nil {
		l, _ := c.Life.IsFixed()
		out.Life = ability.Fixed(l * n)
	}
	times := func(s *ability.Selector) *ability.Selector {
		if s == nil {
			return nil
		}
		m := *s
		ch := *s.Choose
		ch.Min, ch.Max = n, n
		m.Choose = &ch
		return &m
	}
	out.Discard, out.Sacrifice = times(c.Discard), times(c.Sacrifice)
	return out
}
