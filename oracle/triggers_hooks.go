package oracle

import "github.com/chronicle-mtg/chronicle/ability"

// The trigger families of triggers_turn.go, triggers_draws.go and
// triggers_target.go (and their effects, amount_noncreature.go's too), gathered so that the grammar
// and the printer each call them from one place.

func addTrigRules(g *grammar) {
	addTurnTriggers(g)
	addDrawTriggers(g)
	addTargetTriggers(g)
	addNoncreatureAmount(g)
}

// printTrigTrigger prints the triggers of these families, or "".
func printTrigTrigger(t *ability.Trigger) string {
	for _, f := range []func(*ability.Trigger) string{printTurnTrigger, printDrawTrigger, printTargetTrigger} {
		if s := f(t); s != "" {
			return s
		}
	}
	return ""
}

// printTrigEffect prints the effects of these families, or "".
func printTrigEffect(a *pctx, e *ability.Effect) string {
	if s := printBecomeArtifactCreature(a, e); s != "" {
		return s
	}
	if s := printNoncreatureDamage(a, e); s != "" {
		return s
	}
	return printAmass(e)
}
