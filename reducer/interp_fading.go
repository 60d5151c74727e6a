package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// Fading N (CR 702.32a): "This permanent enters with N fade counters on
// it" and "At the beginning of your upkeep, remove a fade counter from
// this permanent. If you can't, sacrifice the permanent." The keyword
// expands into that replacement effect (interp_replace.go puts the
// counters) and that trigger, whose effect is verbFade: whether a counter
// can be removed is read as it resolves.

// verbFade is fading's upkeep effect; not a verb of the ability language.
const verbFade ability.Verb = "fade"

func init() { registerVerb(verbFade, "", verbDoFade) }

// fadingAbilities are the abilities "Fading N" stands for.
func fadingAbilities(a *ability.Ability) []ability.Ability {
	n := a.Keyword.N
	return []ability.Ability{
		{Kind: ability.Replacement, Text: a.Text, Replace: &ability.ReplaceEffect{Event: ability.ReplEnters, Self: true, Counter: "fade", Amount: ability.Fixed(n)}},
		{Kind: ability.Triggered, Text: a.Text, Trigger: &ability.Trigger{Event: ability.StepBegins, Step: ability.StepUpkeep, Player: "you"},
			Effects: []ability.Effect{{Verb: verbFade}}},
	}
}

// fadingSupported: "Fading N" with a number.
func fadingSupported(k *ability.KeywordAbility) bool {
	return k.N > 0 && k.Cost == nil && k.Filter == nil && k.Text == ""
}

// verbDoFade removes a fade counter from the source, or has its
// controller sacrifice it when there is none.
func verbDoFade(x *verbRun) {
	g := x.r.g
	o := g.S.Obj(x.r.ctx.src)
	if o == nil || o.Zone != ZoneBattlefield {
		return
	}
	if o.counter("fade") > 0 {
		g.emit(Effect{Op: OpCounter, Obj: o.ID, Kind: "fade", N: -1})
	} else {
		g.sacrifice(o.ID, o.Controller)
	}
	x.did = true
}
