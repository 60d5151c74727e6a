package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Auras and Equipment in the ability language.
//
// An Aura spell targets what its enchant ability allows (CR 303.4a,
// 702.5a) and enters attached to it (CR 303.4f); with its target illegal
// it doesn't resolve (CR 608.2b). An Aura attached to what its enchant
// ability doesn't allow, or to nothing, goes to its owner's graveyard
// (CR 704.5m). Equip {N} (CR 702.6a) is "{N}: Attach this to target
// creature you control. Activate only as a sorcery."; an Equipment
// attached to something that isn't a creature it may equip becomes
// unattached (CR 704.5n). "Enchanted creature" and "equipped creature"
// are the selector Attached.

// OpUnattach: Equipment Obj becomes unattached (CR 704.5n).
const OpUnattach Op = 245

func init() {
	registerOp(OpUnattach, func(s *State, e *Effect) { s.mustObj(e.Obj).AttachedTo = 0 })
	extDescribe[OpUnattach] = func(s *State, e Effect) string { return descObj(s, e.Obj) + " becomes unattached" }
}

// langEnchant is a language card's enchant ability, or nil.
func langEnchant(lc *langCard) *ability.KeywordAbility {
	if lc == nil {
		return nil
	}
	for _, a := range lc.keywords {
		if k := a.Keyword; k.Name == "Enchant" && k.Filter != nil {
			return k
		}
	}
	return nil
}

// enchantSlot is the target slot of an Aura spell.
func enchantSlot(k *ability.KeywordAbility) ability.Target {
	t := ability.Target{Min: 1, Max: 1, Filter: k.Filter}
	if k.Text == "player" {
		t.Filter, t.Players = nil, "any"
	}
	return t
}

// resolveLangAura resolves a language Aura spell whose target is still
// legal: it enters attached to it.
func (g *Game) resolveLangAura(o *Object, k *ability.KeywordAbility) {
	spec := enchantSlot(k)
	c := &evalCtx{g: g, you: o.Controller, src: o.ID}
	if len(o.Targets) == 0 || c.targetIllegalLang(&spec, o.Targets[0], o) != "" {
		g.move(o.ID, ZoneGraveyard, o.Owner, -1) // CR 608.2b
		return
	}
	to := ObjID(o.Targets[0].Obj)
	nid := g.moveQuiet(o.ID, ZoneBattlefield, o.Controller, -1)
	if to != 0 {
		g.emit(Effect{Op: OpAttach, Obj: nid, To: to})
	}
	g.entered(nid)
}

// langAuraIllegal says why a language Aura can't stay attached to to, or
// "" (hexproof and the like don't matter: it isn't targeting).
func (g *Game) langAuraIllegal(o, to *Object) string {
	k := langEnchant(langOf(o.def()))
	if k == nil || k.Filter == nil {
		return ""
	}
	c := &evalCtx{g: g, you: o.Controller, src: o.ID}
	if !c.matches(k.Filter, to) {
		return g.S.objName(to.ID) + " is not " + withArticle(filterText(k.Filter)) + " (CR 704.5m)"
	}
	return ""
}

// unattachEquipment: Equipment attached to what is gone or isn't a
// creature becomes unattached (CR 704.5n); it reports whether any did.
func (g *Game) unattachEquipment() bool {
	s := g.S
	if !s.sources().attached {
		return false // no permanent is attached to anything
	}
	acted := false
	for _, id := range s.Battlefield {
		o := s.Objects[id]
		if o.AttachedTo == 0 || !o.HasSubtype("Equipment") {
			continue
		}
		to := s.Obj(o.AttachedTo)
		if to == nil || to.Zone != ZoneBattlefield || !to.Is("Creature") || to.ID == o.ID {
			g.emit(Effect{Op: OpUnattach, Obj: id})
			acted = true
		}
	}
	return acted
}

