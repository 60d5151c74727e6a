package oracle

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Costs (CR 118, 602.1a): parts separated by commas, each a mana cost, a
// tap or untap symbol, life, sacrifices, discards, exiles, counters.

// mergeCost joins two cost parts; a part paid twice is no reading.
func mergeCost(a, b *ability.Cost) *ability.Cost {
	out := *a
	ov := reflect.ValueOf(&out).Elem()
	bv := reflect.ValueOf(b).Elem()
	for i := 0; i < ov.NumField(); i++ {
		if bv.Field(i).IsZero() {
			continue
		}
		if !ov.Field(i).IsZero() {
			return nil
		}
		ov.Field(i).Set(bv.Field(i))
	}
	return &out
}

func addCosts(g *grammar) {
	c := func(f func(v []any) *ability.Cost) func(v []any) any {
		return func(v []any) any { return f(v) }
	}
	g.add("costpart", "<mana>", c(func(v []any) *ability.Cost { return &ability.Cost{Mana: v[0].(string)} }))
	g.add("costpart", "{T}", c(func(v []any) *ability.Cost { return &ability.Cost{Tap: true} }))
	g.add("costpart", "{Q}", c(func(v []any) *ability.Cost { return &ability.Cost{Untap: true} }))
	g.add("costpart", "pay <n> life", c(func(v []any) *ability.Cost { return &ability.Cost{Life: ability.Fixed(v[0].(int))} }))
	g.add("costpart", "sacrifice ~", c(func(v []any) *ability.Cost {
		return &ability.Cost{Sacrifice: &ability.Selector{Ref: ability.Self}}
	}))
	g.add("costpart", "sacrifice <some>", c(func(v []any) *ability.Cost { return &ability.Cost{Sacrifice: v[0].(*ability.Selector)} }))
	g.add("costpart", "discard ~", c(func(v []any) *ability.Cost {
		return &ability.Cost{Discard: &ability.Selector{Ref: ability.Self}}
	}))
	g.add("costpart", "discard <some>", c(func(v []any) *ability.Cost { return &ability.Cost{Discard: v[0].(*ability.Selector)} }))
	g.add("costpart", "exile ~", c(func(v []any) *ability.Cost { return &ability.Cost{Exile: &ability.Selector{Ref: ability.Self}} }))
	// "Exile ~ from your hand": the ability functions there (CR 113.6);
	// the finishing pass moves the zone onto the ability (costZone).
	g.add("costpart", "exile ~ from your hand", c(func(v []any) *ability.Cost {
		return &ability.Cost{Exile: &ability.Selector{Ref: ability.Self, Filter: &ability.Filter{Zone: ability.ZoneHand}}}
	}))
	g.add("costpart", "exile ~ from your graveyard", c(func(v []any) *ability.Cost {
		return &ability.Cost{Exile: &ability.Selector{Ref: ability.Self, Filter: &ability.Filter{Zone: ability.ZoneGraveyard}}}
	}))
	g.add("costpart", "return <some> to their owner 's hand", c(func(v []any) *ability.Cost {
		if sel(v[0]).Choose.Max < 2 {
			return nil
		}
		return &ability.Cost{Return: v[0].(*ability.Selector)}
	}))
	g.add("costpart", "exile <some>", c(func(v []any) *ability.Cost { return &ability.Cost{Exile: v[0].(*ability.Selector)} }))
	g.add("costpart", "return <some> to its owner 's hand", c(func(v []any) *ability.Cost {
		return &ability.Cost{Return: v[0].(*ability.Selector)}
	}))
	g.add("costpart", "tap <some>", c(func(v []any) *ability.Cost { return &ability.Cost{TapOthers: v[0].(*ability.Selector)} }))
	g.add("costpart", "reveal <some>", c(func(v []any) *ability.Cost { return &ability.Cost{Reveal: v[0].(*ability.Selector)} }))
	g.add("costpart", "remove <n> <counterkind> (counter | counters) from ~", c(func(v []any) *ability.Cost {
		return &ability.Cost{RemoveCounters: v[0].(int), Counter: v[1].(string)}
	}))
	g.add("costpart", "remove (a | an) <counterkind> counter from ~", c(func(v []any) *ability.Cost {
		return &ability.Cost{RemoveCounters: 1, Counter: v[0].(string)}
	}))
	g.add("costpart", "put (a | an) <counterkind> counter on ~", c(func(v []any) *ability.Cost {
		return &ability.Cost{PutCounters: 1, Counter: v[0].(string)}
	}))
	g.add("costpart", "<energy>", c(func(v []any) *ability.Cost { return &ability.Cost{Energy: v[0].(int)} }))
	g.builtin("energy", func(p *parser, i int) []res {
		j := i
		for j < len(p.toks) && p.toks[j].s == "{E}" {
			j++
		}
		if j == i {
			return nil
		}
		return []res{{j - i, j}}
	})
	g.add("cost", "<costpart>", nil)
	g.add("cost", "<costpart> , <cost>", func(v []any) any {
		if m := mergeCost(v[0].(*ability.Cost), v[1].(*ability.Cost)); m != nil {
			return m
		}
		return nil
	})
	// Counter kinds: +1/+1, -1/-1, and named counters (a word).
	g.add("counterkind", "<pt>", nil)
	g.builtin("counterword", func(p *parser, i int) []res {
		if i < len(p.toks) && p.toks[i].kind == tWord && i+1 < len(p.toks) && (p.toks[i+1].s == "counter" || p.toks[i+1].s == "counters") {
			return []res{{p.toks[i].s, i + 1}}
		}
		return nil
	})
	g.add("counterkind", "<counterword>", nil)
}
