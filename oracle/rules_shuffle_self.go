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
	// "Choose target artifact or enchantment. Its owner shuffles it into
	// their library." (Deglamer)
	g.add("eff", "its owner shuffles <obj> into their library", func(v []any) any {
		if s := sel(v[0]); s.Ref == ability.Self {
			return nil
		}
		return one(ability.Effect{Verb: ability.Move, Object: sel(v[0]), Zone: ability.ZoneLibrary, Order: "shuffle"})
	})
}

// printShuffleSelf prints a move with Order "shuffle".
func printShuffleSelf(a *pctx, e *ability.Effect) (string, bool) {
	if e.Order != "shuffle" || e.Position != "" {
		return "", false
	}
	if e.Object.Ref != ability.Self {
		return w("its owner shuffles") + printSel(a, e.Object) + w("into their library"), true
	}
	return w("shuffle ~ into its owner's library"), true
}
