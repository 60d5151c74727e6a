package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Copies (CR 707) and populate (CR 701.30).
//
// A copy takes only the copiable values of the object it copies (CR 707.2):
// its definition as modified by other copy effects (layer 1), never its
// tapped state, counters, damage, attachments or the effects of other
// spells on it (POP-3). The engine keeps the copiable values on the object
// as its Def with Copy set, so every characteristic (name, types, colours,
// P/T, keywords, abilities, the card code found by the copied card's name)
// comes from them; a copy of a copy copies what that one copies (POP-4). A
// token created as a copy enters the battlefield like any permanent: its
// enters-the-battlefield triggers trigger and its "as enters" abilities
// apply (POP-5).
//
// Populate: the player chooses (not targets) a creature token they control
// as the populate resolves, and creates a token that's a copy of it (POP-1);
// with none, nothing happens (POP-2); a token created earlier by the same
// spell or ability may be chosen (POP-6).
//
// A copy of a spell (CR 707.10) is put on the stack with no card; it
// resolves like the spell it copies, a copy of an Adventure spell is exiled
// as it resolves like the card would be, and outside the stack a copy of a
// spell ceases to exist as a state-based action (CR 704.5e), so it is
// never cast as a permanent (ADV-10). A card that is a copy stops being one
// when it leaves the battlefield and a token copy ceases to exist (ADV-9).

// Copy ops.
const (
	OpCopyToken  Op = 100 // a token that is a copy of the definition Name is created on the battlefield for Seat as object Obj
	OpBecomeCopy Op = 101 // permanent Obj becomes a copy of the definition Name (it enters as a copy: Clone)
	OpCopySpell  Op = 102 // a copy of spell Obj is put on the stack as object To, controlled by Seat
	OpRetarget   Op = 103 // target N of the spell Obj becomes Targets[0] (new targets for a copy, CR 707.10c)
	OpKicked     Op = 104 // spell Obj was cast with its kicker paid (CR 702.33)
)

func init() {
	registerOp(OpCopyToken, func(s *State, e *Effect) {
		def, ok := s.cardDef(e.Name)
		if !ok || e.Obj != s.nextObjID() {
			panic("reducer: bad token copy of " + e.Name)
		}
		s.addObject(s.newObject(Object{ID: e.Obj, Def: def, Owner: e.Seat, Controller: e.Seat, Zone: ZoneBattlefield, Token: true, Sick: true, Copy: true}), -1)
	})
	registerOp(OpBecomeCopy, func(s *State, e *Effect) {
		def, ok := s.cardDef(e.Name)
		if !ok {
			panic("reducer: copy of unknown card " + e.Name)
		}
		o := s.mustObj(e.Obj)
		if !o.special() {
			s.specials++
			s.noteSpecial(o.ID)
		}
		o.Def, o.Copy = def, true
	})
	registerOp(OpCopySpell, func(s *State, e *Effect) {
		src := s.mustObj(e.Obj)
		if e.To != s.nextObjID() {
			panic("reducer: spell copy out of order")
		}
		o := s.newObject(Object{ID: e.To, Def: src.Def, Owner: e.Seat, Controller: e.Seat, Zone: ZoneStack, Copy: true,
			Face: src.Face, X: src.X, Targets: slices.Clone(src.Targets), Kicked: src.Kicked, Kicks: src.Kicks})
		if l := src.Lang; l != nil { // a language spell's modes and target slots are copiable (CR 707.10)
			o.Lang = &LangState{Modes: slices.Clone(l.Modes), Slots: slices.Clone(l.Slots)}
		}
		s.addObject(o, -1)
	})
	registerOp(OpRetarget, func(s *State, e *Effect) {
		s.mustObj(e.Obj).Targets[e.N] = e.Targets[0]
	})
	registerOp(OpKicked, func(s *State, e *Effect) {
		o := s.mustObj(e.Obj)
		o.Kicked = true
		if e.N > 1 {
			o.Kicks = e.N // multikicker (interp_multikicker.go)
		}
	})
	extDescribe[OpCopyToken] = func(s *State, e Effect) string {
		return "token " + e.Obj.String() + " created for " + s.Players[e.Seat].ID + " as a copy of " + e.Name
	}
	extDescribe[OpBecomeCopy] = func(s *State, e Effect) string {
		return e.Obj.String() + " becomes a copy of " + e.Name
	}
	extDescribe[OpCopySpell] = func(s *State, e Effect) string {
		return "copy of " + s.objName(e.Obj) + " put on the stack as " + e.To.String() + " for " + s.Players[e.Seat].ID
	}
	extDescribe[OpRetarget] = func(s *State, e Effect) string {
		return s.objName(e.Obj) + " target " + itoa(e.N+1) + " becomes " + describeTarget(s, e.Targets[0])
	}
	extDescribe[OpKicked] = func(s *State, e Effect) string {
		if e.N > 1 {
			return s.objName(e.Obj) + " is kicked " + itoa(e.N) + " times"
		}
		return s.objName(e.Obj) + " is kicked"
	}
	extTargetRules[cards.TargetInstantOrSorcerySpellMV4] = func(g *Game, o, _ *Object) string {
		name := g.S.nameOf(o.ID)
		switch {
		case o.Zone != ZoneStack || o.isAbility():
			return name.String() + " is not a spell on the stack"
		case !o.Is("Instant") && !o.Is("Sorcery"):
			return name.String() + " is not an instant or sorcery spell"
		case o.ManaValue() > 4:
			return name.String() + " has mana value " + itoa(o.ManaValue()) + ", more than 4"
		}
		return ""
	}
}

