package reducer

import (
	"slices"
	"strconv"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Resolving the top of the stack (CR 608).

func (g *Game) resolveTop() {
	s := g.S
	id := s.Stack[len(s.Stack)-1]
	o := s.Objects[id]
	def := o.def()
	if g.resolveUnmodelled(o) {
		return // the table supplies what it does (table_generic.go)
	}
	if o.Ability > 0 {
		g.resolveAbility(o)
		return
	}
	if o.Trigger > 0 {
		g.resolveTrigger(o)
		return
	}
	if sp := fusedSpell(o.Def); sp != nil && o.fused() { // interp_fuse.go
		if g.langFizzles(o, sp) {
			g.move(id, ZoneGraveyard, o.Owner, -1) // CR 608.2b
			return
		}
		if g.resolveLang(o, sp, nil) {
			g.finishSpell(o)
		}
		return
	}
	if lc := langOf(def); lc != nil && lc.spell != nil && !o.fused() {
		sp := lc.spellFor(o.CastWith) // overloaded (interp_overload.go)
		if g.langFizzles(o, sp) {
			g.move(id, ZoneGraveyard, o.Owner, -1) // CR 608.2b
			return
		}
		if g.resolveLang(o, sp, nil) {
			g.finishSpell(o)
		}
		return
	}
	if k := langEnchant(langOf(def)); k != nil && def.IsPermanent() && !o.fused() {
		g.resolveLangAura(o, k) // interp_attach.go
		return
	}
	sp := def.SpellOf()
	legal, fizzles := g.legalTargets(o, targetKinds(sp, len(o.Targets)))
	if o.fused() {
		fizzles = g.fusedFizzles(o) // fuse.go
	}
	if fizzles {
		g.move(id, ZoneGraveyard, o.Owner, -1)
		return
	}
	if def.IsPermanent() && isAuraSpell(o) {
		g.resolveAura(o, nil) // it may ask a choice made as it enters (aura.go)
		return
	}
	if def.IsPermanent() && entersAsCopy(o) {
		g.resolveEntersAsCopy(o, nil) // it may ask which creature it copies (populate.go)
		return
	}
	if def.IsPermanent() {
		nid := g.moveQuiet(id, ZoneBattlefield, o.Controller, -1)
		g.keepFaceUp(o, nid) // a modal DFC's back, a prototype (faces.go)
		g.entersWithFromSpell(nid, o)
		g.entered(nid)
		return
	}
	if o.fused() && !g.runResolve(o, nil, g.fusedRun(o)) {
		return // waiting for a choice made while it resolves
	}
	if !o.fused() && sp != nil && sp.Resolve != nil && !g.runResolve(o, nil, func(w *world) { sp.Resolve(w, legal) }) {
		return // waiting for a choice made while it resolves
	}
	g.finishSpell(o)
}

// finishSpell puts a resolved instant or sorcery where it goes: exile for
// an Adventure (ADV-3), else its owner's graveyard; it may have been
// countered or moved by its own effect already.
func (g *Game) finishSpell(o *Object) {
	if g.S.Obj(o.ID) == nil {
		return
	}
	if o.isAdventure() {
		g.exileAdventure(o)
		return
	}
	if g.reboundExile(o) { // interp_rebound.go
		return
	}
	g.move(o.ID, ZoneGraveyard, o.Owner, -1)
}

// targetKinds lists the kind of each of n targets of a spell.
func targetKinds(sp *cards.Spell, n int) []cards.TargetKind {
	if sp == nil {
		return nil
	}
	if sp.AnyNumber && len(sp.Targets) > 0 {
		return slices.Repeat(sp.Targets[:1], n)
	}
	return sp.Targets
}

// legalTargets checks targets again on resolution; with every target
// illegal the spell or ability doesn't resolve (CR 608.2b).
func (g *Game) legalTargets(o *Object, kinds []cards.TargetKind) (legal []Target, fizzles bool) {
	for i, t := range o.Targets {
		if i < len(kinds) && g.targetIllegalFrom(kinds[i], t, g.targetSource(o)) == "" {
			legal = append(legal, t)
		}
	}
	return legal, len(o.Targets) > 0 && len(legal) == 0
}

// targetSource is what targets as o resolves: the spell, or an ability's
// source as it is now (nil once gone).
func (g *Game) targetSource(o *Object) *Object {
	if o.isAbility() {
		return g.S.Obj(o.Source)
	}
	return o
}

// resolveAbility resolves an activated ability; it then ceases to exist.
func (g *Game) resolveAbility(o *Object) {
	if la := langAbilityOf(o); la != nil {
		if g.langFizzles(o, la) { // CR 608.2b
			g.vanish(o)
			return
		}
		if g.resolveLang(o, la, nil) {
			g.vanish(o)
		}
		return
	}
	ab := o.Def.ActivatedOf(o.Ability - 1)
	legal, fizzles := g.legalTargets(o, abilityTargetKinds(ab, len(o.Targets)))
	if !fizzles && ab.Resolve != nil && !g.runResolve(o, nil, func(w *world) { ab.Resolve(w, legal) }) {
		return
	}
	g.vanish(o)
}

// vanish removes a resolved ability from the stack.
func (g *Game) vanish(o *Object) {
	if g.S.Obj(o.ID) != nil {
		g.emit(Effect{Op: OpVanish, Obj: o.ID})
	}
}

// world is what a resolving spell may do; see cards.World. It reads
// objects through facts, with the resolving object's LKI.
type world struct {
	facts
	g      *Game
	spell  *Object
	answer []string  // the answer to the previous step's question
	asked  *Question // a question this step asks
	// discover is a discover this step asks for (discover.go).
	discover *discoverRequest
}

func (w *world) Controller() int { return w.spell.Controller }
func (w *world) X() int          { return spellX(w.spell) }

// spellX is the X a resolving spell or ability uses: its own, as chosen
// when it was cast or activated; for a permanent's own enters-the-
// battlefield triggered ability, the X of the spell that became the
// permanent, as the permanent is or last existed; for any other
// triggered ability 0.
func spellX(o *Object) int {
	if o.Trigger == 0 {
		return o.X
	}
	if ab := langAbilityOf(o); ab != nil {
		return langTriggerX(o, ab)
	}
	if t := o.Def.TriggeredAt(o.Trigger - 1); t == nil || t.When != cards.TriggerEntersSelf {
		return 0
	}
	if src := o.state.Obj(o.Source); src != nil && src.Zone == ZoneBattlefield {
		return src.X
	}
	if o.LKI != nil {
		return o.LKI.X
	}
	return 0
}
func (w *world) Targets() int { return len(w.spell.Targets) }

// Self is the spell, or for an ability its source.
func (w *world) Self() uint32 {
	if w.spell.isAbility() {
		return uint32(w.spell.Source)
	}
	return uint32(w.spell.ID)
}

func (w *world) AddCounters(obj uint32, kind string, n int) {
	if o := w.g.S.Obj(ObjID(obj)); o != nil && o.Zone == ZoneBattlefield && n > 0 {
		w.g.putCounters(o.ID, kind, n) // counters.go
	}
}

func (w *world) Damage(n int, t cards.Target) { w.g.dealDamage(w.spell, n, t) }

func (w *world) Draw(seat, n int) { w.g.draw(seat, n) }

func (w *world) Destroy(obj uint32) {
	w.g.destroy(w.g.S.Obj(ObjID(obj))) // CR 702.12b, 701.19 (regenerate.go)
}

func (w *world) Counter(obj uint32) {
	if o := w.g.S.Obj(ObjID(obj)); o != nil && o.Zone == ZoneStack && (o.isAbility() || !w.g.cantBeCountered(o)) {
		w.g.move(o.ID, ZoneGraveyard, o.Owner, -1)
	}
}

func (w *world) Pump(obj uint32, p, t int) {
	if o := w.g.S.Obj(ObjID(obj)); o != nil && o.Zone == ZoneBattlefield {
		w.g.emit(Effect{Op: OpPump, Obj: o.ID, N: p, Card: CardID(t)})
	}
}

// dealDamage: damage to a player is life loss (CR 120.3a), to a creature it
// is marked (CR 120.3e); a source with lifelink gains its controller that
// much life (CR 702.15b).
func (g *Game) dealDamage(src *Object, n int, t cards.Target) {
	if n <= 0 {
		return
	}
	var from ObjID // the source, for people reading the effects; Apply ignores it
	if src != nil {
		from = src.ID
	}
	if t.Obj == 0 {
		if g.playerProtected(t.Player) && !g.preventionOff() {
			return // prevented (CR 702.16e, 702.16j: interp_player_protection.go)
		}
		g.emit(Effect{Op: OpLife, Seat: t.Player, N: -n, To: from})
	} else if o := g.S.Obj(ObjID(t.Obj)); o != nil && o.Zone == ZoneBattlefield {
		if protectedFrom(o, src) && !g.preventionOff() {
			return // prevented (CR 702.16e)
		}
		if g.damageAsCounters(src, o, n) {
			return // no damage is dealt: counters instead (interp_damage_counters.go)
		}
		if o.Is("Planeswalker") {
			g.damagePlaneswalker(o, n) // CR 120.3c
		}
		if (o.Is("Creature") || !o.Is("Planeswalker")) && !g.witherDamage(src, o, n) { // wither.go
			g.emit(Effect{Op: OpDamage, Obj: o.ID, N: n, To: from})
		}
		if src != nil && src.Has("Deathtouch") {
			g.emit(Effect{Op: OpDeathtouched, Obj: o.ID})
		}
	} else {
		return
	}
	if src != nil && src.Has("Lifelink") {
		g.gainLife(src.Controller, n) // interp_lifegain.go
	}
}

// endUntilEndOfTurn ends "until end of turn" effects (CR 514.2).
func (g *Game) endUntilEndOfTurn() {
	g.endContinuous(func(c *Continuous) bool { return c.Until == UntilEndOfTurn })
	for _, id := range g.S.Battlefield {
		if o := g.S.Objects[id]; o.PumpP != 0 || o.PumpT != 0 {
			g.emit(Effect{Op: OpEndPumps})
			return
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

func (w *world) Tap(obj uint32) {
	if o := w.g.S.Obj(ObjID(obj)); o != nil && o.Zone == ZoneBattlefield && !o.Tapped {
		w.g.tapPermanent(o.ID)
	}
}

func (w *world) Bounce(obj uint32) {
	if o := w.g.S.Obj(ObjID(obj)); o != nil && o.Zone == ZoneBattlefield {
		w.g.move(o.ID, ZoneHand, o.Owner, -1)
	}
}

func (w *world) LoseLife(seat, n int) {
	if n > 0 {
		w.g.emit(Effect{Op: OpLife, Seat: seat, N: -n})
	}
}

// PutSourceOnLibraryBottom finds the trigger source's card in its owner's
// graveyard (where it died to) and puts it on the bottom of the library; if
// the card has left the graveyard meanwhile, nothing happens (CR 400.7).
func (w *world) PutSourceOnLibraryBottom() {
	s := w.g.S
	var card CardID
	if o := s.Obj(w.spell.Source); o != nil {
		card = o.Card
	} else if w.spell.LKI != nil {
		card = w.spell.LKI.Card
	}
	if card == 0 {
		return
	}
	owner := s.Cards[card].Owner
	for _, id := range s.Players[owner].Graveyard {
		if s.Objects[id].Card == card {
			w.g.move(id, ZoneLibrary, owner, -1)
			return
		}
	}
}
