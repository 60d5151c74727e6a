package cards

// Mana abilities beyond "{T}: Add {G}" (RULINGS MANA-1 to MANA-7): mana of
// a type some rule defines ("any color that a land an opponent controls
// could produce", CR 106.7), mana by counters, triggered mana abilities
// that add mana when a permanent is tapped for mana (CR 605.1b), and
// replacement effects on that mana (CR 106.12b, 614.1). The card code here
// is data; the reducer (mana.go) interprets it.

// Ways a mana ability's type is defined (ManaAbility.Among).
const (
	// AmongOpponentLands: one mana of any color that a land an opponent
	// controls could produce (Fellwar Stone, Exotic Orchard).
	AmongOpponentLands = "opponent_lands"
	// AmongYourLands: one mana of any type (colorless too) that a land you
	// control could produce (Reflecting Pool).
	AmongYourLands = "your_lands"
	// AmongCommander: one mana of any color in your commander's color
	// identity (Arcane Signet). Chronicle's formats have no commander, so
	// the type is undefined and the ability adds nothing (MANA-1).
	AmongCommander = "commander"
	// AmongLegendary: one mana of any color among legendary creatures and
	// planeswalkers you control (Mox Amber).
	AmongLegendary = "legendary"
	// AmongExiled: one mana of any of the colors of the card the source
	// exiled with its linked ability (Chrome Mox, CR 607.2a).
	AmongExiled = "exiled"
)

// ManaTrigger is a triggered mana ability (CR 605.1b): whenever a
// permanent is tapped for mana (MANA-3, MANA-4), the player who tapped it
// adds mana. It resolves at once, inside the mana ability that triggered
// it, without the stack (CR 605.3b).
type ManaTrigger struct {
	// Tapper: whose tapping counts: "any" player, or "you" (the
	// controller of the trigger's source).
	Tapper string
	// What is tapped: "Land", "Creature", or "enchanted" (the permanent the
	// source is attached to), then a "Land" or of the subtype Of.
	What string
	Of   string
	// Adds: "produced" (one mana of any type that permanent produced),
	// "chosen" (one mana of the colour chosen as the source entered), or a
	// mana letter ("G").
	Adds string
}

// ManaReplacement is a replacement effect on the mana a permanent produces
// when it is tapped for mana (MANA-5): "If you tap a permanent for mana,
// it produces twice as much of that mana instead" (Factor 2).
type ManaReplacement struct {
	Factor int
}

// manaCode: mana abilities written as code, replacing the derived ones.
var manaCode = map[string][]ManaAbility{
	// "{T}: Add {G} for each +1/+1 counter on this creature."
	"Gyre Sage": {{Index: 0, Tap: true, Add: []Color{Green}, PerCounter: "+1/+1"}},
}

var manaTriggers = map[string][]ManaTrigger{
	// "Whenever a player taps a land for mana, that player adds one mana of
	// any type that land produced."
	"Heartbeat of Spring": {{Tapper: "any", What: "Land", Adds: "produced"}},
	// "Whenever you tap a land for mana, add one mana of any type that land
	// produced." (Its second ability uses the stack: see triggered.)
	"Vorinclex, Voice of Hunger": {{Tapper: "you", What: "Land", Adds: "produced"}},
	// "Whenever you tap a creature for mana, add an additional {G}."
	"Leyline of Abundance": {{Tapper: "you", What: "Creature", Adds: "G"}},
}

var manaReplacements = map[string]ManaReplacement{
	"Mana Reflection": {Factor: 2},
}

// ManaTriggersOf returns the card's triggered mana abilities.
func (c *Card) ManaTriggersOf() []ManaTrigger {
	if c.codeless() {
		return nil
	}
	return manaTriggers[c.code()]
}

// ManaReplacementOf returns the card's replacement effect on mana
// production, if it has one.
func (c *Card) ManaReplacementOf() (ManaReplacement, bool) {
	if c.codeless() {
		return ManaReplacement{}, false
	}
	r, ok := manaReplacements[c.code()]
	return r, ok
}

// manaModelled: cards whose every non-keyword line is mana code above or
// registered elsewhere in this file's init.
var manaModelled = map[string]bool{}

func init() {
	for n := range manaCode {
		manaModelled[n] = true
	}
	for n := range manaTriggers {
		manaModelled[n] = true
	}
	for n := range manaReplacements {
		manaModelled[n] = true
	}
	// "Whenever an opponent taps a land for mana, that land doesn't untap
	// during its controller's next untap step." A triggered ability that
	// adds no mana: it uses the stack.
	triggered["Vorinclex, Voice of Hunger"] = []Triggered{{Index: 1, When: TriggerTappedForMana,
		Condition: func(f Facts, e TriggerEvent) bool {
			return f.Is(e.Object, "Land") && e.Seat != f.ControllerOf(e.Source)
		},
		Resolve: func(w World) { w.SkipNextUntap(w.Event().Object) },
	}}
	// "{6}{G}{G}: Put a +1/+1 counter on each creature you control." The
	// opening-hand rule ("you may begin the game with it on the
	// battlefield", CR 103.6) is not modelled.
	activated["Leyline of Abundance"] = []Activated{{Index: 2,
		Cost: Cost{{Kind: SymGeneric, N: 6}, {Kind: SymColored, Color: Green}, {Kind: SymColored, Color: Green}},
		Resolve: func(w World, _ []Target) {
			for _, id := range w.Permanents(w.Controller()) {
				if w.Is(id, "Creature") {
					w.AddCounters(id, "+1/+1", 1)
				}
			}
		}}}
	qAbilities()
}

// ManaWorld is what mana cards' resolving abilities do.
type ManaWorld interface {
	// SkipNextUntap: the permanent doesn't untap during its controller's
	// next untap step.
	SkipNextUntap(obj uint32)
	// CountersOn lists a permanent's counters by kind.
	CountersOn(obj uint32) map[string]int
}