func describeTarget(s *State, t Target) string {
	if t.Obj == 0 {
		return s.Players[t.Player].ID
	}
	return s.objName(ObjID(t.Obj))
}

// isSpellCopy reports whether o is a copy of a spell (CR 707.10): a copy
// that is neither a card nor a token.
func (o *Object) isSpellCopy() bool { return o.Copy && o.Card == 0 && !o.Token && !o.isAbility() }

// createCopyTokens creates n tokens for seat that are copies of the
// permanent o: its copiable values, nothing else (POP-3, POP-4); each
// enters like any permanent (POP-5).
func (g *Game) createCopyTokens(seat int, o *Object, n int) {
	if o == nil || o.Def == nil {
		return
	}
	for i := 0; i < n; i++ {
		id := g.S.nextObjID()
		g.emit(Effect{Op: OpCopyToken, Obj: id, Seat: seat, Name: o.Def.Name})
		g.entered(id)
	}
}

// copySpell puts a copy of the spell o on the stack under seat's control
// (CR 707.10) and returns it.
func (g *Game) copySpell(o *Object, seat int) ObjID {
	id := g.S.nextObjID()
	g.emit(Effect{Op: OpCopySpell, Obj: o.ID, To: id, Seat: seat})
	return id
}

// --- Entering as a copy (Clone) -------------------------------------------

// entersAsCopy reports whether a permanent spell may enter as a copy of a
// creature (CR 707.9, 614.1c).
func entersAsCopy(o *Object) bool {
	pm := o.def().PermanentOf()
	return !o.isAbility() && pm != nil && pm.EntersAsCopy
}

// resolveEntersAsCopy resolves a permanent spell that "may enter as a copy
// of any creature on the battlefield": its controller chooses one or none
// as it resolves (a replacement effect, CR 614.1c; not targeted), then it
// enters as that copy, so it has the copied creature's enters-the-
// battlefield abilities (POP-5). It reports whether it finished.
func (g *Game) resolveEntersAsCopy(o *Object, answer []string) bool {
	return g.runResolve(o, answer, func(w *world) {
		if w.Step() == 0 {
			var opts []string
			for _, id := range g.S.Battlefield {
				if g.S.Objects[id].Is("Creature") {
					opts = append(opts, id.String())
				}
			}
			if len(opts) > 0 {
				w.Ask(o.Controller, "enter as a copy of a creature on the battlefield (none: enter as "+o.Name()+")", opts, 0, 1)
				return
			}
		}
		var of *Object
		if len(answer) == 1 {
			if c := g.S.objByRef(answer[0]); c != nil && c.Zone == ZoneBattlefield && c.Is("Creature") {
				of = c
			}
		}
		nid := g.moveQuiet(o.ID, ZoneBattlefield, o.Controller, -1)
		if of != nil {
			g.emit(Effect{Op: OpBecomeCopy, Obj: nid, Name: of.Def.Name})
		}
		g.entered(nid)
	})
}

// --- Card code's world ------------------------------------------------------

// CreatureTokens lists the creature tokens seat controls, in the order
// they entered.
func (w *world) CreatureTokens(seat int) []string {
	return idStrings(creatureTokens(w.g.S, seat))
}

// CreateCopies creates n tokens that are copies of the permanent obj.
func (w *world) CreateCopies(seat int, obj uint32, n int) {
	if o := w.g.S.Obj(ObjID(obj)); o != nil && o.Zone == ZoneBattlefield {
		w.g.createCopyTokens(seat, o, n)
	}
}

// Exile exiles a permanent (CR 406).
func (w *world) Exile(obj uint32) {
	if o := w.g.S.Obj(ObjID(obj)); o != nil && o.Zone == ZoneBattlefield {
		nid := w.g.S.nextObjID()
		w.g.moveQuietExile(o, nid, w.spell.Name())
	}
}

func (g *Game) moveQuietExile(o *Object, nid ObjID, by string) {
	var leaves []Effect
	if o.Zone == ZoneBattlefield {
		leaves = g.langLeaveTriggers(o, ZoneExile) // interp_leaves.go
	}
	g.emit(Effect{Op: OpMove, Obj: o.ID, To: nid, Zone: ZoneExile, Seat: o.Owner, N: -1, Name: by})
	markMoved(g.S, leaves, o.ID, nid)
	for _, e := range leaves {
		g.emit(e)
	}
	g.endEffectsOf(o.ID)
}

