package oracle

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Objects chosen as an effect resolves, not targeted: "Untap up to three
// lands." Any player's objects the phrase describes may be chosen (the
// phrase says whose when it matters: "lands you control").

func addChooseEffects(g *grammar) {
	g.add("eff", "untap up to <n> <descs>", func(v []any) any {
		if v[0].(int) < 1 {
			return nil
		}
		return one(ability.Effect{Verb: ability.Untap, Object: &ability.Selector{Ref: ability.ChooseRef, Filter: filt(v[1]),
			Choose: &ability.Pick{Min: 0, Max: v[0].(int)}, Player: &ability.PlayerRef{Who: ability.Each}}})
	})
	// "Target creature gets -1/-1 until end of turn for each Swamp you
	// control": counted as it resolves.
	g.add("eff", "<obj1> gets <pt> until end of turn <foreach>", func(v []any) any {
		p, t := splitPT(v[1].(string))
		if p.Var != "" || t.Var != "" {
			return nil
		}
		m := &ability.Mods{}
		if p.N != 0 {
			m.PAmount = perEach(p.N, amt(v[2]))
		}
		if t.N != 0 {
			m.TAmount = perEach(t.N, amt(v[2]))
		}
		return one(ability.Effect{Verb: ability.Pump, Object: sel(v[0]), Mods: m, Duration: ability.EndOfTurn})
	})
	g.add("foreach", "for each other <desc>", func(v []any) any {
		return &ability.Amount{Var: "count", Count: merge(filt(v[0]), &ability.Filter{Other: true})}
	})
	// "Put a land card from your hand onto the battlefield tapped."
	g.add("eff", "put <some> onto the battlefield [<tapped>]", func(v []any) any {
		s := sel(v[0])
		if s.Filter == nil || s.Filter.Zone == "" {
			return nil
		}
		return one(ability.Effect{Verb: ability.Move, Object: s, Zone: ability.ZoneBattlefield, Tapped: v[1] != nil})
	})
}

// perEach is n for each of a count: "+2/+0 for each ..." is 2 times it.
func perEach(n int, a *ability.Amount) *ability.Amount {
	c := *a
	if n != 1 {
		c.Times = n
	}
	return &c
}
