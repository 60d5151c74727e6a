package reducer

import (
	"encoding/json"
	"fmt"
	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Mana that may be spent only on some things (CR 106.6): "Spend this mana
// only to cast artifact spells." Each such mana carries its filter in the
// pool (Mana.Spend); a payment for a spell may use it when the spell
// matches, and a payment for anything else (an ability's cost, a cost an
// effect asks for) never.

// spendable marks the mana of seat's pool that may pay for spell (the
// card being cast; nil for a cost that isn't a spell's); nil when all of
// it may.
func (g *Game) spendable(seat int, spell *Object) []bool {
	pool := g.S.Players[seat].Pool
	var ok []bool
	for i, m := range pool {
		if m.Spend == nil {
			continue
		}
		if ok == nil {
			ok = make([]bool, len(pool))
			for j := range ok {
				ok[j] = true
			}
		}
		ok[i] = spell != nil && (&evalCtx{g: g, you: seat}).spellMatches(m.Spend, spell)
	}
	return ok
}

// payPlanWithin is payPlan over the mana eligible marks (nil: all of it):
// the plan and what is missing, in the pool's own indexes.
func payPlanWithin(pool []Mana, eligible []bool, cost cards.Cost, x int) ([]int, string, bool) {
	if eligible == nil {
		return payPlan(pool, nil, cost, x)
	}
	var sub []Mana
	var index []int
	for i, m := range pool {
		if eligible[i] {
			sub = append(sub, m)
			index = append(index, i)
		}
	}
	plan, missing, ok := payPlan(sub, nil, cost, x)
	for k, i := range plan {
		plan[k] = index[i]
	}
	return plan, missing, ok
}

// checkSpendable refuses an explicit payment that names mana it may not
// spend here.
func (g *Game) checkSpendable(seat int, eligible, allowed []bool) error {
	if eligible == nil {
		return nil
	}
	pool := g.S.Players[seat].Pool
	for i := range pool {
		if allowed[i] && !eligible[i] {
			m := pool[i]
			return g.refuse("CR 106.6", "body.pay", "the {%s} from %s may be spent only to cast %s spells", m.Color.Letter(), g.S.objName(m.Source), spendText(m.Spend))
		}
	}
	return nil
}

// spendText words a spend filter: "artifact", "instant or sorcery".
func spendText(f *ability.Filter) string {
	return filterText(f)
}

// spendKey is a spend filter's canonical form, for digests.
func spendKey(f *ability.Filter) string {
	b, err := json.Marshal(f)
	if err != nil {
		panic("reducer: a spend filter that doesn't encode: " + err.Error())
	}
	return string(b)
}

// poolSpends counts the restricted mana in a pool.
func poolSpends(pool []Mana) int {
	n := 0
	for _, m := range pool {
		if m.Spend != nil {
			n++
		}
	}
	return n
}

// writeSpends writes the pool's restrictions as pairs: the mana's index
// and its filter (msgpack).
func writeSpends(w *snapWriter, pool []Mana, n int) {
	w.arr(2 * n)
	for i, m := range pool {
		if m.Spend != nil {
			if m.Uncounterable {
				w.int(-i - 1) // a negative index: its spell can't be countered
			} else {
				w.int(i)
			}
			w.keep(w.enc.Encode(m.Spend))
		}
	}
}

func readSpends(r *snapReader, pool []Mana) {
	n := r.pairs("mana restrictions")
	for k := 0; k < n && r.err == nil; k++ {
		i := r.int()
		unc := i < 0
		if unc {
			i = -i - 1
		}
		f := &ability.Filter{}
		r.decode(f)
		if i < 0 || i >= len(pool) {
			r.fail("a mana restriction for pool index %d of %d", i, len(pool))
			return
		}
		pool[i].Spend, pool[i].Uncounterable = f, unc
	}
}

// unspendableNote tells, for a refusal, which mana of the pool may not
// pay here; "" when all of it may.
func (g *Game) unspendableNote(seat int, eligible []bool) string {
	if eligible == nil {
		return ""
	}
	pool := g.S.Players[seat].Pool
	for i, m := range pool {
		if !eligible[i] {
			return fmt.Sprintf(" (the {%s} from %s may be spent only to cast %s spells, CR 106.6)", m.Color.Letter(), g.S.objName(m.Source), spendText(m.Spend))
		}
	}
	return ""
}
