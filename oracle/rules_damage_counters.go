package oracle

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Damage dealt as counters instead (CR 614.1a): "If a source you control
// would deal noncombat damage to a creature an opponent controls, put that
// many -1/-1 counters on that creature instead." (Soul-Scar Mage).

func addDamageCounters(g *grammar) {
	g.add("repl", "if a source you control would deal noncombat damage to (a | an) <desc> , put that many <counterkind> counters on (that creature | it) instead .", func(v []any) any {
		f := filt(v[0])
		if f == nil || len(f.Types) != 1 || f.Types[0] != "creature" {
			return nil
		}
		return &ability.ReplaceEffect{Event: ability.ReplDamage, Subject: &ability.Filter{Controller: "you"}, Noncombat: true,
			DealtTo: f, Counter: v[1].(string)}
	})
}

// damageCounters reports whether r is such a replacement.
func damageCounters(r *ability.ReplaceEffect) bool {
	return r.Event == ability.ReplDamage && r.DealtTo != nil && r.Counter != "" && r.Noncombat &&
		reflect.DeepEqual(r, &ability.ReplaceEffect{Event: ability.ReplDamage, Subject: &ability.Filter{Controller: "you"}, Noncombat: true,
			DealtTo: r.DealtTo, Counter: r.Counter})
}

// printDamageCounters prints the replacement of addDamageCounters, or
// reports false.
func printDamageCounters(r *ability.ReplaceEffect) (string, bool) {
	if r.Event != ability.ReplDamage || r.DealtTo == nil {
		return "", false
	}
	if !damageCounters(r) {
		return unprintable, true
	}
	return w("if a source you control would deal noncombat damage to") + alt(w("a"), w("an")) + printDesc(r.DealtTo, "") +
		w(", put that many") + w(r.Counter) + w("counters on") + alt(w("that creature"), w("it")) + w("instead."), true
}
