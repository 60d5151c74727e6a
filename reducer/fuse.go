package reducer

import "github.com/chronicle-mtg/chronicle/reducer/cards"

// Fuse (CR 702.102) and aftermath (CR 702.127): the two ways of casting a
// split card other than one half from the hand.
//
// A fused split spell is cast with the cast input's face naming the whole
// card ("Test Left // Test Right"); on the stack its Face is that name, so that its
// characteristics are the card's combined ones (CR 709.4d) and its mana
// value the total (CR 702.102c). Its targets are the left half's, then the
// right half's; it resolves the left half, then the right (CR 702.102d),
// each with those of its own targets that are still legal for it.
//
// An aftermath half is cast only from its owner's graveyard, the other half
// never from there, and a spell cast from a graveyard as the aftermath half
// is exiled whenever it would leave the stack (CR 702.127a).

// fused reports whether the spell o was cast with both halves fused.
func (o *Object) fused() bool {
	return o.Face != "" && o.Def != nil && o.Def.Layout == "split" && o.Face == o.Def.Name && !o.isAbility()
}

// planFuse checks casting both halves of o's card (CR 702.102a): only a
// card with fuse, only from the hand.
func (g *Game) planFuse(o *Object) error {
	if !o.Def.HasKeyword("Fuse") {
		return g.refuse("CR 709.3", "body.face", "one half of %s is cast, not both: name one", o.Def.Name)
	}
	if o.Zone != ZoneHand {
		return g.refuse("CR 702.102a", "body.face", "both halves of %s are cast together (fuse) only from the hand, not from %s", o.Def.Name, castFromName(o.Zone))
	}
	if fusedSpell(o.Def) != nil {
		return nil // halves of the ability language (interp_fuse.go)
	}
	for _, f := range o.Def.Faces {
		if sp := f.SpellOf(); sp == nil || sp.AnyNumber || sp.ExtraCost != nil {
			return g.refuse("CARD-CODE", "body.face", "fusing %s is not modelled: %s's text doesn't fit a fused spell", o.Def.Name, f.Name)
		}
	}
	return nil
}

// fusedKinds lists the target kinds of a fused split card: the left half's,
// then the right half's.
func fusedKinds(def *cards.Card) []cards.TargetKind {
	var ks []cards.TargetKind
	for _, f := range def.Faces {
		if sp := f.SpellOf(); sp != nil {
			ks = append(ks, sp.Targets...)
		}
	}
	return ks
}

// fusedCost is the total cost of both halves (CR 702.102c).
func fusedCost(def *cards.Card) cards.Cost {
	var c cards.Cost
	for _, f := range def.Faces {
		c = append(c, f.Cost...)
	}
	return c
}

// fusedSorcery: a fused spell is cast as a sorcery unless both halves are
// instants.
func fusedSorcery(def *cards.Card) bool {
	for _, f := range def.Faces {
		if !f.Is("Instant") {
			return true
		}
	}
	return false
}

// fusedFizzles: a fused spell doesn't resolve only when all its targets,
// of both halves, are illegal (CR 608.2b).
func (g *Game) fusedFizzles(o *Object) bool {
	_, fizzles := g.legalTargets(o, fusedKinds(o.Def))
	return fizzles
}

// fusedRun resolves the left half and then the right (CR 702.102d), each
// with its own targets still legal for that half.
func (g *Game) fusedRun(o *Object) func(w *world) {
	return func(w *world) {
		i := 0
		for _, f := range o.Def.Faces {
			sp := f.SpellOf()
			n := len(sp.Targets)
			var legal []Target
			for j := i; j < i+n && j < len(o.Targets); j++ {
				if g.targetIllegalFrom(sp.Targets[j-i], o.Targets[j], o) == "" {
					legal = append(legal, o.Targets[j])
				}
			}
			i += n
			if n > 0 && len(legal) == 0 {
				continue // this half's targets are all illegal: it does nothing
			}
			if sp.Resolve != nil {
				sp.Resolve(w, legal)
			}
		}
	}
}

// spellRun is how the spell o resolves: a fused spell's halves, or its
// own text with its legal targets.
func (g *Game) spellRun(o *Object) func(w *world) {
	if o.fused() {
		return g.fusedRun(o)
	}
	sp := o.def().SpellOf()
	legal, _ := g.legalTargets(o, targetKinds(sp, len(o.Targets)))
	return func(w *world) { sp.Resolve(w, legal) }
}

// aftermathHalf is the half of def with aftermath, or nil.
func aftermathHalf(def *cards.Card) *cards.Card {
	if def == nil || def.Layout != "split" {
		return nil
	}
	for _, f := range def.Faces {
		if f.HasKeyword("Aftermath") || hasAftermathText(f) {
			return f
		}
	}
	return nil
}

func hasAftermathText(f *cards.Card) bool {
	return len(f.Oracle) >= 9 && f.Oracle[:9] == "Aftermath"
}

// castableFromGraveyard lists the cards in seat's graveyard that ref names
// and that have an aftermath half (CR 702.127a).
func (s *State) castableFromGraveyard(seat int, ref string) []ObjID {
	var out []ObjID
	for _, id := range s.matchRef(ref, s.Players[seat].Graveyard) {
		if aftermathHalf(s.Objects[id].Def) != nil || s.Objects[id].mayPlayFromGraveyard(seat) { // interp_mayplay.go
			out = append(out, id)
		}
	}
	return out
}

// checkAftermath: the aftermath half only from the graveyard, the other
// half never from there (CR 702.127a).
func (g *Game) checkAftermath(o *Object, face string) error {
	a := aftermathHalf(o.Def)
	if a == nil {
		if o.Zone == ZoneGraveyard && len(graveCastNames(o.Def)) == 0 && !o.mayPlayFromGraveyard(o.Owner) { // interp_gravecast.go, interp_mayplay.go
			return g.refuse("CR 601.2a", "body.card", "%s is in the graveyard: nothing lets it be cast from there", o.Name())
		}
		return nil
	}
	switch {
	case o.Zone == ZoneGraveyard && face != a.Name:
		return g.refuse("CR 702.127a", "body.face", "from the graveyard only %s, the aftermath half of %s, may be cast", a.Name, o.Def.Name)
	case o.Zone != ZoneGraveyard && face == a.Name:
		return g.refuse("CR 702.127a", "body.face", "%s has aftermath: it may be cast only from its owner's graveyard, not from %s", a.Name, castFromName(o.Zone))
	}
	return nil
}

// aftermathExile: a spell cast from a graveyard as its aftermath half is
// exiled instead of going anywhere else as it leaves the stack.
func (g *Game) aftermathExile(id ObjID, to Zone) Zone {
	o := g.S.Obj(id)
	if o == nil || o.Zone != ZoneStack || o.isAbility() || o.CastFrom != ZoneGraveyard {
		return to
	}
	if a := aftermathHalf(o.Def); a != nil && o.Face == a.Name {
		return ZoneExile
	}
	return to
}

// Graveyard lists seat's graveyard, bottom first (cards.ZoneWorld).
func (w *world) Graveyard(seat int) []string { return idStrings(w.g.S.Players[seat].Graveyard) }

// PutCardsIntoLibrary puts cards from hands and graveyards at the bottom of
// their owners' libraries (cards.ZoneWorld).
func (w *world) PutCardsIntoLibrary(ids []string) {
	for _, ref := range ids {
		o := w.g.S.objByRef(ref)
		if o == nil || o.Zone != ZoneHand && o.Zone != ZoneGraveyard {
			continue
		}
		w.g.move(o.ID, ZoneLibrary, o.Owner, -1)
	}
}
