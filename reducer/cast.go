package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Casting spells (CR 601.2): announce (the card moves to the stack), X,
// targets, total cost, payment. Casting happens from the hand, or from exile
// or the top of the library by a permission (adventure.go, enablers.go).

// castPlan is a legal cast, worked out by the check and carried out as is.
type castPlan struct {
	obj     ObjID
	face    string
	targets []Target
	pay     []int
	// from is the zone it is cast from; top the permanent whose permission
	// casts it from the top of a library (enablers.go).
	from Zone
	top  ObjID
	// lang: a language spell's modes and targets per slot (interp_cast.go).
	lang *langCastPlan
	// table: the card isn't modelled; the table's effects say what it
	// does (table_generic.go).
	table bool
}

func (g *Game) checkCast(seat int, b *events.Cast) error {
	p, err := g.planCast(seat, b)
	if err == nil {
		g.remember(b).cast = p // plan_memo.go
	}
	return err
}

// planCast tries each card the input names, in id order, and returns the
// first that can be cast as asked, or the first card's reason.
func (g *Game) planCast(seat int, b *events.Cast) (castPlan, error) {
	s := g.S
	if s.Pending.Ask == AskCast {
		return g.planFreeCast(seat, b) // cast as a spell resolves (discover.go)
	}
	if err := g.checkPriority(seat); err != nil {
		return castPlan{}, err
	}
	var buf [8]ObjID // on the stack: the candidates are read here only
	cands := s.matchRefIn(buf[:0], b.Card, s.Players[seat].Hand)
	exiled, forbidden := s.castableFromExile(seat, b.Card)
	cands = append(cands, exiled...)
	cands = append(cands, s.castableFromTop(seat, b.Card)...)
	cands = append(cands, s.castableFromGraveyard(seat, b.Card)...) // aftermath (fuse.go)
	if gc, ok := graveCastNamed(b.Alternative); ok {
		cands = append(cands, s.graveCastCards(seat, b.Card, gc)...) // interp_gravecast.go
	}
	if len(cands) == 0 {
		if len(forbidden) > 0 {
			return castPlan{}, g.noExilePermission(forbidden[0])
		}
		if err := g.notGraveCast(seat, b.Card); err != nil {
			return castPlan{}, err // interp_gravecast.go
		}
		return castPlan{}, g.notCastable(seat, b) // refusal_rulings.go
	}
	var first error
	for _, id := range cands {
		p, err := g.planCastOf(seat, id, b)
		if err == nil {
			return p, nil
		}
		if first == nil {
			first = err
		}
	}
	return castPlan{}, first
}

