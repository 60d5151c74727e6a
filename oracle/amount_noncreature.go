package oracle

import "github.com/chronicle-mtg/chronicle/ability"

// "~ deals damage to that player equal to the number of noncreature
// spells they've cast this turn": an amount of the player the damage goes
// to, counted by the engine as spells are cast.

func addNoncreatureAmount(g *grammar) {
	g.add("eff", "~ deals damage to <who> equal to the number of noncreature spells they've cast this turn", func(v []any) any {
		p := v[0].(*ability.PlayerRef)
		if p.Who != ability.BoundPlayer {
			return nil
		}
		q := *p
		return one(ability.Effect{Verb: ability.Damage, To: playerSel(p), Amount: &ability.Amount{Var: "noncreature_spells_cast", Player: &q}})
	})
}

// printNoncreatureDamage prints the damage of addNoncreatureAmount, or "".
func printNoncreatureDamage(a *pctx, e *ability.Effect) string {
	if e.Verb != ability.Damage || e.Amount == nil || e.Amount.Var != "noncreature_spells_cast" {
		return ""
	}
	if e.Source != nil || e.To == nil || e.To.Ref != ability.PlayerSel || e.Amount.Player == nil || e.Amount.N != 0 ||
		e.To.Player == nil || *e.To.Player != *e.Amount.Player {
		return unprintable
	}
	return w("~ deals damage to") + printSel(a, e.To) + w("equal to the number of noncreature spells they've cast this turn")
}
