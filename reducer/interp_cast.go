package reducer

import (
	"slices"
	"strings"

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
	costs   *costPlan // the cost's parts beyond mana (interp_paycost.go)
}

// planLangCast checks an input's modes and targets for a language spell
// (spell ability ab, nil for a permanent spell) cast by seat.
func (g *Game) planLangCast(seat int, o *Object, def *cards.Card, ab *ability.Ability, b *events.Cast) (langCastPlan, error) {
	var p langCastPlan
	specs := []ability.Target(nil)
	if ab != nil {
		specs = ab.Targets
	} else if k := langEnchant(langOf(def)); k != nil {
		specs = []ability.Target{enchantSlot(k)} // an Aura spell (CR 303.4a)
	}
	switch {
	case ab != nil && ab.Modes != nil:
		m := ab.Modes
		if (len(b.Modes) < m.Min || len(b.Modes) > m.Max) && !b.Entwine { // entwined: all of them (interp_entwine.go)
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

// emitCastChoices records a cast spell's or an activated ability's
// choices, but not those its targets already tell: with no modes and one
// target slot, every target is the slot's (see slotCounts).
func (g *Game) emitCastChoices(id ObjID, modes, slots []int) {
	if len(modes) == 0 && len(slots) == 1 {
		return
	}
	g.emitLangChoices(id, modes, slots)
}

// planLangCastOf finishes planCastOf for a language spell: modes,
// targets, kicker and payment.
func (g *Game) planLangCastOf(seat int, o *Object, id ObjID, face string, top ObjID, def *cards.Card, lc *langCard, b *events.Cast) (castPlan, error) {
	b, err := g.entwined(def, lc, lc.spellFor(b.Alternative), b) // interp_entwine.go
	if err != nil {
		return castPlan{}, err
	}
	lp, err := g.planLangCast(seat, o, def, lc.spellFor(b.Alternative), b)
	if err != nil {
		return castPlan{}, err
	}
	both := &struct { // one allocation for the two plans the cast keeps
		lang  langCastPlan
		costs costPlan
	}{lang: lp}
	plan := castPlan{obj: id, face: face, from: o.Zone, top: top, targets: lp.targets, lang: &both.lang}
	cost, err := g.langSpellCost(seat, o, def, lc, b)
	if err != nil {
		return castPlan{}, err
	}
	kicker, err := g.langKickerCost(def, lc, b) // interp_multikicker.go
	if err != nil {
		return castPlan{}, err
	}
	replicate, err := g.replicateCost(def, lc, b) // interp_copies.go
	if err != nil {
		return castPlan{}, err
	}
	kicker = append(slices.Clone(kicker), replicate...)
	h, err := g.castHelpers(seat, o, lc, b) // delve, improvise (interp_delve.go)
	if err != nil {
		return castPlan{}, err
	}
	cp := &both.costs
	g.withCastTargets(lp.targets, func() { // interp_costtargets.go
		*cp, err = g.planCostHelped(seat, o, def, cost, kicker, b.X, b.Pay, &b.CostChoices, h) // interp_paycost.go
	})
	if err != nil {
		return castPlan{}, err
	}
	plan.pay, both.lang.costs = cp.pay, cp
	return plan, nil
}

// langSpellCost is the total cost of casting a language spell as the
// input asks (CR 601.2f): its mana cost, or the alternative cost it
// names (CR 118.9), plus its additional costs ("As an additional cost to
// cast this spell, sacrifice a creature").
func (g *Game) langSpellCost(seat int, o *Object, def *cards.Card, lc *langCard, b *events.Cast) (*ability.Cost, error) {
	// The card's own cost, shared: replaced below, never changed.
	cost := lc.own
	if pc, err := g.permissionCost(seat, o, def, b); err != nil || pc != nil { // interp_permissions.go
		if err != nil {
			return nil, err
		}
		return g.langAdditionalCosts(def, lc, b, pc)
	}
	if def.Cost == nil && b.Alternative == "" {
		return nil, g.refuse("CR 118.6", "body.card", "%s has no mana cost: it can be cast only for an alternative cost", def.Name)
	}
	if o.foretold(seat) && g.foretellAllows(o) == nil {
		c, err := g.foretellCastCost(def, b) // interp_plot.go
		if err != nil {
			return nil, err
		}
		cost = c
	} else if o.plotted(seat) && g.plotAllows(o) == nil {
		c, err := g.plotCastCost(def, b) // interp_plot.go
		if err != nil {
			return nil, err
		}
		cost = c
	} else if gc, ok := graveCastNamed(b.Alternative); ok { // interp_gravecast.go
		c, err := g.graveCastSpellCost(o, def, gc)
		if err != nil {
			return nil, err
		}
		cost = c
	} else if kc, ok := altCostNamed(b.Alternative); ok { // interp_altcosts.go
		c, err := g.keywordAltCost(o, def, kc)
		if err != nil {
			return nil, err
		}
		cost = c
	} else if b.Alternative != "" {
		alt, err := g.langAlternative(seat, o, def, lc, b.Alternative)
		if err != nil {
			return nil, err
		}
		cost = alt
	}
	return g.langAdditionalCosts(def, lc, b, cost)
}

// langAdditionalCosts adds a language spell's additional costs to cost:
// escalate's for each mode beyond the first (interp_escalate.go), and
// "As an additional cost to cast this spell, ..." (CR 601.2f).
func (g *Game) langAdditionalCosts(def *cards.Card, lc *langCard, b *events.Cast, cost *ability.Cost) (*ability.Cost, error) {
	if ec := escalateCost(lc); ec != nil && len(b.Modes) > 1 {
		merged, ok := mergeCosts(cost, escalateTimes(ec, len(b.Modes)-1))
		if !ok {
			return nil, g.refuse("CR 702.120a", "body.modes", "%s's escalate cost can't be combined with its other costs here", def.Name)
		}
		cost = merged
	}
	if sc := spreeCost(lc.spell, b.Modes); sc != nil { // interp_spree.go
		merged, ok := mergeCosts(cost, sc)
		if !ok {
			return nil, g.refuse("CR 702.172a", "body.modes", "%s's mode costs can't be combined with its other costs here", def.Name)
		}
		cost = merged
	}
	for _, a := range lc.statics {
		if st := a.Static; st.Rule == ability.AdditionalCost {
			add := st.Cost
			if add.Or != nil {
				var err error
				if add, err = g.pickOrCost(def.Name, add, b); err != nil { // interp_orcost.go
					return nil, err
				}
			}
			merged, ok := mergeCosts(cost, add)
			if !ok {
				return nil, g.refuse("CR 601.2f", "body", "%s's costs can't be combined here", def.Name)
			}
			cost = merged
		}
	}
	return g.entwineCost(def, b, cost) // interp_entwine.go
}

// langAlternative finds the alternative cost an input names: the card's
// own ("alternative", "alternative 2"), whose condition must hold.
func (g *Game) langAlternative(seat int, o *Object, def *cards.Card, lc *langCard, name string) (*ability.Cost, error) {
	want := 1
	if name != "alternative" {
		if n, ok := strings.CutPrefix(name, "alternative "); ok && atoiOr(n, 0) > 0 {
			want = atoiOr(n, 0)
		} else {
			return nil, g.refuse("CR 118.9", "body.alternative", "%s has no alternative cost %q", def.Name, name)
		}
	}
	k := 0
	for _, a := range lc.statics {
		st := a.Static
		if st.Rule != ability.AlternativeCost {
			continue
		}
		if k++; k != want {
			continue
		}
		c := &evalCtx{g: g, you: seat, src: o.ID}
		if !c.holds(st.If) {
			return nil, g.refuse("CR 118.9", "body.alternative", "%s's alternative cost can't be paid now: its condition doesn't hold", def.Name)
		}
		return st.Cost, nil
	}
	return nil, g.refuse("CR 118.9", "body.alternative", "%s has no alternative cost %q", def.Name, name)
}

// mergeCosts adds the parts of b to a; ok is false when both have the
// same choosing part.
func mergeCosts(a, b *ability.Cost) (*ability.Cost, bool) {
	if b == nil {
		return a, true
	}
	m := *a
	if b.Mana != "" {
		m.Mana += b.Mana
	}
	take := func(dst **ability.Selector, src *ability.Selector) bool {
		if src == nil {
			return true
		}
		if *dst != nil {
			return false
		}
		*dst = src
		return true
	}
	ok := take(&m.Sacrifice, b.Sacrifice) && take(&m.Discard, b.Discard) && take(&m.Exile, b.Exile) &&
		take(&m.Return, b.Return) && take(&m.TapOthers, b.TapOthers) && take(&m.Reveal, b.Reveal)
	if b.Life != nil {
		if m.Life != nil {
			return nil, false
		}
		m.Life = b.Life
	}
	return &m, ok
}
