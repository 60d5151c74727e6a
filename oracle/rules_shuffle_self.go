package oracle

import "github.com/chronicle-mtg/chronicle/ability"

// A resolving spell shuffled into its owner's library as its last step
// (Green Sun's Zenith, CR 608.2n: it then isn't put into the graveyard):
// "Shuffle ~ into its owner's library." is one move whose Order says its
// owner shuffles it in (CR 701.20a).

func addShuffleSelf(g *grammar) {
	g.add("eff", "shuffle ~ into its owner 's library", func(v []any) any {
		return one(ability.Effect{Verb: ability.Move, Object: &ability.Selector{Ref: ability.Self}, Zone: ability.ZoneLibrary, Order: "shuffle"})
	})
}

// printShuffleSelf prints a move with Order "shuffle".
func printShuffleSelf(e *ability.Effect) (string, bool) {
	if e.Order != "shuffle" || e.Object.Ref != ability.Self || e.Position != "" {
		return "", false
	}
	return w("shuffle ~ into its owner's library"), true
}
