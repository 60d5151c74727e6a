package reducer

import (
	"testing"
)

// TestTypingScenariosCheckCaches runs the scenarios where continuous
// effects give permanents a card type (a table's grant, a land or an
// artifact becoming a creature) with every cache use checked: the
// state-based actions then ask the whole battlefield, not the permanents
// printed with each type (State.printedOr), and the cached answer is
// compared with a rescan at each use.
func TestTypingScenariosCheckCaches(t *testing.T) {
	checkCaches = true
	defer func() { checkCaches = false }()
	pool := scenarioPool(t)
	for _, name := range []string{"lang_becomes", "lang_crew", "lang_earthbend", "table_primitives", "copies", "auras"} {
		t.Run(name, func(t *testing.T) {
			runScenarioFile(t, "testdata/"+name+".txt", pool)
		})
	}
}
