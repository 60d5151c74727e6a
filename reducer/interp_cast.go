package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Casting a language spell (CR 601.2b-c): its modes, then its targets,
// slot by slot, and its additional costs (kicker).

// langCastPlan is what a language spell's cast chose.
type langCastPlan struct {
	modes   []int
	slots   []int
	targets []Target
}

// planLangCast checks an input's modes and targets for a language spell
// (spell ability ab, nil for a permanent spell) cast by seat.
func (g *Game) planLangCast(seat int, o *Object, def *cards.Card, ab *ability.Ability, b *events.Cast) (langCastPlan, error) {
	var p langCastPlan
	specs := []ability.Target(nil)
	if ab != nil {
		specs = ab.Targets
	}
	switch {
	case ab != nil && ab.Modes != nil:
		m := ab.Modes
		if len(b.Modes) < m.Min || len(b.Modes) > m.Max {
			return p, g.refuse("CR 700.2a", "body.modes", "%s: choose %s, got %d", def.Name, modeCount(m), len(b.Modes))
		}
		for i, k := range b.Modes {
			switch {
			case k < 0 || k >= len(m.List):
				return p, g.refuse("CR 700.2a", "body.modes["+itoa(i)+"]", "%s has modes 0 to %d, not %d", def.Name, len(m.List)-1, k)
			case i > 0 && k <= b.Modes[i-1]:
				return p, g.refuse("CR 700.2a", "body.modes["+itoa(i)+"]", "list each mode once, in printed order")
			}
			specs = append(specs, m.List[k].Targets...)
		}
		p.modes = slices.Clone(b.Modes)
	case len(b.Modes) > 0:
		return p, g.refuse("CR 601.2b", "body.modes", "%s is not modal", def.Name)
	}
	c := &evalCtx{g: g, you: seat, src: o.ID, x: b.X}
	targets, slots, err := g.chooseLangTargets(c, specs, b.Targets, o, "body.targets")
	if err != nil {
		return p, err
	}
	p.targets, p.slots = targets, slots
	return p, nil
}

func modeCount(m *ability.Modes) string {
	if m.Min == m.Max {
		return itoa(m.Min) + " mode" + plural(m.Min)
	}
	return itoa(m.Min) + " to " + itoa(m.Max) + " modes"
}

// langKicker is the kicker cost of a language card, or nil.
func langKicker(lc *langCard) cards.Cost {
	for _, a := range lc.keywords {
		if k := a.Keyword; k.Name == "Kicker" && k.Cost != nil {
			return langMana(k.Cost)
		}
	}
	return nil
}

// emitLangChoices records a language spell's or ability's modes and
// slots on its stack object, when it has any.
func (g *Game) emitLangChoices(id ObjID, modes, slots []int) {
	if len(modes) == 0 && len(slots) == 0 {
		return
	}
	g.emit(Effect{Op: OpChoices, Obj: id, Ints: append(append([]int{len(modes)}, modes...), slots...)})
}

// planLangCastOf finishes planCastOf for a language spell: modes,
// targets, kicker and payment.
func (g *Game) planLangCastOf(seat int, o *Object, id ObjID, face string, top ObjID, def *cards.Card, lc *langCard, b *events.Cast) (castPlan, error) {
	lp, err := g.planLangCast(seat, o, def, lc.spell, b)
	if err != nil {
		return castPlan{}, err
	}
	plan := castPlan{obj: id, face: face, from: o.Zone, top: top, targets: lp.targets, lang: &lp}
	cost := def.Cost
	if b.Kicked {
		k := langKicker(lc)
		if k == nil {
			return castPlan{}, g.refuse("CR 702.33a", "body.kicked", "%s has no kicker", def.Name)
		}
		cost = append(slices.Clone(cost), k...) // an additional cost (CR 601.2f)
	}
	pay, err := g.choosePayment(seat, cost, b.X, b.Pay)
	if err != nil {
		return castPlan{}, err
	}
	plan.pay = pay
	return plan, nil
}
