package cards

import (
	"sort"
)

// {Q}, the untap symbol (CR 107.6; MANA-7): "untap this permanent" as a
// cost. The reducer refuses it on an untapped permanent and, for a
// creature, under the summoning-sickness rule (CR 302.6).

// Target kinds of the mana cards, numbered from 140 so that they never meet
// the other lists.
const (
	// TargetCreatureCardMV3InGraveyard: creature card with mana value 3 or
	// less in your graveyard.
	TargetCreatureCardMV3InGraveyard TargetKind = 140 + iota
)

func qAbilities() {
	extraTargetKindNames[TargetCreatureCardMV3InGraveyard] = "target creature card with mana value 3 or less from your graveyard"
	// "{2}{G/U}, {Q}: Double the number of each kind of counter on target
	// permanent."
	activated["Gilder Bairn"] = []Activated{{Index: 0, Untap: true,
		Cost:    Cost{{Kind: SymGeneric, N: 2}, {Kind: SymHybrid, Color: Green, Alt: Blue}},
		Targets: []TargetKind{TargetPermanent},
		Resolve: func(w World, ts []Target) {
			for _, t := range ts {
				cs := w.CountersOn(t.Obj)
				kinds := make([]string, 0, len(cs))
				for k := range cs {
					kinds = append(kinds, k)
				}
				sort.Strings(kinds)
				for _, k := range kinds {
					w.AddCounters(t.Obj, k, cs[k])
				}
			}
		}}}
}
