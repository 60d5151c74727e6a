package oracle

import "github.com/chronicle-mtg/chronicle/ability"

// "Whenever ~ becomes the target of a spell or ability you control for the
// first time each turn" (valiant, CR 603.2): the first such event of the
// turn (Nth 1), the spell's or ability's controller the source's.

func addTargetTriggers(g *grammar) {
	g.add("trig", "whenever ~ becomes the target of a spell or ability you control for the first time each turn", func(v []any) any {
		return &ability.Trigger{Event: ability.BecomesTarget, Self: true, Player: "you", Nth: 1}
	})
}

// printTargetTrigger prints the triggers of addTargetTriggers, or "".
func printTargetTrigger(t *ability.Trigger) string {
	if t.Event != ability.BecomesTarget || t.Nth == 0 {
		return ""
	}
	if t.Nth != 1 || !t.Self || t.Player != "you" || t.Limit != nil || len(t.Or) > 0 || t.From != "" {
		return unprintable
	}
	return w("whenever ~ becomes the target of a spell or ability you control for the first time each turn")
}