func (g *Game) planCastOf(seat int, id ObjID, b *events.Cast) (castPlan, error) {
	s := g.S
	o := s.Objects[id]
	if (len(b.Delve) > 0 || len(b.Improvise) > 0) && langOf(o.Def) == nil {
		return castPlan{}, g.refuse("CR 601.2h", "body.delve", "%s has neither delve nor improvise", o.Name()) // interp_delve.go
	}
	if len(b.Conspire) > 0 && langOf(o.Def) == nil {
		return castPlan{}, g.refuse("CR 702.78a", "body.conspire", "%s has no conspire", o.Name()) // interp_conspire.go
	}
	if len(b.Convoke) > 0 && langOf(o.Def) == nil {
		return castPlan{}, g.refuse("CR 702.51a", "body.convoke", "%s has no convoke", o.Name()) // interp_convoke.go
	}
	def := o.Def
	face := ""
	switch {
	case b.Prototype:
		if o.Def.Prototype == nil {
			return castPlan{}, g.refuse("CR 718", "body.prototype", "%s has no prototype", o.Name())
		}
		if b.Face != "" {
			return castPlan{}, g.refuse("CR 718", "body.face", "%s cast prototyped is cast as itself, not as a face", o.Name())
		}
		def, face = o.Def.Prototype, cards.PrototypeFace // CR 718: its prototype's cost, colour, power and toughness
	case b.Face != "" && o.Def.Layout == "modal_dfc":
		f := o.Def.Face(b.Face)
		if f == nil {
			return castPlan{}, g.refuse("CR 712", "body.face", "%s has no face named %q", o.Name(), b.Face)
		}
		if f != o.Def.Faces[0] {
			def, face = f, f.Name // a modal DFC cast by its back: that face alone (CR 712)
		}
	case b.Face != "" && o.Def.Face(b.Face) == nil && g.grantedFace(seat, o, b.Face) != nil:
		def = g.grantedFace(seat, o, b.Face) // NPC-1: an Adventure granted in hand
		face = def.Name
	case b.Face != "" && o.Def.Face(b.Face) == nil && s.pool.GrantedFace(b.Face) != nil:
		return castPlan{}, g.refuse("CR 715.3", "body.face", "%s has no Adventure named %s: only a creature card in the hand of a player who controls %s has it (NPC-1)",
			o.Name(), b.Face, s.grantorOf(b.Face))
	case b.Face != "" && o.Def.Layout == "adventure":
		if f := o.Def.Face(b.Face); f == nil {
			return castPlan{}, g.refuse("CR 715.3", "body.face", "%s has no face named %q", o.Name(), b.Face)
		} else if f == o.Def.Adventure() {
			def, face = f, f.Name // ADV-1, ADV-2: judged as the Adventure alone
		}
	case b.Face != "" && b.Face == o.Def.Name && o.Def.Layout == "split":
		if err := g.planFuse(o); err != nil { // CR 702.102 (fuse.go)
			return castPlan{}, err
		}
		face = o.Def.Name
	case b.Face != "":
		def = o.Def.Face(b.Face)
		if def == nil {
			if err := g.noAdventureFace(o, b.Face); err != nil { // refusal_rulings.go
				return castPlan{}, err
			}
		}
		if def == nil || o.Def.Layout != "split" {
			return castPlan{}, g.refuse("CR 709.3", "body.face", "%s has no half named %q to cast", o.Name(), b.Face)
		}
		face = def.Name
	case o.Def.Layout == "split":
		return castPlan{}, g.refuse("CR 709.3", "body.face", "name the half of %s to cast", o.Def.Name)
	}
	if err := g.checkAftermath(o, face); err != nil { // CR 702.127a (fuse.go)
		return castPlan{}, err
	}
	if b.Entwine && (langOf(def) == nil || face != "" && face == o.Def.Name) {
		return castPlan{}, g.refuse("CR 702.42a", "body.entwine", "%s has no entwine", def.Name) // interp_entwine.go
	}
	var top ObjID
	switch o.Zone {
	case ZoneGraveyard:
		g.action = "cast " + def.Name + " from the graveyard"
	case ZoneExile:
		g.action = "cast " + def.Name + " from exile"
		if err := g.checkExileCast(seat, o, def, face); err != nil {
			return castPlan{}, err
		}
	case ZoneLibrary:
		g.action = "cast " + def.Name + " from the top of the library"
		src, err := g.topPermissionNamed(seat, o, def, string(b.Permission))
		if err != nil {
			return castPlan{}, err
		}
		top = src
	}
	if err := g.permissionUnsupported(o, def, top, b); err != nil { // interp_permissions.go
		return castPlan{}, err
	}
	switch {
	case def.Is("Land"):
		return castPlan{}, g.refuse("CR 305.9", "body.card", "%s is a land: lands are played, not cast", def.Name)
	case !castModelled(o, def, face) && !g.tableCovers(def.Name):
		return castPlan{}, g.refuse("CARD-CODE", "body.card", "%s's rules text is not modelled yet", def.Name)
	case !castModelled(o, def, face):
		return g.planUnmodelledCast(seat, id, def, face, top, b) // the table supplies its text (table_generic.go)
	}
	fuse := face != "" && face == o.Def.Name
	if err := g.castTiming(seat, def, fuse, top); err != nil {
		return castPlan{}, err
	}
	if b.X != 0 && !def.Cost.HasX() {
		return castPlan{}, g.refuse("CR 601.2b", "body.x", "%s has no X in its cost", def.Name)
	}
	if why := g.castForbidden(seat, o); why != "" { // CR 101.2 (interp_rules.go)
		return castPlan{}, g.refuse("CR 101.2", "body.card", "%s can't be cast: %s", def.Name, why)
	}
	if sp := fusedSpell(o.Def); fuse && sp != nil {
		return g.planFusedLangCast(seat, o, id, face, top, def, sp, b) // interp_fuse.go
	}
	if lc := langOf(def); lc != nil && !fuse {
		return g.planLangCastOf(seat, o, id, face, top, def, lc, b)
	}
	if len(b.Modes) > 0 {
		return castPlan{}, g.refuse("CR 601.2b", "body.modes", "%s is not modal", def.Name)
	}
	sp := def.SpellOf()
	kinds := targetKinds(sp, len(b.Targets))
	if fuse {
		kinds = fusedKinds(def) // the left half's, then the right's (fuse.go)
	}
	switch {
	case sp != nil && sp.AnyNumber && len(b.Targets) == 0:
		return castPlan{}, g.refuse("CR 601.2c", "body.targets", "%s needs at least one target", def.Name)
	case sp != nil && sp.AnyNumber && sp.MaxTargets > 0 && len(b.Targets) > sp.MaxTargets:
		return castPlan{}, g.refuse("CR 601.2c", "body.targets", "%s takes 1 to %d targets, got %d", def.Name, sp.MaxTargets, len(b.Targets))
	case len(b.Targets) != len(kinds):
		return castPlan{}, g.refuse("CR 601.2c", "body.targets", "%s takes %d target%s, got %d", def.Name, len(kinds), plural(len(kinds)), len(b.Targets))
	}
	plan := castPlan{obj: id, face: face, from: o.Zone, top: top}
	for i, k := range kinds {
		t, err := g.chooseTarget(seat, id, k, b.Targets[i], "body.targets["+itoa(i)+"]", plan.targets)
		if err != nil {
			return castPlan{}, err
		}
		if slices.Contains(plan.targets, t) {
			return castPlan{}, g.refuse("CR 115.3", "body.targets["+itoa(i)+"]", "%q is chosen twice for the same spell", b.Targets[i])
		}
		plan.targets = append(plan.targets, t)
	}
	cost := def.Cost
	if fuse {
		cost = fusedCost(def) // CR 702.102c
	}
	if sp != nil && sp.ExtraCost != nil {
		cost = append(slices.Clone(cost), sp.ExtraCost(len(plan.targets))...) // CR 601.2f
	}
	if b.Kicks > 1 {
		return castPlan{}, g.refuse("CR 702.33c", "body.kicks", "%s has no multikicker", def.Name)
	}
	if kickTimes(b) > 0 {
		if sp == nil || sp.Kicker == nil {
			return castPlan{}, g.refuse("CR 702.33a", "body.kicked", "%s has no kicker", def.Name)
		}
		cost = append(slices.Clone(cost), sp.Kicker...) // an additional cost (CR 601.2f)
	}
	cost = g.changedCost(seat, o, def, cost, b.X) // CR 601.2f (interp_rules.go)
	pay, err := g.choosePaymentFor(seat, o, cost, b.X, b.Pay)
	if err != nil {
		return castPlan{}, err
	}
	plan.pay = pay
	return plan, nil
}

