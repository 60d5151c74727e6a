package oracle

import "github.com/chronicle-mtg/chronicle/ability"

// "Choose target creature or planeswalker. ... deals that much damage to
// that permanent." (Galvanic Discharge): a sentence that only chooses the
// target (CR 115.1a), for the sentences after it to name. It is a select
// of the target, which binds nothing new: the later pronoun refers to the
// target itself.

func addChooseTarget(g *grammar) {
	g.add("eff", "choose <@> target <desc>", func(v []any) any {
		return one(ability.Effect{Verb: ability.Select, Object: targetSel(v[0].(at), ability.Target{Min: 1, Max: 1, Filter: filt(v[1])})})
	})
}

// printChooseTarget prints the effect of addChooseTarget, or reports
// false.
func printChooseTarget(a *pctx, e *ability.Effect) (string, bool) {
	if e.Verb != ability.Select || e.Object == nil || e.Object.Ref != ability.TargetRef {
		return "", false
	}
	if e.Player != nil || e.Bind != "" || e.Object.Choose != nil {
		return unprintable, true
	}
	return w("choose") + printSel(a, e.Object), true
}
