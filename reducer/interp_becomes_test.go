package reducer

import (
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// A land that becomes a creature with all creature types (CR 205.3m) has
// every creature type and no other subtype; the latest effect that sets
// colours or base power and toughness wins (CR 613.7, timestamp order).
func TestBecomingLayers(t *testing.T) {
	s := &State{}
	land := &Object{ID: 1, state: s, Zone: ZoneBattlefield, Def: &cards.Card{Name: "Test Land", Types: []string{"Land"}}}
	s.Objects = []*Object{nil, land}
	s.Battlefield = []ObjID{1}
	s.Continuous = []Continuous{
		{Timestamp: 1, Objects: []ObjID{1}, Becomes: &Becoming{Types: []string{"Creature"}, AllCreatureTypes: true, SetPT: true, P: 2, T: 2,
			SetColors: true, Colors: []cards.Color{cards.Blue}}},
		{Timestamp: 2, Objects: []ObjID{1}, Becomes: &Becoming{SetPT: true, P: 5, T: 1, SetColors: true}},
	}
	switch {
	case !land.Is("Creature") || !land.Is("Land"):
		t.Errorf("a land that becomes a creature is both")
	case !land.HasSubtype("Elf") || !land.HasSubtype("Time Lord"):
		t.Errorf("all creature types: not an Elf")
	case land.HasSubtype("Forest"):
		t.Errorf("all creature types gave a land type")
	case land.Power() != 5 || land.Toughness() != 1:
		t.Errorf("base P/T %d/%d, want the later effect's 5/1", land.Power(), land.Toughness())
	case len(land.Colors()) != 0:
		t.Errorf("colours %v, want the later effect's colourless", land.Colors())
	}
}

// A changeling has every creature type, in every zone (CR 702.73a).
func TestChangelingHasEveryCreatureType(t *testing.T) {
	o := &Object{ID: 1, Zone: ZoneHand, Def: &cards.Card{Name: "Test Shapeshifter", Types: []string{"Creature"}, Keywords: []string{"Changeling"}}}
	if !o.HasSubtype("Goblin") || !o.HasSubtype("Elf") {
		t.Error("a changeling in hand is not a Goblin and an Elf")
	}
	if o.HasSubtype("Forest") {
		t.Error("a changeling has a land type")
	}
}
