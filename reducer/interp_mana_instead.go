package reducer

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Mana abilities whose mana depends on a condition as they resolve (CR
// 605.3a, 608.2c): Urza's Tower's "{T}: Add {C}. If you control an Urza's
// Mine and an Urza's Power-Plant, add {C}{C}{C} instead." The language
// says it as an effect with If and, as Else, the mana it replaces; the
// lowered ability adds Instead when If holds, else Add.

// lowerManaInstead reads such an effect into m: fixed mana both ways and
// a condition the engine checks.
func lowerManaInstead(e *ability.Effect, m *cards.ManaAbility) bool {
	if len(e.Else) != 1 {
		return false
	}
	p := &e.Else[0]
	plain := func(x *ability.Effect) bool {
		return x.Verb == ability.AddMana && x.Mana != nil && x.Mana.Fixed != "" && x.If == nil && len(x.Else) == 0 && !x.Optional &&
			x.Unless == nil && x.Bind == "" && x.Player == nil &&
			reflect.DeepEqual(*x.Mana, ability.ManaSpec{Fixed: x.Mana.Fixed})
	}
	if !plain(&ability.Effect{Verb: e.Verb, Mana: e.Mana}) || e.Player != nil || !plain(p) {
		return false
	}
	var sp supporter
	if sp.cond(e.If, "if"); sp.err != nil {
		return false
	}
	var instead, add cards.ManaAbility
	if !lowerManaSpec(e.Mana, &instead) || !lowerManaSpec(p.Mana, &add) {
		return false
	}
	m.Add, m.Instead, m.If = add.Add, instead.Add, e.If
	return true
}
