package cards

// Auras (CR 303.4): an Aura spell targets what it will enchant, as its
// enchant ability says (CR 303.4a, 702.5a); it enters attached to that
// object (CR 303.4f does not apply: it resolved as a spell); an Aura
// attached to an illegal object or to nothing is put into its owner's
// graveyard as a state-based action (CR 704.5m). The reducer (aura.go)
// does all of this from the data here.

// Target kinds of Auras' enchant abilities, numbered from 200 so that they
// never meet the other lists.
const (
	// EnchantForest: "Enchant Forest": a Forest permanent anyone controls.
	EnchantForest TargetKind = 200 + iota
)

// Aura is an Aura's enchant ability and what it does as it enters.
type Aura struct {
	// Enchant is what it may target and be attached to (CR 702.5a).
	Enchant TargetKind
	// ChooseColor: "As this Aura enters, choose a color" (CR 614.12: the
	// choice is made before it enters, while it resolves).
	ChooseColor bool
}

var auras = map[string]*Aura{}

// AuraOf returns the card's enchant ability and entering choices, or nil
// for a card that isn't a modelled Aura.
func (c *Card) AuraOf() *Aura {
	if c.codeless() {
		return nil
	}
	return auras[c.code()]
}

func init() {
	extraTargetKindNames[EnchantForest] = "Forest (Enchant Forest)"
	// Utopia Sprawl: "Enchant Forest. As this Aura enters, choose a color.
	// Whenever enchanted Forest is tapped for mana, its controller adds an
	// additional one mana of the chosen color." The last is a triggered
	// mana ability (CR 605.1b): it resolves at once (mana.go).
	auras["Utopia Sprawl"] = &Aura{Enchant: EnchantForest, ChooseColor: true}
	spells["Utopia Sprawl"] = &Spell{Targets: []TargetKind{EnchantForest}}
	manaTriggers["Utopia Sprawl"] = []ManaTrigger{{Tapper: "any", What: "enchanted", Adds: "chosen"}}
	manaModelled["Utopia Sprawl"] = true
}
