package oracle

import (
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// One ability for its source's own event and another event ("When ~
// enters and whenever an opponent draws a card except the first one they
// draw in each of their draw steps", CR 603.2); the draws that trigger it;
// amass (CR 701.47a).

func addDrawTriggers(g *grammar) {
	g.add("trig", "when ~ <selfev> and <trig>", func(v []any) any {
		a, b := *v[0].(*ability.Trigger), v[1].(*ability.Trigger)
		if len(a.Or) > 0 || len(b.Or) > 0 || b.Self || b.Limit != nil {
			return nil
		}
		a.Or = []ability.Trigger{*b}
		return &a
	})
	g.add("trig", "whenever an opponent draws a card except the first one they draw in each of their draw steps", func(v []any) any {
		return &ability.Trigger{Event: ability.Draws, Player: "opponent", NotFirstDrawStepDraw: true}
	})
	// "Amass Orcs 1": the creature type and the number of counters.
	g.add("eff", "amass <subs> <n>", func(v []any) any {
		return one(ability.Effect{Verb: ability.Amass, Text: v[0].(string), Amount: ability.Fixed(v[1].(int))})
	})
}

// printDrawTrigger prints the triggers of addDrawTriggers, or "".
func printDrawTrigger(t *ability.Trigger) string {
	if t.Event == ability.Draws && t.NotFirstDrawStepDraw {
		if t.Player != "opponent" || t.Self || t.Subject != nil || t.Nth != 0 || t.Limit != nil || len(t.Or) > 0 {
			return unprintable
		}
		return w("whenever an opponent draws a card except the first one they draw in each of their draw steps")
	}
	if len(t.Or) != 1 || !t.Self || t.Or[0].Self || t.Subject != nil || t.Limit != nil || t.Player != "" {
		return ""
	}
	ev := map[ability.Event]string{ability.Enters: "enters", ability.Dies: "dies", ability.Attacks: "attacks", ability.Blocks: "blocks"}[t.Event]
	if ev == "" {
		return unprintable
	}
	return w("when ~ "+ev+" and") + printTrigger(&t.Or[0])
}

// printAmass prints "amass Orcs 1", or "".
func printAmass(e *ability.Effect) string {
	if e.Verb != ability.Amass {
		return ""
	}
	n, ok := e.Amount.IsFixed()
	if !ok || e.Text == "" || e.Player != nil {
		return unprintable
	}
	return w("amass " + strings.ToLower(subtypePlural(e.Text)) + " " + strconv.Itoa(n))
}
