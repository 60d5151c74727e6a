package cards

// Relic of Legends: "{T}: Add one mana of any color. Tap an untapped
// legendary creature you control: Add one mana of any color." The second
// cost taps another permanent, named by the activate input's tap; the
// mana's source is Relic of Legends, not the creature (MANA-8: it can't
// pay {L} unless Relic itself is legendary).

// TapLegendaryCreature: the cost "Tap an untapped legendary creature you
// control".
const TapLegendaryCreature = "legendary creature"

func init() {
	manaCode["Relic of Legends"] = []ManaAbility{
		{Index: 0, Tap: true, AnyColor: true},
		{Index: 1, AnyColor: true, TapOther: TapLegendaryCreature},
	}
	manaModelled["Relic of Legends"] = true
}
