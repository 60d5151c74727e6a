package reducer

import (
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// What the enablers' card code reads and does (cards.EnablerFacts,
// cards.EnablerWorld).

// RuleNoPrevention: damage can't be prevented ("Damage can't be prevented this turn."), for as long as the
// continuous effect that says so lasts.
const RuleNoPrevention = "no_prevention"

func (f facts) HasSubtype(obj uint32, t string) bool {
	o := f.g.S.Obj(ObjID(obj))
	return o != nil && o.HasSubtype(t)
}

func (f facts) Tapped(obj uint32) bool {
	o := f.g.S.Obj(ObjID(obj))
	return o != nil && o.Tapped
}

func (f facts) Permanents(seat int) []uint32 {
	var out []uint32
	for _, id := range f.g.S.Battlefield {
		if o := f.g.S.Objects[id]; seat < 0 || o.Controller == seat {
			out = append(out, uint32(id))
		}
	}
	return out
}

func (w *world) GainLife(seat, n int) {
	w.g.gainLife(seat, n) // interp_lifegain.go
}

// Sacrifice: a sacrificed permanent goes to its owner's graveyard (CR
// 701.17); one no longer on the battlefield isn't sacrificed.
func (w *world) Sacrifice(ids []string) {
	for _, ref := range ids {
		if o := w.g.S.objByRef(ref); o != nil && o.Zone == ZoneBattlefield {
			w.g.move(o.ID, ZoneGraveyard, o.Owner, -1)
		}
	}
}

// ExileFaceDown exiles a card face down, exiled by the resolving ability's
// source, and gives the ability's controller the permission to cast it.
func (w *world) ExileFaceDown(ref, permission string) {
	o := w.g.S.objByRef(ref)
	if o == nil || o.Zone == ZoneExile || o.Zone == ZoneBattlefield || o.Zone == ZoneStack {
		return
	}
	s := w.g.S
	nid := s.nextObjID()
	w.g.emit(Effect{Op: OpMove, Obj: o.ID, To: nid, Zone: ZoneExile, Seat: o.Owner, N: -1, Name: w.sourceName()})
	w.g.emit(Effect{Op: OpFaceDown, Obj: nid, N: 1})
	if permission != "" {
		w.g.emit(Effect{Op: OpMayCast, Obj: nid, Seat: w.Controller(), Kind: permission})
	}
}

// sourceName is the name of the resolving spell, or of an ability's source.
func (w *world) sourceName() string {
	if d := w.spell.def(); d != nil {
		return d.Name
	}
	return w.spell.Name()
}

func (w *world) PutOnLibraryBottom(ids []string) {
	for _, ref := range ids {
		if o := w.g.S.objByRef(ref); o != nil && o.Zone != ZoneBattlefield && o.Zone != ZoneStack {
			w.g.move(o.ID, ZoneLibrary, o.Owner, -1)
		}
	}
}

func (w *world) PutOnLibraryTop(obj uint32) {
	if o := w.g.S.Obj(ObjID(obj)); o != nil && o.Zone != ZoneBattlefield && o.Zone != ZoneStack && o.Zone != ZoneLibrary {
		w.g.move(o.ID, ZoneLibrary, o.Owner, 0)
	}
}

// PreventionOff: "Damage can't be prevented this turn."
func (w *world) PreventionOff() {
	w.g.addContinuous(Continuous{Source: w.spell.ID, Controller: w.spell.Controller, Until: UntilEndOfTurn, Rule: RuleNoPrevention})
}

// ChosenTargets are the resolving triggered ability's targets still legal.
func (w *world) ChosenTargets() []cards.Target {
	legal, _ := w.g.legalTargets(w.spell, triggerTargetKinds(w.spell))
	return legal
}

// preventionOff reports whether damage can't be prevented now.
func (g *Game) preventionOff() bool {
	for i := range g.S.Continuous {
		if g.S.Continuous[i].Rule == RuleNoPrevention {
			return true
		}
	}
	return false
}

func (f facts) CastFromExile(obj uint32) bool {
	o := f.g.S.Obj(ObjID(obj))
	return o != nil && o.Zone == ZoneStack && o.CastFrom == ZoneExile
}

func (f facts) Opponents(seat int) []int {
	var out []int
	for i, p := range f.g.S.Players {
		if i != seat && !p.Lost {
			out = append(out, i)
		}
	}
	return out
}

// ExileToPlay exiles a card from a graveyard, hand or library; the
// resolving ability's controller may play it this turn.
func (w *world) ExileToPlay(obj uint32) bool {
	o := w.g.S.Obj(ObjID(obj))
	if o == nil || o.Zone == ZoneExile || o.Zone == ZoneBattlefield || o.Zone == ZoneStack {
		return false
	}
	nid := w.g.S.nextObjID()
	w.g.emit(Effect{Op: OpMove, Obj: o.ID, To: nid, Zone: ZoneExile, Seat: o.Owner, N: -1, Name: w.sourceName()})
	w.g.emit(Effect{Op: OpMayCast, Obj: nid, Seat: w.Controller(), Kind: MayPlayThisTurn})
	return true
}

// AddMana adds mana made by the resolving ability's source (legendary if
// the source is, MANA-8).
func (w *world) AddMana(seat int, c cards.Color, n int) {
	// The source as it is, or as it last existed (the ability's Def).
	from, legendary := w.spell.ID, 0
	if w.spell.isAbility() {
		from = w.spell.Source
	}
	if src := w.g.S.Obj(from); src != nil && src.Zone == ZoneBattlefield {
		if src.IsLegendary() {
			legendary = 1
		}
	} else if w.spell.Def != nil && w.spell.Def.HasSuper("Legendary") {
		legendary = 1
	}
	for i := 0; i < n; i++ {
		w.g.emit(Effect{Op: OpAddMana, Seat: seat, Obj: from, Color: c, N: legendary})
	}
}
