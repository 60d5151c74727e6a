package oracle

import (
	"reflect"
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Searches by players other than the controller (CR 701.23): the
// controller of what was destroyed ("That land's controller may search
// their library ..."), each player in turn ("Each player searches their
// library ..."), and the controller's own optional search ("You may
// search your library ..."). Also the nouns these cards target: a list
// of types whose last has its own adjective ("artifact, enchantment, or
// nonbasic land") and "a land card with a basic land type".

// basicLandTypes are the five basic land types (CR 305.6).
var basicLandTypes = []string{"Plains", "Island", "Swamp", "Mountain", "Forest"}

func addSearchPlayers(g *grammar) {
	g.add("who", "<@> that (land | permanent) 's controller", func(v []any) any {
		return &ability.PlayerRef{Who: ability.Controller, Of: pronoun(v[0].(at), "it")}
	})
	g.add("eff", "<@> you may search your library for <searchfor> , <searchput> , then shuffle", func(v []any) any {
		es := searchEffects(v[0].(at), v[1].(searchFor), v[2].(searchPut))
		if es == nil {
			return nil
		}
		es[0].Optional = true
		es[1].If = &ability.Condition{Kind: ability.CondDid} // no search, no shuffle
		return es
	})
	g.add("eff", "<@> each player searches their library for <searchfor> , puts it onto the battlefield [<tapped>] , then shuffles [their library]", func(v []any) any {
		s := v[1].(searchFor)
		if s.n != 1 {
			return nil
		}
		each := &ability.PlayerRef{Who: ability.Each}
		return []ability.Effect{
			{Verb: ability.Search, Player: each, Filter: s.f, Zone: ability.ZoneBattlefield, Tapped: v[2] != nil, Bind: bindName(v[0].(at), "found")},
			{Verb: ability.Shuffle, Player: each},
		}
	})

	// "target artifact, enchantment, or nonbasic land": the last type's
	// adjective is its own.
	g.add("tcore", "<type> , <type> , or <adjs> <type>", func(v []any) any {
		if v[0] == v[1] {
			return nil
		}
		last := merge(filt(v[2]), &ability.Filter{Types: []string{v[3].(string)}})
		if !plainAdjs(last) {
			return nil
		}
		return &ability.Filter{AnyOf: []ability.Filter{{Types: []string{v[0].(string), v[1].(string)}}, *last}}
	})
	g.add("post1", "with a basic land type", func(v []any) any { return &ability.Filter{Subtypes: slices.Clone(basicLandTypes)} })
}

// plainAdjs: the filter is one type with supertype adjectives only
// ("nonbasic land", "legendary creature").
func plainAdjs(f *ability.Filter) bool {
	g := *f
	g.Supertypes, g.NotSupertypes = nil, nil
	return len(f.Types) == 1 && reflect.DeepEqual(g, ability.Filter{Types: f.Types})
}

// lastAdjList: f is "artifact, enchantment, or nonbasic land" as the
// tcore rule above makes it.
func lastAdjList(f *ability.Filter) bool {
	if len(f.AnyOf) != 2 || len(f.Types) != 0 || len(f.Subtypes) != 0 {
		return false
	}
	a, b := &f.AnyOf[0], &f.AnyOf[1]
	return len(a.Types) == 2 && reflect.DeepEqual(*a, ability.Filter{Types: a.Types}) && plainAdjs(b)
}
