package oracle

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Noun phrases: descriptors ("nonland permanent an opponent controls")
// become Filters; object phrases ("target creature", "each opponent",
// "it") become Selectors; player phrases become PlayerRefs.

// Placeholders, resolved by the finishing pass (finish.go): a target slot
// is a Selector or PlayerRef named "#<pos>|<the Target as JSON>"; a pronoun
// is one named "$<pos>|<word>"; a bind is "@<pos>|<verb>".

func targetSel(pos at, t ability.Target) *ability.Selector {
	return &ability.Selector{Ref: ability.TargetRef, Name: targetKey(pos, t)}
}

func targetPlayer(pos at, t ability.Target) *ability.PlayerRef {
	return &ability.PlayerRef{Who: ability.TargetPlayer, Name: targetKey(pos, t)}
}

func targetKey(pos at, t ability.Target) string {
	b, _ := json.Marshal(t)
	return fmt.Sprintf("#%03d|%s", int(pos), b)
}

func pronoun(pos at, word string) *ability.Selector {
	return &ability.Selector{Ref: ability.Bound, Name: fmt.Sprintf("$%03d|%s", int(pos), word)}
}

func pronounPlayer(pos at, word string) *ability.PlayerRef {
	return &ability.PlayerRef{Who: ability.BoundPlayer, Name: fmt.Sprintf("$%03d|%s", int(pos), word)}
}

func bindName(pos at, verb string) string { return fmt.Sprintf("@%03d|%s", int(pos), verb) }

