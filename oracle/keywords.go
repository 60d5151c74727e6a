package oracle

import (
	"sort"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Keyword abilities (CR 702), by the shape of their parameters.

// plainKeywords take no parameter.
var plainKeywords = []string{"Flying", "First strike", "Double strike", "Deathtouch", "Defender", "Haste", "Hexproof",
	"Indestructible", "Lifelink", "Menace", "Reach", "Trample", "Vigilance", "Flash", "Prowess", "Changeling", "Convoke",
	"Delve", "Devoid", "Fear", "Intimidate", "Shroud", "Skulk", "Wither", "Infect", "Undying", "Persist", "Cascade",
	"Storm", "Exalted", "Flanking", "Horsemanship", "Shadow", "Split second", "Rebound", "Sunburst", "Improvise",
	"Evolve", "Fuse", "Aftermath", "Mentor", "Training", "Riot", "Melee", "Dethrone", "Extort", "Exploit", "Battle cry",
	"Ascend", "Myriad", "Undaunted", "Unleash", "Living weapon", "Phasing", "Banding", "Provoke", "Soulbond", "Enlist",
	"Decayed", "Ravenous", "Read ahead", "Compleated", "Gravestorm", "Conspire", "Cipher", "Haunt", "Demonstrate",
	"Assist", "Jump-start", "Retrace", "Epic", "Bargain", "Spree", "Umbra armor", "Partner", "Friends forever",
	"Living metal", "Forestwalk", "Islandwalk", "Mountainwalk", "Plainswalk", "Swampwalk", "Desertwalk",
	"Nonbasic landwalk", "Legendary landwalk", "Double team", "Miracle"}

// costKeywords take a cost: "Kicker {2}{R}", "Ward—Pay 3 life."
var costKeywords = []string{"Kicker", "Multikicker", "Flashback", "Cycling", "Equip", "Buyback", "Madness", "Morph",
	"Megamorph", "Evoke", "Dash", "Unearth", "Echo", "Ninjutsu", "Commander ninjutsu", "Embalm", "Eternalize",
	"Foretell", "Plot", "Warp", "Disturb", "Overload", "Replicate", "Entwine", "Emerge", "Spectacle", "Surge", "Prowl",
	"Bestow", "Blitz", "Reconfigure", "Mutate", "Transmute", "Scavenge", "Outlast", "Level up", "Fortify", "Aura swap",
	"Encore", "Disguise", "Escalate", "Squad", "Offspring", "Freerunning", "Mayhem", "Harmonize", "Recover", "Ward",
	"Cumulative upkeep", "Miracle", "Web-slinging", "Cleave", "Sneak", "Escape", "Basic landcycling", "Artifact landcycling",
	"Forestcycling", "Islandcycling", "Mountaincycling", "Plainscycling", "Swampcycling", "Wizardcycling", "Slivercycling",
	"Halflingcycling", "Landcycling"}

// numberKeywords take a number: "Crew 3", "Toxic 1".
var numberKeywords = []string{"Crew", "Toxic", "Afflict", "Annihilator", "Bushido", "Modular", "Fabricate", "Renown",
	"Rampage", "Bloodthirst", "Dredge", "Ripple", "Soulshift", "Vanishing", "Fading", "Backup", "Saddle", "Mobilize",
	"Casualty", "Afterlife", "Amplify", "Devour", "Graft", "Tribute", "Hideaway", "Absorb", "Frenzy", "Firebending",
	"Station", "Exhaust"}

// kwMatcher matches keyword names (one or more words) case-insensitively,
// longest first.
func kwMatcher(names []string) func(p *parser, i int) []res {
	type kw struct {
		words []string
		name  string
	}
	var kws []kw
	for _, n := range names {
		kws = append(kws, kw{strings.Fields(strings.ToLower(n)), n})
	}
	sort.SliceStable(kws, func(a, b int) bool { return len(kws[a].words) > len(kws[b].words) })
	return func(p *parser, i int) []res {
		var out []res
		for _, k := range kws {
			if i+len(k.words) > len(p.toks) {
				continue
			}
			ok := true
			for j, w := range k.words {
				if p.toks[i+j].s != w || p.toks[i+j].kind != tWord {
					ok = false
					break
				}
			}
			if ok {
				out = append(out, res{k.name, i + len(k.words)})
			}
		}
		return out
	}
}

func kwAbility(k ability.KeywordAbility) any {
	return &ability.Ability{Kind: ability.Keyword, Keyword: &k}
}

func addKeywords(g *grammar) {
	g.builtin("kwplain", kwMatcher(plainKeywords))
	g.builtin("kwcost", kwMatcher(costKeywords))
	g.builtin("kwnum", kwMatcher(numberKeywords))
	// <kwname>: a keyword a filter can ask for ("with flying").
	g.builtin("kwname", kwMatcher(plainKeywords))

	g.add("kw", "<kwplain>", func(v []any) any { return kwAbility(ability.KeywordAbility{Name: v[0].(string)}) })
	g.add("kw", "<kwcost> <mana>", func(v []any) any {
		return kwAbility(ability.KeywordAbility{Name: v[0].(string), Cost: &ability.Cost{Mana: v[1].(string)}})
	})
	g.add("kw", "<kwcost> — <cost>", func(v []any) any {
		return kwAbility(ability.KeywordAbility{Name: v[0].(string), Cost: v[1].(*ability.Cost)})
	})
	// "Prototype {3}{G} — 3/3" (CR 702.160a): the prototype's mana cost and
	// power/toughness (Text); the engine takes them from the card's data.
	g.add("kw", "prototype <mana> — <pt>", func(v []any) any {
		pt := v[1].(string)
		if strings.ContainsAny(pt, "+-") {
			return nil
		}
		return kwAbility(ability.KeywordAbility{Name: "Prototype", Cost: &ability.Cost{Mana: v[0].(string)}, Text: pt})
	})
	g.add("kw", "<kwnum> <n>", func(v []any) any { return kwAbility(ability.KeywordAbility{Name: v[0].(string), N: v[1].(int)}) })
	g.add("kw", "protection from <protq>", func(v []any) any {
		k := v[0].(ability.KeywordAbility)
		k.Name = "Protection"
		return kwAbility(k)
	})
	g.add("kw", "hexproof from <protq>", func(v []any) any {
		k := v[0].(ability.KeywordAbility)
		k.Name = "Hexproof"
		return kwAbility(k)
	})
	g.add("protq", "<color>", func(v []any) any {
		return ability.KeywordAbility{Filter: &ability.Filter{Colors: []string{v[0].(string)}}}
	})
	// "protection from black and from red" is protection from each (CR
	// 702.16g): one filter of either colour.
	g.add("protq", "<color> and from <color>", func(v []any) any {
		if v[0] == v[1] {
			return nil
		}
		return ability.KeywordAbility{Filter: &ability.Filter{Colors: []string{v[0].(string), v[1].(string)}}}
	})
	g.add("protq", "everything", func(v []any) any { return ability.KeywordAbility{Text: "everything"} })
	g.add("protq", "multicolored", func(v []any) any { return ability.KeywordAbility{Filter: &ability.Filter{Multicolored: true}} })
	g.add("protq", "monocolored", func(v []any) any { return ability.KeywordAbility{Filter: &ability.Filter{Monocolored: true}} })
	g.add("protq", "<cores>", func(v []any) any { return ability.KeywordAbility{Filter: filt(v[0])} })
	g.add("kw", "enchant <desc>", func(v []any) any { return kwAbility(ability.KeywordAbility{Name: "Enchant", Filter: filt(v[0])}) })
	g.add("kw", "affinity for <cores>", func(v []any) any {
		return kwAbility(ability.KeywordAbility{Name: "Affinity", Filter: filt(v[0])})
	})
	// A keyword line: keywords separated by commas ("Flying, first strike").
	g.add("kwline", "<kw>", func(v []any) any { return []*ability.Ability{v[0].(*ability.Ability)} })
	g.add("kwline", "<kw> , <kwline>", func(v []any) any {
		return append([]*ability.Ability{v[0].(*ability.Ability)}, v[1].([]*ability.Ability)...)
	})
}
