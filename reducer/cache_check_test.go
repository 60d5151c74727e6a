package reducer_test

import (
	"os"
	"testing"

	"github.com/chronicle-mtg/chronicle/coverage"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/sim"
)

// TestCachesAgreeWithRescans plays generated matches, of the pool's random
// decks and of real decks, with every cache keyed on the state's changes
// checked: each time the state-based actions or the legend rule are
// skipped as unchanged since they found nothing (CR 704.3: they are
// checked whenever a player would receive priority), or the static
// sources are reused, the answer is worked out again from a clone; a
// difference panics, and the match fails with its seed.
func TestCachesAgreeWithRescans(t *testing.T) {
	f, err := os.Open("../fixtures/decklists/decks.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	decks, err := coverage.ReadDecks(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	reducer.SetCheckCaches(true)
	defer reducer.SetCheckCaches(false)
	generated, real := 16, 6
	if testing.Short() {
		generated, real = 6, 2
	}
	inputs := 0
	count := func(m *sim.Match) error { inputs += len(m.Inputs); return nil }
	if err := sim.Generate(1, generated, sim.Options{Event: "caches"}, count); err != nil {
		t.Fatal(err)
	}
	if err := sim.Generate(1, real, sim.Options{Decks: decks}, count); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d matches, %d inputs, every cache use checked", generated+real, inputs)
}