// Kicked reports whether the resolving spell was kicked.
func (w *world) Kicked() bool { return w.spell.Kicked }

// CopySpell copies a spell on the stack for the resolving spell's
// controller and returns the copy; 0 if it's gone.
func (w *world) CopySpell(obj uint32) uint32 {
	o := w.g.S.Obj(ObjID(obj))
	if o == nil || o.Zone != ZoneStack || o.isAbility() {
		return 0
	}
	return uint32(w.g.copySpell(o, w.spell.Controller))
}

// NewTargets lists what target slot of the spell copy may become: its
// current target first, then every other legal one (CR 707.10c).
func (w *world) NewTargets(copy uint32, slot int) []string {
	o := w.g.S.Obj(ObjID(copy))
	if o == nil || slot >= len(o.Targets) {
		return nil
	}
	kinds := targetKinds(o.def().SpellOf(), len(o.Targets))
	if slot >= len(kinds) {
		// A spell of the ability language: its own targets, or only the
		// present one where they aren't one per slot (interp_copies.go).
		if spec := langSlotSpec(o, slot); spec != nil {
			return targetOptionsFor(w.g, o, slot, spec, o.Controller)
		}
		return []string{refOf(w.g.S, o.Targets[slot])}
	}
	cur := refOf(w.g.S, o.Targets[slot])
	out := []string{cur}
	s := w.g.S
	var cands []Target
	for i := range s.Players {
		cands = append(cands, Target{Player: i})
	}
	for _, zone := range [][]ObjID{s.Battlefield, s.Stack} {
		for _, id := range zone {
			cands = append(cands, Target{Obj: uint32(id)})
		}
	}
	for _, t := range cands {
		if r := refOf(s, t); r != cur && w.g.targetIllegalFrom(kinds[slot], t, o) == "" {
			out = append(out, r)
		}
	}
	return out
}

// Retarget changes target slot of the spell copy to ref, if it is legal.
func (w *world) Retarget(copy uint32, slot int, ref string) {
	o := w.g.S.Obj(ObjID(copy))
	if o == nil || slot >= len(o.Targets) {
		return
	}
	kinds := targetKinds(o.def().SpellOf(), len(o.Targets))
	t, ok := targetOfRef(w.g.S, ref)
	if !ok || o.Targets[slot] == t {
		return
	}
	if slot < len(kinds) {
		if w.g.targetIllegalFrom(kinds[slot], t, o) != "" {
			return
		}
	} else if spec := langSlotSpec(o, slot); spec == nil || (&evalCtx{g: w.g, you: o.Controller, src: o.ID}).targetIllegalLang(spec, t, o) != "" {
		return
	}
	w.g.emit(Effect{Op: OpRetarget, Obj: o.ID, N: slot, Targets: []Target{t}})
}

// StackTop is the object on top of the stack.
func (w *world) StackTop() uint32 {
	if st := w.g.S.Stack; len(st) > 0 {
		return uint32(st[len(st)-1])
	}
	return 0
}

// SpellTargetCount is how many targets a spell on the stack has.
func (w *world) SpellTargetCount(obj uint32) int {
	if o := w.g.S.Obj(ObjID(obj)); o != nil {
		return len(o.Targets)
	}
	return 0
}

// PreventCombatDamageTo: prevent all combat damage that would be dealt to
// seat this turn.
func (w *world) PreventCombatDamageTo(seat int) {
	w.g.addContinuous(Continuous{Source: w.spell.ID, Controller: seat, Until: UntilEndOfTurn, Rule: RulePreventCombatToPlayer})
}

// RulePreventCombatToPlayer: all combat damage that would be dealt to the
// effect's controller is prevented (CR 615).
const RulePreventCombatToPlayer = "prevent_combat_damage_to_controller"

// combatDamagePrevented reports whether combat damage to seat is prevented
// now (unless damage can't be prevented, CR 615.12).
func (g *Game) combatDamagePrevented(seat int) bool {
	if g.preventionOff() {
		return false
	}
	for i := range g.S.Continuous {
		if c := &g.S.Continuous[i]; c.Rule == RulePreventCombatToPlayer && c.Controller == seat {
			return true
		}
	}
	return false
}

func refOf(s *State, t Target) string {
	if t.Obj == 0 {
		return s.Players[t.Player].ID
	}
	return ObjID(t.Obj).String()
}

func targetOfRef(s *State, ref string) (Target, bool) {
	if seat := s.Seat(ref); seat >= 0 {
		return Target{Player: seat}, true
	}
	if o := s.objByRef(ref); o != nil {
		return Target{Obj: uint32(o.ID)}, true
	}
	return Target{}, false
}