// castTiming: a spell that isn't an instant (or a fused pair of them) and
// hasn't flash is cast in its controller's main phase with an empty stack
// (CR 307.1).
func (g *Game) castTiming(seat int, def *cards.Card, fuse bool, top ObjID) error {
	s := g.S
	if (fuse && fusedSorcery(def) || !fuse && !def.Is("Instant")) && !def.HasKeyword("Flash") && !g.asThoughFlash(seat, def, top) {
		switch {
		case s.Active != seat:
			return g.refuse("CR 307.1", "body.card", "%s can be cast only in its controller's own main phase: it is %s's turn", def.Name, s.Players[s.Active].ID)
		case s.Step != StepMain1 && s.Step != StepMain2:
			return g.refuse("CR 307.1", "body.card", "%s can be cast only in a main phase, not %s", def.Name, s.Step)
		case len(s.Stack) > 0:
			return g.refuse("CR 307.1", "body.card", "%s can be cast only when the stack is empty", def.Name)
		}
	}
	return nil
}

// chooseTarget resolves a target reference for a slot of kind k.
// A name that fits several objects means the first not chosen already for
// this spell (two targets of one spell both named "Test Bear").
func (g *Game) chooseTarget(seat int, spell ObjID, k cards.TargetKind, ref, field string, chosen []Target) (Target, error) {
	return g.chooseTargetFrom(seat, spell, g.S.Obj(spell), k, ref, field, chosen)
}

