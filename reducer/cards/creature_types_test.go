package cards

import "testing"

func TestIsCreatureType(t *testing.T) {
	for _, s := range []string{"Elf", "Assembly-Worker", "Shark", "Alien", "Human", "Time Lord"} {
		if !IsCreatureType(s) {
			t.Errorf("%s is a creature type (CR 205.3m)", s)
		}
	}
	for _, s := range []string{"Forest", "Equipment", "Aura", "Saga", "Shrine", "Treasure", "Urza's", "elf"} {
		if IsCreatureType(s) {
			t.Errorf("%s is not a creature type", s)
		}
	}
}
