package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Crew (CR 702.122a): "Crew N" means "Tap any number of other untapped
// creatures you control with total power N or greater: This Vehicle
// becomes an artifact creature until end of turn." The activate names the
// creatures it taps in `tap_others`; a creature that came under its
// controller's control this turn may crew (the cost isn't its own {T}).
// The total power is read as the cost is paid.

// crewAbility is the activated ability crew N stands for.
func crewAbility(a *ability.Ability) ability.Ability {
	return ability.Ability{Kind: ability.Activated, Text: a.Text,
		Cost: &ability.Cost{TapOthers: &ability.Selector{Ref: ability.ChooseRef,
			Filter: &ability.Filter{Types: []string{"creature"}, Other: true, Controller: "you"},
			Choose: &ability.Pick{Min: 1, Max: -1}}},
		Effects: []ability.Effect{{Verb: ability.Pump, Object: &ability.Selector{Ref: ability.Self},
			Mods: &ability.Mods{Types: []string{"artifact", "creature"}}, Duration: ability.EndOfTurn}}}
}

// crewSupported: "Crew N" with N of 1 or more.
func crewSupported(k *ability.KeywordAbility) bool {
	return k.N >= 1 && k.Cost == nil && k.Filter == nil && k.Text == ""
}

// crewRefusal says why the creatures a crew cost taps are too weak, or "".
func (g *Game) crewRefusal(lc *langCard, a *ability.Ability, tapped []ObjID) error {
	n, ok := lc.crew[a]
	if !ok {
		return nil
	}
	total := 0
	for _, id := range tapped {
		if o := g.S.Obj(id); o != nil {
			total += max(0, o.Power())
		}
	}
	if total < n {
		return g.refuse("CR 702.122a", "body.tap_others", "crew %d taps creatures with total power %d or more: these have %d", n, n, total)
	}
	return nil
}
