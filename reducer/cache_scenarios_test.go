package reducer

import (
	"testing"
)

// TestScenariosCacheChecked runs the scenarios where continuous
// effects give permanents a card type (a table's grant, a land or an
// artifact becoming a creature), and those where permanents are attached
// to others, with every cache use checked: the state-based actions then
// ask the whole battlefield, not the permanents printed with each type
// (State.printedOr), and look for Equipment attached to nothing only
// when a permanent is attached; the cached answer is compared with a
// rescan at each use.
func TestScenariosCacheChecked(t *testing.T) {
	checkCaches = true
	defer func() { checkCaches = false }()
	pool := scenarioPool(t)
	for _, name := range []string{"lang_becomes", "lang_crew", "lang_earthbend", "table_primitives", "copies", "auras", "lang_attach", "lang_energy", "lang_keyword_triggers", "lang_leaves"} {
		t.Run(name, func(t *testing.T) {
			runScenarioFile(t, "testdata/"+name+".txt", pool)
		})
	}
}