// verbAttach: Object (default the source) becomes attached to To, if it
// is still on the battlefield and To may have it.
func verbAttach(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	objs := []ObjID{c.src}
	if x.e.Object != nil {
		objs = c.objects(x.e.Object)
	}
	tos := c.objects(x.e.To)
	if len(objs) == 0 || len(tos) == 0 {
		return
	}
	o, to := g.S.Obj(objs[0]), g.S.Obj(tos[0])
	if o == nil || o.Zone != ZoneBattlefield || to.Zone != ZoneBattlefield || o.ID == to.ID {
		return
	}
	if o.HasSubtype("Equipment") && !to.Is("Creature") {
		return
	}
	g.emit(Effect{Op: OpAttach, Obj: o.ID, To: to.ID})
	x.did = true
}

// equipAbility is what Equip {N} stands for (CR 702.6a).
func equipAbility(a *ability.Ability) ability.Ability {
	return ability.Ability{Kind: ability.Activated, Text: a.Text, Cost: a.Keyword.Cost,
		Limit:   &ability.Limit{Sorcery: true},
		Targets: []ability.Target{{Min: 1, Max: 1, Filter: &ability.Filter{Types: []string{"creature"}, Controller: "you"}}},
		Effects: []ability.Effect{{Verb: ability.Attach, Object: &ability.Selector{Ref: ability.Self}, To: &ability.Selector{Ref: ability.TargetRef}}}}
}

// wardAbility is what Ward {N} stands for (CR 702.21a): "Whenever this
// permanent becomes the target of a spell or ability an opponent
// controls, counter it unless that player pays {N}."
func wardAbility(a *ability.Ability) ability.Ability {
	return ability.Ability{Kind: ability.Triggered, Text: a.Text,
		Trigger: &ability.Trigger{Event: ability.BecomesTarget, Self: true, Player: "opponent"},
		Effects: []ability.Effect{{Verb: ability.Counter, Object: &ability.Selector{Ref: ability.EventObject},
			Unless: &ability.Unless{Payer: &ability.PlayerRef{Who: ability.EventPlayer}, Cost: *a.Keyword.Cost}}}}
}

// fireTargeted: a spell or ability on the stack, controlled by seat, got
// its targets: each permanent it targets "becomes the target" of it (CR
// 115.1); the event's object is the spell or ability.
func (g *Game) fireTargeted(spell ObjID, seat int) {
	if o := g.S.Obj(spell); o != nil {
		g.fireTargetedBy(spell, seat, o.Targets)
	}
}

// fireTargetedBy is fireTargeted for some of its targets (those a
// triggered ability just got).
func (g *Game) fireTargetedBy(spell ObjID, seat int, targets []Target) {
	s := g.S
	var seen []uint32
	for _, t := range targets {
		if t.Obj == 0 || containsU32(seen, t.Obj) {
			continue
		}
		seen = append(seen, t.Obj)
		if p := s.Obj(ObjID(t.Obj)); p != nil && p.Zone == ZoneBattlefield {
			if lc := langOf(p.Def); lc != nil {
				g.langTargetedFire(p, lc, spell, seat)
			}
		}
	}
}

func containsU32(xs []uint32, x uint32) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// langTargetedFire checks permanent p's "becomes the target" triggers for
// spell or ability spell, controlled by seat.
func (g *Game) langTargetedFire(p *Object, lc *langCard, spell ObjID, seat int) {
	c := &evalCtx{g: g, you: p.Controller, src: p.ID, event: spell, eventSeat: seat}
	for i, a := range lc.triggered {
		t := a.Trigger
		if t.Event != ability.BecomesTarget || !t.Self || !c.whose(t.Player, seat) || !g.firstTargetedThisTurn(p, t, i) || // interp_valiant.go
			!c.holds(a.If) || !hasLevel(p, a) {
			continue
		}
		g.emitLangTrigger(p, i, spell, seat, nil)
	}
}
