package oracle

import "github.com/chronicle-mtg/chronicle/ability"

// "equal to twice the number of creatures you control" (an amount with
// Times 2), and "any number of target players' graveyards" (Thraben
// Charm). Also "Spells with the chosen name can't be cast." (Meddling
// Mage): no player may cast a spell with the name chosen as the source
// entered (CR 201.3).

func addTwice(g *grammar) {
	g.add("statamt", "equal to twice the number of <descs>", func(v []any) any {
		return &ability.Amount{Var: "count", Count: filt(v[0]), Times: 2}
	})
	g.add("objs", "<@> any number of target players ' graveyards", func(v []any) any {
		p := targetPlayer(v[0].(at), ability.Target{Min: 0, Max: -1, Players: "any"})
		return &ability.Selector{Ref: ability.All, Filter: &ability.Filter{Types: []string{"card"}, Zone: ability.ZoneGraveyard}, Player: p}
	})
	g.add("static", "spells with the chosen name can't be cast", func(v []any) any {
		return &ability.StaticEffect{Rule: ability.CantCast, Player: "each", Filter: &ability.Filter{ChosenName: true}}
	})
}

// printTwice prints a count amount taken twice, or "".
func printTwice(a *ability.Amount) string {
	if a.Var != "count" || a.Count == nil || a.Times != 2 || a.N != 0 || a.Of != nil || a.Player != nil || a.Half != "" {
		return ""
	}
	return w("equal to twice the number of") + printDescs(a.Count, "")
}
