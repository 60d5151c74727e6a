package oracle

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Noun phrases beyond nouns.go's. Those joined by "or" whose halves are
// different kinds of thing, so that one filter's "any of" lists can't say
// them: "creature or
// Vehicle" (a card type or a subtype), "noncreature artifact or
// noncreature enchantment" (each half with its own adjectives). Each
// becomes a filter whose AnyOf holds the halves.

func addOrNouns(g *grammar) {
	anyOf := func(a, b *ability.Filter) any {
		if a == nil || b == nil {
			return nil
		}
		return &ability.Filter{AnyOf: []ability.Filter{*a, *b}}
	}
	g.add("desc", "<type> or <sub>", func(v []any) any {
		return anyOf(&ability.Filter{Types: []string{v[0].(string)}}, &ability.Filter{Subtypes: []string{v[1].(string)}})
	})
	g.add("desc", "<adjs> <tcore> or <adjs> <tcore>", func(v []any) any {
		return anyOf(merge(filt(v[0]), filt(v[1])), merge(filt(v[2]), filt(v[3])))
	})
	// "Goblin creatures": a subtype and a card type, plural.
	g.add("tcores", "<sub> <types>", func(v []any) any {
		return &ability.Filter{Subtypes: []string{v[0].(string)}, Types: []string{v[1].(string)}}
	})
}
