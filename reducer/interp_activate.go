package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
)

// Activated abilities in the ability language (CR 602): the number an
// activate input names counts the card's activated abilities, mana
// abilities included, in printed order after the intrinsic mana abilities
// of its basic land types. The cost's parts are checked and paid
// ({T} and {Q} with summoning sickness, CR 302.6; life; counters removed;
// sacrificing or discarding the source; loyalty, CR 606), its limits
// honoured ("as a sorcery", "only once each turn", "only if"), then the
// ability goes on the stack with its targets and resolves like a spell.

// langActivated is the language activated ability (not a mana ability)
// that number n names on o, or nil.
func langActivated(o *Object, n int) *ability.Ability {
	if gr, ok := o.grantedLangAt(n); ok { // interp_grant.go
		if gr.a.Kind != ability.Activated {
			return nil
		}
		return gr.a
	}
	lc := langOf(o.Def)
	if lc == nil {
		return nil
	}
	k := n - lc.intrinsic
	if k < 0 || k >= len(lc.activated) || lc.activated[k].Kind != ability.Activated {
		return nil
	}
	return lc.activated[k]
}

// langSupports is Supports(a) for a, the language activated ability
// number n names on o: kept on the card for its printed abilities (an
// ability's support depends on it alone), worked out for a granted one.
func langSupports(o *Object, n int, a *ability.Ability) error {
	if lc := langOf(o.Def); lc != nil {
		if k := n - lc.intrinsic; k >= 0 && k < len(lc.activated) && lc.activated[k] == a {
			return lc.activatedWhy[k]
		}
	}
	return Supports(a)
}

// useLangAbility is the once-a-turn use of language ability n.
func useLangAbility(n int) string { return "ability " + itoa(n) }

func (g *Game) planLangAbility(seat int, id ObjID, a *ability.Ability, b *events.Activate) (abilityPlan, error) {
	s := g.S
	o := s.Objects[id]
	name := s.nameOf(id)
	c := a.Cost
	loyalty := 0
	if c.Loyalty != nil {
		loyalty = *c.Loyalty
	}
	switch {
	case o.Controller != seat && o.Zone == ZoneBattlefield || o.Owner != seat && o.Zone != ZoneBattlefield:
		return abilityPlan{}, g.refuse("CR 602.2", "body.source", "%s is controlled by %s", name, s.Players[o.Controller].ID)
	case c.Tap && o.Tapped:
		return abilityPlan{}, g.refuse("CR 602.2", "body.source", "%s is tapped: {T} can't be paid (MANA-6)", name)
	case c.Untap && !o.Tapped:
		return abilityPlan{}, g.refuse("CR 602.2", "body.source", "%s is untapped: {Q} can't be paid (MANA-7)", name)
	case (c.Tap || c.Untap) && o.Is("Creature") && o.Sick && !o.Has("Haste"):
		return abilityPlan{}, g.refuse("CR 302.6", "body.source", "%s has summoning sickness: its {T} or {Q} ability can't be activated (MANA-6, MANA-7)", name)
	case c.RemoveCounters > 0 && o.counter(c.Counter) < c.RemoveCounters:
		return abilityPlan{}, g.refuse("CR 602.2", "body.source", "%s has %d %s counters, the cost removes %d", name, o.counter(c.Counter), c.Counter, c.RemoveCounters)
	case b.X != 0 && !langMana(c).HasX():
		return abilityPlan{}, g.refuse("CR 602.2b", "body.x", "the ability has no X in its cost")
	case b.Choice != "":
		return abilityPlan{}, g.refuse("CR 602.2b", "body.choice", "the ability has no choice to make")
	}
	if c.Loyalty != nil {
		if err := g.checkLoyaltyCost(seat, o, loyalty); err != nil {
			return abilityPlan{}, err
		}
	}
	if rule, why := classLevelRefusal(o, a); why != "" { // interp_class.go
		return abilityPlan{}, g.refuse(rule, "body.ability", "%s", why)
	}
	if l := a.Limit; l != nil {
		ctx := &evalCtx{g: g, you: seat, src: id}
		switch {
		case l.Sorcery && (s.Active != seat || s.Step != StepMain1 && s.Step != StepMain2 || len(s.Stack) > 0):
			return abilityPlan{}, g.refuse("CR 602.5d", "body.ability", "%s's ability can be activated only as a sorcery: in its controller's main phase with an empty stack", name)
		case l.PerTurn == 1 && s.usedThisTurn(o, useLangAbility(b.Ability)):
			return abilityPlan{}, g.refuse("CR 602.5b", "body.ability", "%s's ability can be activated only once each turn, and it was this turn", name)
		case !ctx.holds(l.If):
			return abilityPlan{}, g.refuse("CR 602.5b", "body.ability", "%s's ability can be activated only if its condition holds, and it doesn't now", name)
		}
	}
	ctx := &evalCtx{g: g, you: seat, src: id, x: b.X}
	targets, slots, err := g.chooseLangTargets(ctx, a.Targets, b.Targets, o, "body.targets")
	if err != nil {
		return abilityPlan{}, err
	}
	if why := g.activationForbidden(o, false); why != "" { // CR 101.2 (interp_rules.go)
		return abilityPlan{}, g.refuse("CR 101.2", "body.source", "%s", why)
	}
	cp, err := g.planCost(seat, o, nil, reducedCost(ctx, c), nil, b.X, b.Pay, &b.CostChoices) // interp_cost_parts.go
	if err != nil {
		return abilityPlan{}, err
	}
	if lc := langOf(o.Def); lc != nil {
		if err := g.crewRefusal(lc, a, cp.tap); err != nil { // interp_crew.go
			return abilityPlan{}, err
		}
	}
	return abilityPlan{src: id, lang: a, index: b.Ability, targets: targets, slots: slots, costs: cp}, nil
}

