package oracle

import "github.com/chronicle-mtg/chronicle/ability"

// A player gaining an ability for a while (CR 702.16j): "you gain
// protection from everything until your next turn".

func addPlayerGains(g *grammar) {
	gains := func(d ability.Duration) func(v []any) any {
		return func(v []any) any {
			return one(ability.Effect{Verb: ability.PlayerGains, Player: &ability.PlayerRef{Who: ability.You},
				Text: "protection from everything", Duration: d})
		}
	}
	g.add("eff", "you gain protection from everything until your next turn", gains(ability.YourNextTurn))
	g.add("eff", "you gain protection from everything until end of turn", gains(ability.EndOfTurn))
}

// printPlayerGains prints the effects of addPlayerGains, or reports
// false.
func printPlayerGains(e *ability.Effect) (string, bool) {
	if e.Verb != ability.PlayerGains {
		return "", false
	}
	until := map[ability.Duration]string{ability.YourNextTurn: "until your next turn", ability.EndOfTurn: "until end of turn"}[e.Duration]
	if e.Player == nil || e.Player.Who != ability.You || e.Text != "protection from everything" || until == "" {
		return unprintable, true
	}
	return w("you gain protection from everything") + w(until), true
}
