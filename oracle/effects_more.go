package oracle

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// namedTokens are tokens rules text names alone ("create a Treasure
// token"); the card data describes them (CR 111.10).
var namedTokens = []string{"Treasure", "Food", "Clue", "Blood", "Gold", "Powerstone", "Map", "Junk", "Incubator", "Shard", "Lander", "Mutagen", "Walker"}

func addMoreEffects(g *grammar) {
	// Mana (CR 106).
	g.add("eff", "add <manaspec>", func(v []any) any {
		return one(ability.Effect{Verb: ability.AddMana, Mana: v[0].(*ability.ManaSpec)})
	})
	g.add("manaspec", "<mana>", func(v []any) any { return &ability.ManaSpec{Fixed: v[0].(string)} })
	g.add("manaspec", "<mana> or <mana>", func(v []any) any { return &ability.ManaSpec{OneOf: []string{v[0].(string), v[1].(string)}} })
	g.add("manaspec", "<mana> , <mana> , or <mana>", func(v []any) any {
		return &ability.ManaSpec{OneOf: []string{v[0].(string), v[1].(string), v[2].(string)}}
	})
	g.add("manaspec", "one mana of any color", func(v []any) any { return &ability.ManaSpec{Any: true, Amount: ability.Fixed(1)} })
	g.add("manaspec", "<n> mana of any one color", func(v []any) any {
		return &ability.ManaSpec{Any: true, Same: true, Amount: ability.Fixed(v[0].(int))}
	})
	g.add("manaspec", "<n> mana in any combination of colors", func(v []any) any {
		return &ability.ManaSpec{Any: true, Amount: ability.Fixed(v[0].(int))}
	})
	g.add("manaspec", "one mana of any color in your commander 's color identity", func(v []any) any {
		return &ability.ManaSpec{Among: "commander", Amount: ability.Fixed(1)}
	})
	// "Spend this mana only to cast creature spells."
	spend := func(v []any) any {
		if f := spellFilter(filt(v[0])); f != nil {
			return f
		}
		return nil
	}
	g.add("spend", "spend this mana only to cast <descs>", spend)
	g.add("spend", "spend this mana only to cast (a | an) <desc>", spend)

	// Tokens (CR 111).
	g.builtin("tokname", func(p *parser, i int) []res {
		if i < len(p.toks) {
			for _, n := range namedTokens {
				if p.toks[i].raw == n {
					return []res{{n, i + 1}}
				}
			}
		}
		return nil
	})
	g.add("eff", "create (a | an) <tokname> token", func(v []any) any {
		return one(ability.Effect{Verb: ability.CreateToken, Token: &ability.Token{Name: v[0].(string)}})
	})
	g.add("eff", "create <amt> <tokname> tokens", func(v []any) any {
		if n, ok := amt(v[0]).IsFixed(); ok && n < 2 {
			return nil
		}
		return one(ability.Effect{Verb: ability.CreateToken, Amount: amt(v[0]), Token: &ability.Token{Name: v[1].(string)}})
	})
	g.add("eff", "create (a | an) <tokdesc> token [<tokwith>]", func(v []any) any {
		return one(ability.Effect{Verb: ability.CreateToken, Token: tokenWith(v[0].(*ability.Token), v[1])})
	})
	g.add("eff", "create <amt> <tokdesc> tokens [<tokwith>]", func(v []any) any {
		if n, ok := amt(v[0]).IsFixed(); ok && n < 2 {
			return nil
		}
		return one(ability.Effect{Verb: ability.CreateToken, Amount: amt(v[0]), Token: tokenWith(v[1].(*ability.Token), v[2])})
	})
	g.add("tokwith", "with <kwlist>", nil)
	g.add("tokdesc", "<pt> <tokcolors> <toksubs> <toktypes>", func(v []any) any {
		pt := v[0].(string)
		if strings.ContainsAny(pt, "+-") {
			return nil
		}
		p, t, _ := strings.Cut(pt, "/")
		tk := &ability.Token{Power: p, Toughness: t, Subtypes: v[2].([]string), Types: v[3].([]string)}
		if c := v[1].([]string); len(c) > 0 {
			tk.Colors = c
		}
		return tk
	})
	g.add("tokcolors", "colorless", func(v []any) any { return []string{} })
	g.add("tokcolors", "<color>", func(v []any) any { return []string{v[0].(string)} })
	g.add("tokcolors", "<color> and <color>", func(v []any) any { return []string{v[0].(string), v[1].(string)} })
	g.add("toksubs", "<sub>", func(v []any) any { return []string{v[0].(string)} })
	g.add("toksubs", "<sub> <toksubs>", func(v []any) any { return append([]string{v[0].(string)}, v[1].([]string)...) })
	g.add("toktypes", "creature", func(v []any) any { return []string{"creature"} })
	g.add("toktypes", "<type> creature", func(v []any) any {
		if v[0] == "creature" {
			return nil
		}
		return []string{v[0].(string), "creature"}
	})

	// Search (CR 701.23): search, put, shuffle.
	g.add("eff", "<@> search your library for <searchfor> , <searchput> , then shuffle", func(v []any) any {
		if es := searchEffects(v[0].(at), v[1].(searchFor), v[2].(searchPut)); es != nil {
			return es
		}
		return nil
	})
	g.add("searchfor", "(a | an) <desc>", func(v []any) any { return searchFor{filt(v[0]), 1} })
	g.add("searchfor", "up to <n> <descs>", func(v []any) any { return searchFor{filt(v[1]), v[0].(int)} })
	g.add("searchput", "put (it | that card) into your hand", func(v []any) any { return searchPut{zone: ability.ZoneHand, single: true} })
	g.add("searchput", "reveal (it | that card) , put it into your hand", func(v []any) any {
		return searchPut{zone: ability.ZoneHand, single: true, reveal: true}
	})
	g.add("searchput", "put (it | that card) onto the battlefield [<tapped>]", func(v []any) any {
		return searchPut{zone: ability.ZoneBattlefield, tapped: v[0] != nil, single: true}
	})
	g.add("searchput", "reveal them , put them into your hand", func(v []any) any {
		return searchPut{zone: ability.ZoneHand, reveal: true}
	})
	g.add("searchput", "put them into your hand", func(v []any) any { return searchPut{zone: ability.ZoneHand} })
	g.add("searchput", "put them onto the battlefield [<tapped>]", func(v []any) any {
		return searchPut{zone: ability.ZoneBattlefield, tapped: v[0] != nil}
	})

	// Look at the top N cards (CR 701.15b) and where they go.
	g.add("eff", "look at the top <amt> cards of your library <@>", func(v []any) any {
		return one(ability.Effect{Verb: ability.Look, Amount: amt(v[0]), Bind: bindName(v[1].(at), "looked")})
	})
	g.add("eff", "look at the top card of your library <@>", func(v []any) any {
		return one(ability.Effect{Verb: ability.Look, Amount: ability.Fixed(1), Bind: bindName(v[0].(at), "looked")})
	})
	g.add("eff", "<@> put <n> of (them | those cards) into your hand and the (rest | other) on the bottom of your library [<anyorder>]", func(v []any) any {
		return putSome(v[0].(at), v[1].(int), ability.ZoneHand, v[2] != nil)
	})
	g.add("anyorder", "in any order", nil)
	g.add("eff", "<@> put them back in any order", func(v []any) any {
		return one(ability.Effect{Verb: ability.Move, Object: pronoun(v[0].(at), "them"), Zone: ability.ZoneLibrary,
			Position: ability.Top, Order: "any"})
	})
	g.add("eff", "<@> put them on the bottom of your library in any order", func(v []any) any {
		return one(ability.Effect{Verb: ability.Move, Object: pronoun(v[0].(at), "them"), Zone: ability.ZoneLibrary,
			Position: ability.Bottom, Order: "any"})
	})
}

