package cards

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Override is a face's abilities written by hand in the ability language,
// for text the compiler has no rule for because it is one of a kind. Each
// is counted and reported (replay cards), and keeps its reason.
type Override struct {
	Reason    string
	Abilities []ability.Ability
}

// overrides are the hand-written faces, by face name.
var overrides = map[string]Override{
	"Rite of Replication": {
		Reason: "its \"instead\" sentence counts \"those tokens\" of the sentence before: five token copies when kicked, else one",
		Abilities: []ability.Ability{
			{Kind: ability.Keyword, Text: "Kicker {5}", Keyword: &ability.KeywordAbility{Name: "Kicker", Cost: &ability.Cost{Mana: "{5}"}}},
			{Kind: ability.Spell, Text: "Create a token that's a copy of target creature. If ~ was kicked, create five of those tokens instead.",
				Targets: []ability.Target{{Min: 1, Max: 1, Filter: &ability.Filter{Types: []string{"creature"}}}},
				Effects: []ability.Effect{{
					Verb: ability.CreateToken, Amount: ability.Fixed(5), If: &ability.Condition{Kind: ability.CondKicked},
					Token: &ability.Token{Copy: &ability.Selector{Ref: ability.TargetRef}},
					Else:  []ability.Effect{{Verb: ability.CreateToken, Token: &ability.Token{Copy: &ability.Selector{Ref: ability.TargetRef}}}},
				}}},
		},
	},
	"Mana Reflection": {
		Reason: "the only card that doubles all the mana its controller's permanents produce (CR 106.12)",
		Abilities: []ability.Ability{{Kind: ability.Replacement,
			Text:    "If you tap a permanent for mana, it produces twice as much of that mana instead.",
			Replace: &ability.ReplaceEffect{Event: ability.ReplMana, Player: "you", Times: 2}}},
	},
}

// Overrides returns the names of the faces whose abilities are written by
// hand, sorted.
func Overrides() []string {
	out := make([]string, 0, len(overrides))
	for n := range overrides {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}