// permanentCardTypes are the types of a permanent card (CR 110.4b).
var permanentCardTypes = []string{"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}

// anyTarget is "any target" (CR 115.4): a creature, planeswalker or battle,
// or a player.
func anyTarget() ability.Target {
	return ability.Target{Min: 1, Max: 1, Players: "any", Filter: &ability.Filter{Types: []string{"creature", "planeswalker", "battle"}}}
}

func filt(v any) *ability.Filter {
	if v == nil {
		return nil
	}
	return v.(*ability.Filter)
}

func addNouns(g *grammar) {
	// Adjectives before a noun.
	g.add("adj", "<color>", func(v []any) any { return &ability.Filter{Colors: []string{v[0].(string)}} })
	g.add("adj", "<color> or <color>", func(v []any) any { return &ability.Filter{Colors: []string{v[0].(string), v[1].(string)}} })
	g.add("adj", "colorless", func(v []any) any { return &ability.Filter{Colorless: true} })
	g.add("adj", "multicolored", func(v []any) any { return &ability.Filter{Multicolored: true} })
	g.add("adj", "monocolored", func(v []any) any { return &ability.Filter{Monocolored: true} })
	g.add("adj", "<super>", func(v []any) any { return &ability.Filter{Supertypes: []string{v[0].(string)}} })
	g.add("adj", "<non>", nil)
	g.add("adj", "tapped", func(v []any) any { return &ability.Filter{Tapped: true} })
	g.add("adj", "untapped", func(v []any) any { return &ability.Filter{Untapped: true} })
	g.add("adj", "attacking", func(v []any) any { return &ability.Filter{Attacking: true} })
	g.add("adj", "blocking", func(v []any) any { return &ability.Filter{Blocking: true} })
	g.add("adjs", "<adj>", nil)
	g.add("adjs", "<adj> [,] <adjs>", func(v []any) any { return merge(filt(v[0]), filt(v[1])) })

	// Singular cores.
	g.add("tcore", "<type>", func(v []any) any { return &ability.Filter{Types: []string{v[0].(string)}} })
	g.add("tcore", "<type> <type>", func(v []any) any {
		if v[0] == v[1] {
			return nil
		}
		return both(v[0].(string), v[1].(string))
	})
	g.add("tcore", "<type> or <type>", func(v []any) any { return &ability.Filter{Types: []string{v[0].(string), v[1].(string)}} })
	g.add("tcore", "<type> , <type> , or <type>", func(v []any) any {
		return &ability.Filter{Types: []string{v[0].(string), v[1].(string), v[2].(string)}}
	})
	g.add("tcore", "<type> , <type> , <type> , or <type>", func(v []any) any {
		return &ability.Filter{Types: []string{v[0].(string), v[1].(string), v[2].(string), v[3].(string)}}
	})
	g.add("tcore", "<sub>", func(v []any) any { return &ability.Filter{Subtypes: []string{v[0].(string)}} })
	g.add("tcore", "<sub> <type>", func(v []any) any {
		return &ability.Filter{Subtypes: []string{v[0].(string)}, Types: []string{v[1].(string)}}
	})
	g.add("tcore", "<sub> or <sub>", func(v []any) any { return &ability.Filter{Subtypes: []string{v[0].(string), v[1].(string)}} })
	g.add("tcore", "<sub> , <sub> , or <sub>", func(v []any) any {
		return &ability.Filter{Subtypes: []string{v[0].(string), v[1].(string), v[2].(string)}}
	})
	g.add("core", "<tcore>", nil)
	g.add("core", "<tcore> card", nil)
	g.add("core", "<tcore> spell", func(v []any) any { return merge(filt(v[0]), &ability.Filter{Zone: ability.ZoneStack}) })
	g.add("core", "<tcore> token", func(v []any) any { return merge(filt(v[0]), &ability.Filter{Token: true}) })
	g.add("core", "permanent", func(v []any) any { return &ability.Filter{Types: []string{"permanent"}} })
	// A permanent card, not on the battlefield: a card of a permanent type
	// (CR 110.4b).
	g.add("core", "permanent card", func(v []any) any { return &ability.Filter{Types: slices.Clone(permanentCardTypes)} })
	g.add("core", "card", func(v []any) any { return &ability.Filter{Types: []string{"card"}} })
	g.add("core", "spell", func(v []any) any { return &ability.Filter{Types: []string{"spell"}, Zone: ability.ZoneStack} })
	g.add("core", "token", func(v []any) any { return &ability.Filter{Token: true} })

	// Plural cores.
	g.add("tcores", "<types>", func(v []any) any { return &ability.Filter{Types: []string{v[0].(string)}} })
	g.add("tcores", "<type> <types>", func(v []any) any {
		if v[0] == v[1] {
			return nil
		}
		return both(v[0].(string), v[1].(string))
	})
	g.add("tcores", "<types> and/or <types>", func(v []any) any { return &ability.Filter{Types: []string{v[0].(string), v[1].(string)}} })
	g.add("tcores", "<type> or <type>", func(v []any) any { return &ability.Filter{Types: []string{v[0].(string), v[1].(string)}} })
	g.add("tcores", "<subs>", func(v []any) any { return &ability.Filter{Subtypes: []string{v[0].(string)}} })
	g.add("cores", "<tcores>", nil)
	g.add("cores", "<tcore> cards", nil)
	g.add("cores", "<tcore> spells", func(v []any) any { return merge(filt(v[0]), &ability.Filter{Zone: ability.ZoneStack}) })
	g.add("cores", "<tcore> tokens", func(v []any) any { return merge(filt(v[0]), &ability.Filter{Token: true}) })
	g.add("cores", "permanents", func(v []any) any { return &ability.Filter{Types: []string{"permanent"}} })
	g.add("cores", "cards", func(v []any) any { return &ability.Filter{Types: []string{"card"}} })
	g.add("cores", "spells", func(v []any) any { return &ability.Filter{Types: []string{"spell"}, Zone: ability.ZoneStack} })
	g.add("cores", "tokens", func(v []any) any { return &ability.Filter{Token: true} })

	// Qualifiers after a noun.
	g.add("post1", "you control", func(v []any) any { return &ability.Filter{Controller: "you"} })
	g.add("post1", "you don't control", func(v []any) any { return &ability.Filter{Not: []ability.Filter{{Controller: "you"}}} })
	g.add("post1", "(an opponent controls | your opponents control)", func(v []any) any { return &ability.Filter{Controller: "opponent"} })
	g.add("post1", "you own", func(v []any) any { return &ability.Filter{Owner: "you"} })
	g.add("post1", "with mana cost <mana>", func(v []any) any { return &ability.Filter{ManaCosts: []string{v[0].(string)}} })
	g.add("post1", "with mana cost <mana> or <mana>", func(v []any) any {
		return &ability.Filter{ManaCosts: []string{v[0].(string), v[1].(string)}}
	})
	g.add("post1", "with mana value <cmp>", func(v []any) any { return &ability.Filter{ManaValue: v[0].(*ability.Compare)} })
	g.add("post1", "with power <cmp>", func(v []any) any { return &ability.Filter{Power: v[0].(*ability.Compare)} })
	g.add("post1", "with toughness <cmp>", func(v []any) any { return &ability.Filter{Toughness: v[0].(*ability.Compare)} })
	g.add("post1", "with <kwname>", func(v []any) any { return &ability.Filter{Keywords: []string{v[0].(string)}} })
	g.add("post1", "without <kwname>", func(v []any) any { return &ability.Filter{NotKeywords: []string{v[0].(string)}} })
	g.add("post1", "(in | from) your graveyard", func(v []any) any { return &ability.Filter{Zone: ability.ZoneGraveyard, Owner: "you"} })
	g.add("post1", "(in | from) your hand", func(v []any) any { return &ability.Filter{Zone: ability.ZoneHand, Owner: "you"} })
	g.add("post1", "(in | from) (a graveyard | graveyards)", func(v []any) any { return &ability.Filter{Zone: ability.ZoneGraveyard} })
	g.add("post1", "(in | from) an opponent 's graveyard", func(v []any) any {
		return &ability.Filter{Zone: ability.ZoneGraveyard, Owner: "opponent"}
	})
	g.add("post1", "on the battlefield", func(v []any) any { return &ability.Filter{Zone: ability.ZoneBattlefield} })
	g.add("post1", "with the chosen name", func(v []any) any { return &ability.Filter{ChosenName: true} })
	g.add("post1", "of the chosen type", func(v []any) any { return &ability.Filter{ChosenType: true} })
	g.add("post", "<post1>", nil)
	g.add("post", "<post1> <post>", func(v []any) any { return merge(filt(v[0]), filt(v[1])) })

	g.add("cmp", "<n> or (less | fewer)", func(v []any) any { return &ability.Compare{Op: "<=", Amount: ability.Amount{N: v[0].(int)}} })
	g.add("cmp", "<n> or (greater | more)", func(v []any) any { return &ability.Compare{Op: ">=", Amount: ability.Amount{N: v[0].(int)}} })
	g.add("cmp", "x or less", func(v []any) any { return &ability.Compare{Op: "<=", Amount: ability.Amount{Var: "x"}} })
	// "with mana value equal to the number of charge counters on ~"
	// (Chalice of the Void, Engineered Explosives).
	g.add("cmp", "equal to the number of <counterword> counters on ~", func(v []any) any {
		return &ability.Compare{Op: "==", Amount: ability.Amount{Var: "counters", Counter: v[0].(string), Of: &ability.Selector{Ref: ability.Self}}}
	})
	g.add("cmp", "<n>", func(v []any) any { return &ability.Compare{Op: "==", Amount: ability.Amount{N: v[0].(int)}} })

	// Descriptors: singular and plural.
	g.add("desc", "[<adjs>] <core> [<post>]", func(v []any) any { return merge(merge(filt(v[0]), filt(v[1])), filt(v[2])) })
	g.add("descs", "[<adjs>] <cores> [<post>]", func(v []any) any { return merge(merge(filt(v[0]), filt(v[1])), filt(v[2])) })

	// Objects.
	self := func(v []any) any { return &ability.Selector{Ref: ability.Self} }
	g.add("obj1", "~", self)
	g.add("obj1", "<@> target <desc>", func(v []any) any {
		return targetSel(v[0].(at), ability.Target{Min: 1, Max: 1, Filter: filt(v[1])})
	})
	g.add("obj1", "<@> another target <desc>", func(v []any) any {
		return targetSel(v[0].(at), ability.Target{Min: 1, Max: 1, Filter: merge(filt(v[1]), &ability.Filter{Other: true})})
	})
	g.add("obj1", "<@> up to one target <desc>", func(v []any) any {
		return targetSel(v[0].(at), ability.Target{Min: 0, Max: 1, Filter: filt(v[1])})
	})
	g.add("obj1", "<@> up to one other target <desc>", func(v []any) any {
		return targetSel(v[0].(at), ability.Target{Min: 0, Max: 1, Filter: merge(filt(v[1]), &ability.Filter{Other: true})})
	})
	g.add("obj1", "<@> (it | that creature | that card | that permanent | that spell | that land | that artifact | that permanent or player | that creature or player)", func(v []any) any {
		return pronoun(v[0].(at), "it")
	})
	g.add("obj1", "(enchanted | equipped) <core>", func(v []any) any { return &ability.Selector{Ref: ability.Attached, Filter: filt(v[0])} })

	g.add("objs", "<@> up to <n> target <descs>", func(v []any) any {
		if v[1].(int) < 2 {
			return nil
		}
		return targetSel(v[0].(at), ability.Target{Min: 0, Max: v[1].(int), Filter: filt(v[2])})
	})
	g.add("objs", "<@> <n> target <descs>", func(v []any) any {
		if v[1].(int) < 2 {
			return nil
		}
		return targetSel(v[0].(at), ability.Target{Min: v[1].(int), Max: v[1].(int), Filter: filt(v[2])})
	})
	g.add("objs", "<@> any number of target <descs>", func(v []any) any {
		return targetSel(v[0].(at), ability.Target{Min: 0, Max: -1, Filter: filt(v[1])})
	})
	g.add("objs", "<@> (them | those cards | those creatures | those permanents)", func(v []any) any { return pronoun(v[0].(at), "them") })
	g.add("each", "each <desc>", func(v []any) any { return &ability.Selector{Ref: ability.All, Filter: filt(v[0])} })
	// "each artifact, creature, and enchantment with mana value 3 or less"
	g.add("each", "each <type> , <type> , and <type> [<post>]", func(v []any) any {
		f := merge(&ability.Filter{Types: []string{v[0].(string), v[1].(string), v[2].(string)}}, filt(v[3]))
		if f == nil {
			return nil
		}
		return &ability.Selector{Ref: ability.All, Filter: f}
	})
	g.add("each", "each other <desc>", func(v []any) any {
		return &ability.Selector{Ref: ability.All, Filter: merge(filt(v[0]), &ability.Filter{Other: true})}
	})
	g.add("all", "all <descs>", func(v []any) any { return &ability.Selector{Ref: ability.All, Filter: filt(v[0])} })
	g.add("all", "all other <descs>", func(v []any) any {
		return &ability.Selector{Ref: ability.All, Filter: merge(filt(v[0]), &ability.Filter{Other: true})}
	})
	g.add("bare", "<descs>", func(v []any) any { return &ability.Selector{Ref: ability.All, Filter: filt(v[0])} })
	g.add("bare", "other <descs>", func(v []any) any {
		return &ability.Selector{Ref: ability.All, Filter: merge(filt(v[0]), &ability.Filter{Other: true})}
	})
	g.add("objs", "<each>", nil)
	g.add("objs", "<all>", nil)
	g.add("obj", "<obj1>", nil)
	g.add("obj", "<objs>", nil)

	// Chosen as the effect resolves: "a creature", "two cards", "another
	// creature".
	g.add("some", "(a | an) <desc>", func(v []any) any { return chooseSel(filt(v[0]), 1) })
	g.add("some", "another <desc>", func(v []any) any { return chooseSel(merge(filt(v[0]), &ability.Filter{Other: true}), 1) })
	g.add("some", "<n> <descs>", func(v []any) any {
		if v[0].(int) < 2 {
			return nil
		}
		return chooseSel(filt(v[1]), v[0].(int))
	})
	g.add("some", "<n> other <descs>", func(v []any) any {
		if v[0].(int) < 2 {
			return nil
		}
		return chooseSel(merge(filt(v[1]), &ability.Filter{Other: true}), v[0].(int))
	})

	// Players.
	g.add("who", "you", func(v []any) any { return &ability.PlayerRef{Who: ability.You} })
	g.add("who", "<@> up to one target player", func(v []any) any {
		return targetPlayer(v[0].(at), ability.Target{Min: 0, Max: 1, Players: "any"})
	})
	g.add("who", "<@> target player", func(v []any) any {
		return targetPlayer(v[0].(at), ability.Target{Min: 1, Max: 1, Players: "any"})
	})
	g.add("who", "<@> target opponent", func(v []any) any {
		return targetPlayer(v[0].(at), ability.Target{Min: 1, Max: 1, Players: "opponent"})
	})
	g.add("who", "each opponent", func(v []any) any { return &ability.PlayerRef{Who: ability.Opponents} })
	g.add("who", "each player", func(v []any) any { return &ability.PlayerRef{Who: ability.Each} })
	g.add("who", "an opponent", func(v []any) any { return &ability.PlayerRef{Who: ability.AnOpponent} })
	g.add("who", "defending player", func(v []any) any { return &ability.PlayerRef{Who: ability.Defending} })
	g.add("who", "<@> that player", func(v []any) any { return pronounPlayer(v[0].(at), "that player") })
	g.add("who", "<@> its controller", func(v []any) any {
		return &ability.PlayerRef{Who: ability.Controller, Of: pronoun(v[0].(at), "it")}
	})
	g.add("who", "<@> its owner", func(v []any) any {
		return &ability.PlayerRef{Who: ability.Owner, Of: pronoun(v[0].(at), "it")}
	})
	g.add("who", "~ 's controller", func(v []any) any {
		return &ability.PlayerRef{Who: ability.Controller, Of: &ability.Selector{Ref: ability.Self}}
	})

	// Damage recipients: objects or players.
	g.add("dto", "<@> any target", func(v []any) any { return targetSel(v[0].(at), anyTarget()) })
	g.add("dto", "<@> any other target", func(v []any) any {
		t := anyTarget()
		t.Filter.Other = true
		return targetSel(v[0].(at), t)
	})
	g.add("dto", "<@> target player or planeswalker", func(v []any) any {
		return targetSel(v[0].(at), ability.Target{Min: 1, Max: 1, Players: "any", Filter: &ability.Filter{Types: []string{"planeswalker"}}})
	})
	g.add("dto", "<@> target opponent or planeswalker", func(v []any) any {
		return targetSel(v[0].(at), ability.Target{Min: 1, Max: 1, Players: "opponent", Filter: &ability.Filter{Types: []string{"planeswalker"}}})
	})
	g.add("dto", "<@> target (creature or player | player or creature)", func(v []any) any {
		return targetSel(v[0].(at), ability.Target{Min: 1, Max: 1, Players: "any", Filter: &ability.Filter{Types: []string{"creature"}}})
	})
	g.add("dto", "<obj>", nil)
	g.add("dto", "<who>", func(v []any) any { return playerSel(v[0].(*ability.PlayerRef)) })
}

func chooseSel(f *ability.Filter, n int) *ability.Selector {
	return &ability.Selector{Ref: ability.ChooseRef, Filter: f, Choose: &ability.Pick{Min: n, Max: n}}
}

// playerSel makes a player a Selector (a damage recipient); a target
// player stays a target slot.
func playerSel(r *ability.PlayerRef) *ability.Selector {
	if r.Who == ability.TargetPlayer {
		return &ability.Selector{Ref: ability.TargetRef, Name: r.Name}
	}
	return &ability.Selector{Ref: ability.PlayerSel, Player: r}
}