func fixedAmount(a *ability.Amount) int {
	n, _ := a.IsFixed()
	return n
}

func (g *Game) doLangAbility(seat int, p abilityPlan, x int) {
	// Announced and put on the stack, then paid for (CR 602.2a, 602.2h):
	// a cost may sacrifice the source itself, whose last known information
	// the ability keeps (CR 608.2h).
	c := p.lang.Cost
	id := g.S.nextObjID()
	ab := Effect{Op: OpAbility, Obj: id, To: p.src, N: p.index, Seat: seat}
	if gr, ok := g.S.Objects[p.src].grantedLangAt(p.index); ok { // a granted ability: its card's (interp_grant.go)
		ab.N, ab.Name = grantStackBase+gr.ref.K, gr.ref.Card
	}
	g.emit(ab)
	g.emit(Effect{Op: OpSpell, Obj: id, N: x, Targets: slices.Clone(p.targets)})
	g.emitCastChoices(id, nil, p.slots)
	if c.Tap {
		g.tapPermanent(p.src)
	}
	if c.Untap {
		g.emit(Effect{Op: OpUntap, Obj: p.src})
	}
	if c.RemoveCounters > 0 {
		g.emit(Effect{Op: OpCounter, Obj: p.src, Kind: c.Counter, N: -c.RemoveCounters})
	}
	if c.PutCounters > 0 {
		g.emit(Effect{Op: OpCounter, Obj: p.src, Kind: c.Counter, N: c.PutCounters}) // interp_cost_parts.go
	}
	if c.Loyalty != nil {
		g.payLoyaltyCost(p.src, *c.Loyalty)
	}
	if l := p.lang.Limit; l != nil && l.PerTurn == 1 {
		g.emit(Effect{Op: OpUsed, Obj: p.src, Kind: useLangAbility(p.index)})
	}
	if o := g.S.Obj(p.src); o != nil && o.Zone == ZoneBattlefield {
		g.emit(Effect{Op: OpAbilityLKI, Obj: id, LKI: lkiOf(o)})
	}
	g.payCost(seat, p.costs)  // interp_paycost.go
	g.paySelf(p.src, p.costs) // "Sacrifice ~", "Discard ~" (CR 701.21, 701.9)
	g.fireTargeted(id, seat)
	g.acted(seat)
}
