package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Generic rules for what the engine doesn't model, used only for an input
// that carries table effects (table.go): the table's effects supply the
// card's behaviour, the engine does what every card of its kind does.
//
//   - Casting: the card moves to the stack (CR 601.2a) at the time its
//     types allow (CR 307.1), with the targets the input names (any
//     object or player: the engine doesn't know what the card may
//     target), and the mana cost printed on it is paid when the pool can
//     pay it (CR 601.2h; a cost the card changes is the table's to pay).
//   - Playing a land: it moves to the battlefield and counts as the land
//     played this turn (CR 305.2).
//   - Activating an ability the engine doesn't know: the player keeps
//     priority (CR 117.3c); the costs and the ability on the stack, or the
//     mana of a mana ability, are the table's.
//   - Resolving an unmodelled spell or an ability the table put on the
//     stack: a permanent spell enters the battlefield (CR 608.3), an
//     instant or sorcery goes to its owner's graveyard (CR 608.2n), an
//     ability leaves the stack; what the text does is the table's.
//
// Whether something is modelled is asked through modelled and
// castModelled alone.

// tableCovers reports whether the table's effects stand for a card the
// engine doesn't model, noting the card.
func (g *Game) tableCovers(name string) bool {
	if !g.table {
		return false
	}
	g.touch(name)
	return true
}

func (g *Game) touch(name string) {
	if !slices.Contains(g.touched, name) {
		g.touched = append(g.touched, name)
	}
}

// planUnmodelledCast plans casting a card whose text the engine doesn't
// model.
func (g *Game) planUnmodelledCast(seat int, id ObjID, def *cards.Card, face string, top ObjID, b *events.Cast) (castPlan, error) {
	o := g.S.Objects[id]
	if err := g.castTiming(seat, def, face != "" && face == o.Def.Name, top); err != nil {
		return castPlan{}, err
	}
	if b.X != 0 && !def.Cost.HasX() {
		return castPlan{}, g.refuse("CR 601.2b", "body.x", "%s has no X in its cost", def.Name)
	}
	plan := castPlan{obj: id, face: face, from: o.Zone, top: top, targets: looseTargets(g.S, b.Targets)}
	for i, t := range plan.targets {
		if t.Obj == uint32(id) {
			return castPlan{}, g.refuse("CR 115.5", "body.targets["+itoa(i)+"]", "a spell can't target itself")
		}
	}
	if len(plan.targets) < len(b.Targets) {
		for i, ref := range b.Targets {
			if len(looseTargets(g.S, []string{ref})) == 0 {
				return castPlan{}, g.refuse("CR 115.1", "body.targets["+itoa(i)+"]", "%q names no player or object", ref)
			}
		}
	}
	if pay, err := g.choosePaymentFor(seat, g.S.Obj(id), def.Cost, b.X, b.Pay); err == nil {
		plan.pay = pay
	} // else the table pays a cost the card changes
	plan.table = true
	return plan, nil
}

// tableActivation is the object whose unmodelled ability an activate input
// with table effects activates: a card of the player's (a permanent they
// control, or a card in their hand or graveyard) whose text the engine
// doesn't model and on which it knows no ability of that index. 0 when
// there is none.
func (g *Game) tableActivation(seat int, b *events.Activate) ObjID {
	if !g.table {
		return 0
	}
	s := g.S
	p := s.Players[seat]
	zones := append(append(slices.Clone(s.Battlefield), p.Hand...), p.Graveyard...)
	for _, id := range s.matchRef(b.Source, zones) {
		o := s.Objects[id]
		if o.Def == nil || modelled(o.Def) || o.Zone == ZoneBattlefield && o.Controller != seat {
			continue
		}
		b, _ := o.engineActivate(b) // ability_refs.go
		if a := langActivated(o, b.Ability); a != nil && Supports(a) == nil || o.Def.ActivatedOf(b.Ability) != nil {
			continue // an ability the engine plays
		}
		if slices.ContainsFunc(o.manaAbilitiesOf(), func(m cards.ManaAbility) bool { return m.Index == b.Ability }) {
			continue
		}
		g.touch(o.Def.Name)
		return id
	}
	return 0
}

// unmodelled reports whether a spell or ability on the stack does what the
// engine doesn't model: an ability the table put there, or a spell of an
// unmodelled card.
func (o *Object) unmodelled() bool {
	if o.isTableAbility() {
		return true
	}
	return !o.isAbility() && o.Def != nil && !castModelled(o, o.def(), o.Face)
}

// checkPassResolves: a pass that resolves an unmodelled spell or ability
// needs the table's effects to say what it did.
func (g *Game) checkPassResolves(seat int) error {
	s := g.S
	if g.table || s.Passes+1 < len(s.Players) || len(s.Stack) == 0 {
		return nil
	}
	if o := s.Objects[s.Stack[len(s.Stack)-1]]; o.unmodelled() {
		if o.isTableAbility() {
			return g.refuse(RuleCardCode, "", "%s resolves: what it does (%q) is known to the table only; the pass must carry the table's effects",
				s.objName(o.ID), o.Text)
		}
		return g.refuse(RuleCardCode, "", "%s resolves: its rules text is not modelled yet; the pass must carry the table's effects", s.objName(o.ID))
	}
	return nil
}

// resolveUnmodelled resolves the top of the stack generically when the
// engine doesn't model it, and reports whether it did.
func (g *Game) resolveUnmodelled(o *Object) bool {
	if !o.unmodelled() {
		return false
	}
	if o.Def != nil {
		g.touch(o.Def.Name)
	}
	switch {
	case o.isAbility():
		g.vanish(o)
		g.tableHook()
	case o.def().IsPermanent():
		nid := g.moveQuiet(o.ID, ZoneBattlefield, o.Controller, -1) // CR 608.3
		g.tableHook()                                               // it may enter with counters, tapped, ...
		if g.S.Obj(nid) != nil && g.S.Obj(nid).Zone == ZoneBattlefield {
			g.entered(nid)
		}
	default:
		g.tableHook() // what its text does, then it goes to the graveyard
		g.finishSpell(o)
	}
	return true
}
