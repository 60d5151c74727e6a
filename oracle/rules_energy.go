package oracle

import (
	"reflect"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Energy (CR 107.14, 122.1): "you get {E}{E}" puts energy counters on a
// player; "pay {E}{E}" (a cost, or an effect: "you may pay {E}{E}{E}")
// removes them; "you may pay any amount of {E}" lets the payer choose how
// many, and "that much" or "the amount of {E} paid this way" reads it.

func energyPaidAmount() ability.Amount {
	return ability.Amount{Var: "chosen", Name: ability.EnergyPaid}
}

func isEnergyPaid(a *ability.Amount) bool {
	return a != nil && reflect.DeepEqual(*a, energyPaidAmount())
}

func getEnergy(n *ability.Amount) []ability.Effect {
	return one(ability.Effect{Verb: ability.PutCounters, Player: &ability.PlayerRef{Who: ability.You}, Counter: "energy", Amount: n})
}

func addEnergy(g *grammar) {
	g.add("eff", "[you] get <energy>", func(v []any) any { return getEnergy(ability.Fixed(v[0].(int))) })
	g.add("eff", "you get x {E}", func(v []any) any { return getEnergy(&ability.Amount{Var: "x"}) })
	g.add("eff", "pay <energy>", func(v []any) any {
		return one(ability.Effect{Verb: ability.Pay, Cost: &ability.Cost{Energy: v[0].(int)}})
	})
	g.add("eff", "pay any amount of {E}", func(v []any) any {
		return one(ability.Effect{Verb: ability.Pay, Cost: &ability.Cost{EnergyAny: true}, Bind: ability.EnergyPaid})
	})
	g.add("costpart", "pay <energy>", func(v []any) any { return &ability.Cost{Energy: v[0].(int)} })
	// "~ deals that much damage to that permanent": the energy just paid.
	g.add("eff", "~ deals that much damage to <dto>", func(v []any) any {
		a := energyPaidAmount()
		return one(ability.Effect{Verb: ability.Damage, Amount: &a, To: sel(v[0])})
	})
	g.add("cmp", "less than or equal to the amount of {E} paid this way", func(v []any) any {
		return &ability.Compare{Op: "<=", Amount: energyPaidAmount()}
	})
	g.add("clause", "<eff> unless you pay <energy>", func(v []any) any {
		es := effs(v[0])
		if len(es) != 1 {
			return nil
		}
		return each(es, func(e *ability.Effect) {
			e.Unless = &ability.Unless{Payer: &ability.PlayerRef{Who: ability.You}, Cost: ability.Cost{Energy: v[1].(int)}}
		})
	})
}

// printEnergy prints the effects of addEnergy, or reports false.
func printEnergy(a *pctx, e *ability.Effect) (string, bool) {
	switch {
	case e.Verb == ability.PutCounters && e.Counter == "energy" && e.Object == nil:
		if e.Player == nil || e.Player.Who != ability.You {
			return unprintable, true
		}
		if e.Amount != nil && reflect.DeepEqual(*e.Amount, ability.Amount{Var: "x"}) {
			return w("you get x {E}"), true
		}
		n, ok := e.Amount.IsFixed()
		if !ok || n < 1 {
			return unprintable, true
		}
		return opt(w("you")) + w("get") + w(strings.Repeat("{E}", n)), true
	case e.Verb == ability.Pay && e.Cost != nil && e.Cost.EnergyAny:
		if *e.Cost != (ability.Cost{EnergyAny: true}) || e.Player != nil || e.Bind != ability.EnergyPaid {
			return unprintable, true
		}
		return w("pay any amount of {E}"), true
	case e.Verb == ability.Damage && isEnergyPaid(e.Amount):
		if e.Source != nil {
			return unprintable, true
		}
		return w("~ deals that much damage to") + printSel(a, e.To), true
	case e.Verb == ability.Pay && e.Cost != nil && e.Cost.Energy > 0:
		if *e.Cost != (ability.Cost{Energy: e.Cost.Energy}) || e.Player != nil {
			return unprintable, true
		}
		return w("pay") + w(strings.Repeat("{E}", e.Cost.Energy)), true
	}
	return "", false
}
