package reducer

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Damage dealt as counters instead (CR 614.1a, 120.3): "If a source you
// control would deal noncombat damage to a creature an opponent controls,
// put that many -1/-1 counters on that creature instead." (Soul-Scar
// Mage). The source is the spell, or the permanent whose ability deals the
// damage; its controller is the one the replacement compares with its
// own. Combat damage is left alone (CR 510.2).

// damageAsCountersSupported reports whether the engine carries out r as
// such a replacement.
func damageAsCountersSupported(r *ability.ReplaceEffect) bool {
	return r.Event == ability.ReplDamage && r.DealtTo != nil && r.Counter != "" && r.Noncombat &&
		reflect.DeepEqual(r, &ability.ReplaceEffect{Event: ability.ReplDamage, Subject: &ability.Filter{Controller: "you"},
			Noncombat: true, DealtTo: r.DealtTo, Counter: r.Counter})
}

// damageAsCounters deals n damage from src to creature o as counters when
// a permanent's replacement says so; it reports whether it did.
func (g *Game) damageAsCounters(src, o *Object, n int) bool {
	if src == nil || g.combatDealing || !o.Is("Creature") {
		return false
	}
	return g.S.eachLangReplacement(func(p *Object, r *ability.ReplaceEffect) bool { // interp_replace.go
		if !damageAsCountersSupported(r) || src.Controller != p.Controller {
			return false
		}
		if c := (&evalCtx{g: g, you: p.Controller, src: p.ID}); !c.matches(r.DealtTo, o) {
			return false
		}
		g.putCounters(o.ID, r.Counter, n)
		return true
	})
}