// chooseTargetFrom is chooseTarget for a source other than a spell being
// cast (an ability's source); spell (0 for none) can't target itself.
func (g *Game) chooseTargetFrom(seat int, spell ObjID, src *Object, k cards.TargetKind, ref, field string, chosen []Target) (Target, error) {
	_, _, byID := parseID(ref)
	s := g.S
	if k.TakesPlayers() {
		if p := s.Seat(ref); p >= 0 {
			if why := g.playerTargetIllegal(p); why != "" { // interp_player_protection.go
				return Target{}, g.refuse("CR 702.16b", field, "%s", why)
			}
			return Target{Player: p}, nil
		}
	}
	zone := s.Battlefield
	switch {
	case k.InGraveyard():
		zone = s.graveyards()
	case k.OnStack() && k.OnBattlefield():
		zone = append(slices.Clone(s.Battlefield), s.Stack...)
	case k.OnStack():
		zone = s.Stack
	case !k.OnBattlefield():
		zone = nil
	}
	var first string
	for _, id := range s.matchRef(ref, zone) {
		if id == spell {
			continue // a spell can't target itself (CR 115.5)
		}
		if !byID && slices.Contains(chosen, Target{Obj: uint32(id)}) {
			continue
		}
		if why := g.targetIllegalFrom(k, Target{Obj: uint32(id)}, src); why != "" {
			if first == "" {
				first = why
			}
			continue
		}
		return Target{Obj: uint32(id)}, nil
	}
	if first != "" {
		return Target{}, g.refuse("CR 115.1", field, "%s", first)
	}
	return Target{}, g.refuse("CR 115.1", field, "%q is not a legal %s", ref, k)
}

// targetIllegal says why t is not a legal target of kind k now, or "".
func (g *Game) targetIllegal(k cards.TargetKind, t Target) string {
	return g.targetIllegalFrom(k, t, nil)
}

// targetIllegalFrom also checks protection from the source (CR 702.16b).
func (g *Game) targetIllegalFrom(k cards.TargetKind, t Target, src *Object) string {
	if why := g.targetIllegalKind(k, t, src); why != "" {
		return why
	}
	if o := g.S.Obj(ObjID(t.Obj)); t.Obj != 0 && protectedFrom(o, src) {
		return g.S.objName(o.ID) + " has protection from " + src.Name() + " (CR 702.16b)"
	}
	if o := g.S.Obj(ObjID(t.Obj)); t.Obj != 0 && o.Zone == ZoneBattlefield {
		switch {
		case o.Has("Shroud"):
			return g.S.objName(o.ID) + " has shroud (CR 702.18)"
		case o.Has("Hexproof") && src != nil && src.Controller != o.Controller:
			return g.S.objName(o.ID) + " has hexproof (CR 702.11)"
		}
	}
	return ""
}

