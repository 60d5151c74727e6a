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

// addPutEach: "Each player may put an artifact, creature, enchantment,
// or land card from their hand onto the battlefield."
func addPutEach(g *grammar) {
	g.add("eff", "each player may put (a | an) <desc> from their hand onto the battlefield", func(v []any) any {
		f := *filt(v[0])
		if f.Zone != "" || f.Controller != "" || f.Owner != "" {
			return nil
		}
		f.Zone = ability.ZoneHand
		return one(ability.Effect{Verb: ability.Move, Player: &ability.PlayerRef{Who: ability.Each}, Zone: ability.ZoneBattlefield,
			Object: &ability.Selector{Ref: ability.ChooseRef, Filter: &f, Choose: &ability.Pick{Min: 0, Max: 1}}})
	})
}

// printPutEach prints the effect of addPutEach, or reports false.
func printPutEach(e *ability.Effect) (string, bool) {
	o := e.Object
	if e.Verb != ability.Move || e.Player == nil || e.Player.Who != ability.Each || o == nil || o.Ref != ability.ChooseRef ||
		o.Filter == nil || o.Filter.Zone != ability.ZoneHand || o.Choose == nil || o.Choose.Min != 0 || o.Choose.Max != 1 ||
		e.Zone != ability.ZoneBattlefield || e.Control != nil || e.Tapped {
		return "", false
	}
	f := *o.Filter
	f.Zone = ""
	return w("each player may put") + alt(w("a"), w("an")) + printDesc(&f, "card") + w("from their hand onto the battlefield"), true
}
