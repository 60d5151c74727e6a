package oracle

import "github.com/chronicle-mtg/chronicle/ability"

// A delayed trigger at the next end step (CR 603.7, 513.1): "At the
// beginning of the next end step, untap up to two lands." It triggers at
// the beginning of the first end step after it is set up, whoever's turn
// it is.

func addNextEndStep(g *grammar) {
	g.add("body", "at the beginning of the next end step , <body>", func(v []any) any {
		d := &ability.Ability{Kind: ability.Triggered, Trigger: &ability.Trigger{Event: ability.StepBegins, Step: ability.StepEnd},
			Effects: effs(v[0])}
		return one(ability.Effect{Verb: ability.DelayedTrigger, Delayed: d})
	})
}