func (g *Game) targetIllegalKind(k cards.TargetKind, t Target, src *Object) string {
	s := g.S
	if t.Obj == 0 {
		if k.TakesPlayers() && t.Player >= 0 && t.Player < len(s.Players) && !s.Players[t.Player].Lost {
			return g.playerTargetIllegal(t.Player) // interp_player_protection.go
		}
		return "a player is not a legal " + k.String()
	}
	o := s.Obj(ObjID(t.Obj))
	if o == nil {
		return ObjID(t.Obj).String() + " has left its zone"
	}
	name := func() string { return s.objName(o.ID) } // for a refusal only
	switch k {
	case cards.AnyTarget, cards.TargetCreature, cards.TargetNonblackCreature:
		if o.Zone != ZoneBattlefield || !o.Is("Creature") {
			if k == cards.AnyTarget && o.Zone == ZoneBattlefield && o.Is("Planeswalker") {
				return ""
			}
			return name() + " is not a creature on the battlefield"
		}
		if k == cards.TargetNonblackCreature && o.IsColor(cards.Black) {
			return name() + " is black"
		}
	case cards.TargetArtifactOrEnchantment:
		if o.Zone != ZoneBattlefield || !(o.Is("Artifact") || o.Is("Enchantment")) {
			return name() + " is not an artifact or enchantment on the battlefield"
		}
	case cards.TargetCreaturePower4:
		if o.Zone != ZoneBattlefield || !o.Is("Creature") {
			return name() + " is not a creature on the battlefield"
		}
		if o.Power() < 4 {
			return name() + " has power " + itoa(o.Power()) + ", less than 4"
		}
	case cards.TargetCreatureOrPlaneswalker:
		if o.Zone != ZoneBattlefield || !(o.Is("Creature") || o.Is("Planeswalker")) {
			return name() + " is not a creature or planeswalker on the battlefield"
		}
	case cards.TargetCreatureYouControl:
		if o.Zone != ZoneBattlefield || !o.Is("Creature") {
			return name() + " is not a creature on the battlefield"
		}
		if src != nil && o.Controller != src.Controller {
			return name() + " is not controlled by " + s.Players[src.Controller].ID
		}
	case cards.TargetOpponentsNonland:
		if o.Zone != ZoneBattlefield || o.Is("Land") {
			return name() + " is not a nonland permanent"
		}
		if src != nil && o.Controller == src.Controller {
			return name() + " is not controlled by an opponent"
		}
	case cards.TargetSpell, cards.TargetCreatureSpell:
		if o.Zone != ZoneStack || o.isAbility() {
			return name() + " is not a spell on the stack"
		}
		if k == cards.TargetCreatureSpell && !o.Is("Creature") {
			return name() + " is not a creature spell"
		}
	default:
		if f := extTargetRules[k]; f != nil {
			return f(g, o, src)
		}
	}
	return ""
}

func (g *Game) doCast(seat int, b *events.Cast) {
	if g.S.Pending.Ask == AskCast {
		g.doFreeCast(seat, b)
		return
	}
	var plan castPlan
	if m, ok := g.recall(b); ok {
		plan = m.cast
	} else {
		plan, _ = g.planCast(seat, b)
	}
	nid := g.move(plan.obj, ZoneStack, seat, -1)
	g.emit(Effect{Op: OpSpell, Obj: nid, N: b.X, Kind: plan.face, Targets: slices.Clone(plan.targets), Zone: castFromZone(plan.from)})
	if plan.lang != nil {
		g.emitCastChoices(nid, plan.lang.modes, plan.lang.slots)
	}
	if n := kickTimes(b); n > 0 {
		g.emitKicked(nid, n) // interp_multikicker.go
	}
	if plan.lang != nil && castWithRecorded(b.Alternative) {
		g.emit(Effect{Op: OpCastWith, Obj: nid, Name: b.Alternative}) // interp_altcosts.go
	}
	if plan.lang != nil {
		if n := g.copiesOnCast(g.S.Objects[nid], b); n > 0 {
			g.emit(Effect{Op: OpTimes, Obj: nid, N: n}) // interp_copies.go
		}
	}
	if plan.lang != nil && plan.lang.costs != nil {
		g.payCost(seat, *plan.lang.costs) // mana and the rest (interp_paycost.go)
	} else {
		g.spend(seat, plan.pay)
	}
	if plan.table {
		g.tableHook() // additional costs and the like are the table's (table.go)
	}
	g.afterCast(plan, nid, seat)
	g.fire(cards.TriggerCast, nid, seat) // CR 601.2i: cast once paid
	g.fireTargeted(nid, seat)            // ward and the like (interp_attach.go)
	g.acted(seat)
}

// castModelled: what is cast must be modelled: the half or Adventure cast,
// or an adventurer's creature alone (its Adventure's text doesn't matter
// to the creature spell), or the face of a modal DFC cast (the other face
// never matters to it).
func castModelled(o *Object, def *cards.Card, face string) bool {
	if face != "" && o.Def.Face(face) == nil {
		return modelled(def) // a granted Adventure (NPC-1), a prototype
	}
	if face == "" && (o.Def.Adventure() != nil || o.Def.Layout == "modal_dfc" && len(o.Def.Faces) > 0) {
		return modelled(o.Def.Faces[0])
	}
	return modelled(def)
}
