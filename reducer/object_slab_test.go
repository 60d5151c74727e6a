package reducer

import "testing"

// A game's first objects onto the battlefield, into a graveyard or into a
// library after its start are carved from slabs the next game clears and takes again, so a fold
// through game after game does not allocate them anew; past those, each
// is an allocation of its own.
func TestFieldSlabsAreTakenAgain(t *testing.T) {
	s := New(nil).S
	first := s.zeroObject(ZoneBattlefield)
	first.Tapped = true
	for range keptFields*briefSlab - 1 {
		s.zeroObject(ZoneGraveyard)
	}
	if n := testing.AllocsPerRun(1, func() { s.zeroObject(ZoneBattlefield) }); n != 1 {
		t.Errorf("an object past the kept slabs took %v allocations, want 1", n)
	}
	s.newGame(2)
	again := s.zeroObject(ZoneLibrary) // past the new game's library slab: a mulligan's
	if again != first {
		t.Fatal("the next game's first object is not in the last game's first slab")
	}
	if again.Tapped {
		t.Error("the slab taken again was not cleared")
	}
}
