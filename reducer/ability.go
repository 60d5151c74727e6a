package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Activated abilities that aren't mana abilities (CR 602): the cost is
// paid, the ability goes on the stack with its targets, and it resolves like
// a spell. Costs: mana (with X), {T}, {Q}, removing a counter.

type abilityPlan struct {
	src     ObjID
	ab      *cards.Activated
	targets []Target
	pay     []int
	// lang: a language ability (interp_activate.go): which, its number,
	// and the targets per slot.
	lang  *ability.Ability
	index int
	slots []int
	costs costPlan
}

// nonManaAbility returns the non-mana activated ability the input names on
// the first matching permanent, if the card has one at that index.
func (g *Game) planAbility(seat int, b *events.Activate) (abilityPlan, bool, error) {
	s := g.S
	// Permanents, and cards in seat's hand or graveyard with an ability
	// activated from there (CR 113.6m).
	var buf [4]ObjID
	cands := s.matchRefIn(buf[:0], b.Source, s.Battlefield, s.Players[seat].Hand, s.Players[seat].Graveyard)
	var first error
	found := false
	named := b
	for _, id := range cands {
		b, ok := s.Objects[id].engineActivate(named) // ability_refs.go
		if !ok {
			continue
		}
		if a := langActivated(s.Objects[id], b.Ability); a != nil {
			if activatedZone(a) != s.Objects[id].Zone { // interp_pool_rules.go
				continue
			}
			found = true
			if why := langSupports(s.Objects[id], b.Ability, a); why != nil { // interp_activate.go
				// A partly modelled card: this ability is its text the
				// engine doesn't carry out (the table's, table_generic.go).
				if first == nil {
					first = g.refuse(RuleCardCode, "body.ability", "%s's ability %d is not modelled yet: %v", s.objName(id), s.Objects[id].abilityNumber(b.Ability), why)
				}
				continue
			}
			p, err := g.planLangAbility(seat, id, a, b)
			if err == nil {
				return p, true, nil
			}
			if first == nil {
				first = err
			}
			continue
		}
		ab := s.Objects[id].Def.ActivatedOf(b.Ability)
		if ab == nil || ab.FromHand != (s.Objects[id].Zone == ZoneHand) {
			continue
		}
		found = true
		p, err := g.planAbilityOf(seat, id, ab, b)
		if err == nil {
			return p, true, nil
		}
		if first == nil {
			first = err
		}
	}
	return abilityPlan{}, found, first
}

func (g *Game) planAbilityOf(seat int, id ObjID, ab *cards.Activated, b *events.Activate) (abilityPlan, error) {
	s := g.S
	o := s.Objects[id]
	name := s.nameOf(id)
	switch {
	case o.Controller != seat:
		return abilityPlan{}, g.refuse("CR 602.2", "body.source", "%s is controlled by %s", name, s.Players[o.Controller].ID)
	case ab.Tap && o.Tapped:
		return abilityPlan{}, g.refuse("CR 602.2", "body.source", "%s is tapped: {T} can't be paid (MANA-6)", name)
	case ab.Untap && !o.Tapped:
		return abilityPlan{}, g.refuse("CR 602.2", "body.source", "%s is untapped: {Q} can't be paid (MANA-7)", name)
	case (ab.Tap || ab.Untap) && o.Is("Creature") && o.Sick && !o.Has("Haste"):
		return abilityPlan{}, g.refuse("CR 302.6", "body.source", "%s has summoning sickness: its {T} or {Q} ability can't be activated (MANA-6, MANA-7)", name)
	case ab.RemoveCounter != "" && o.counter(ab.RemoveCounter) < 1:
		return abilityPlan{}, g.refuse("CR 602.2", "body.source", "%s has no %s counter to remove", name, ab.RemoveCounter)
	case ab.RemoveCounter != "" && o.counter(ab.RemoveCounter) < removeCount(ab):
		return abilityPlan{}, g.refuse("CR 602.2", "body.source", "%s has %d %s counters, the cost removes %d", name, o.counter(ab.RemoveCounter), ab.RemoveCounter, removeCount(ab))
	case b.X != 0 && !ab.Cost.HasX():
		return abilityPlan{}, g.refuse("CR 602.2b", "body.x", "the ability has no X in its cost")
	case b.Choice != "":
		return abilityPlan{}, g.refuse("CR 602.2b", "body.choice", "the ability has no choice to make")
	case ab.AnyNumber:
	case ab.UpTo && len(b.Targets) > len(ab.Targets):
		return abilityPlan{}, g.refuse("CR 602.2b", "body.targets", "the ability takes up to %d targets, got %d", len(ab.Targets), len(b.Targets))
	case !ab.UpTo && len(b.Targets) != len(ab.Targets):
		return abilityPlan{}, g.refuse("CR 602.2b", "body.targets", "the ability takes %d targets, got %d", len(ab.Targets), len(b.Targets))
	}
	if ab.IsLoyalty {
		if err := g.checkLoyalty(seat, o, ab); err != nil {
			return abilityPlan{}, err
		}
	}
	if why := g.activationForbidden(o, false); why != "" { // CR 101.2 (interp_rules.go)
		return abilityPlan{}, g.refuse("CR 101.2", "body.source", "%s", why)
	}
	plan := abilityPlan{src: id, ab: ab}
	for i, k := range abilityTargetKinds(ab, len(b.Targets)) {
		t, err := g.chooseTargetFrom(seat, 0, o, k, b.Targets[i], "body.targets["+itoa(i)+"]", plan.targets)
		if err != nil {
			return abilityPlan{}, err
		}
		if slices.Contains(plan.targets, t) {
			return abilityPlan{}, g.refuse("CR 115.3", "body.targets["+itoa(i)+"]", "%q is chosen twice for the same ability", b.Targets[i])
		}
		plan.targets = append(plan.targets, t)
	}
	pay, err := g.choosePayment(seat, ab.Cost, b.X, b.Pay)
	if err != nil {
		return abilityPlan{}, err
	}
	plan.pay = pay
	return plan, nil
}

func (g *Game) doAbility(seat int, p abilityPlan, x int) {
	if p.lang != nil {
		g.doLangAbility(seat, p, x)
		return
	}
	if p.ab.Tap {
		g.tapPermanent(p.src)
	}
	if p.ab.Untap {
		g.emit(Effect{Op: OpUntap, Obj: p.src})
	}
	if p.ab.RemoveCounter != "" {
		g.emit(Effect{Op: OpCounter, Obj: p.src, Kind: p.ab.RemoveCounter, N: -removeCount(p.ab)})
	}
	if p.ab.IsLoyalty {
		g.payLoyalty(p.src, p.ab)
	}
	g.spend(seat, p.pay)
	id := g.S.nextObjID()
	g.emit(Effect{Op: OpAbility, Obj: id, To: p.src, N: p.ab.Index, Seat: seat})
	g.emit(Effect{Op: OpSpell, Obj: id, N: x, Targets: slices.Clone(p.targets)})
	g.abilityLKI(id, p.src) // wither.go
	if p.ab.DiscardSelf {
		g.discard(p.src) // "Discard this card" (CR 701.8; interp_madness.go)
	}
	g.fireTargeted(id, seat) // interp_attach.go
	g.acted(seat)
}