type searchFor struct {
	f *ability.Filter
	n int
}

type searchPut struct {
	zone           ability.Zone
	tapped, single bool
	reveal         bool
}

// putSome is "put N of them into your hand and the rest on the bottom of
// your library in any order".
func putSome(pos at, n int, zone ability.Zone, anyOrder bool) []ability.Effect {
	them := pronoun(pos, "them")
	them.Choose = &ability.Pick{Min: n, Max: n}
	rest := pronoun(pos, "rest")
	rest.Ref = ability.Rest
	order := ""
	if anyOrder {
		order = "any"
	}
	return []ability.Effect{
		{Verb: ability.Move, Object: them, Zone: zone},
		{Verb: ability.Move, Object: rest, Zone: ability.ZoneLibrary, Position: ability.Bottom, Order: order},
	}
}

func tokenWith(t *ability.Token, with any) *ability.Token {
	switch x := with.(type) {
	case []string:
		t.Keywords = x
	case []ability.Ability:
		t.Abilities = x
	}
	return t
}

// searchEffects are a search, where the cards go, and the shuffle.
func searchEffects(pos at, s searchFor, put searchPut) []ability.Effect {
	e := ability.Effect{Verb: ability.Search, Filter: s.f, Bind: bindName(pos, "found")}
	if s.n != 1 {
		e.Amount = ability.Fixed(s.n)
	}
	if put.zone != ability.ZoneHand {
		e.Zone = put.zone
	}
	e.Tapped = put.tapped
	if put.reveal {
		e.Text = "reveal"
	}
	if (s.n == 1) != put.single {
		return nil
	}
	return []ability.Effect{e, {Verb: ability.Shuffle}}
}
