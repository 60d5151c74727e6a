package reducer

import (
	"fmt"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Wither (CR 702.80), counters entering with a permanent (CR 614.1c), the
// +1/+1 and -1/-1 counters state-based action (CR 704.5q), and what the
// {Q} cards need: an
// activated ability that remembers its source as it last existed (CR
// 608.2h), moving a counter, exiling a card from a library.

// Effect ops 220-239: wither and the {Q} cards (this file).
const (
	// OpAbilityLKI: the activated ability Obj remembers its source as it
	// was when activated (LKI), for when the source is gone as it
	// resolves (CR 608.2h).
	OpAbilityLKI Op = 220 + iota
)

func init() {
	registerOp(OpAbilityLKI, func(s *State, e *Effect) {
		if e.LKI != nil {
			l := e.LKI.clone()
			s.mustObj(e.Obj).LKI = &l
		}
	})
	extDescribe[OpAbilityLKI] = func(s *State, e Effect) string {
		o := s.Obj(e.Obj)
		if o == nil || e.LKI == nil {
			return fmt.Sprintf("%s remembers its source", e.Obj)
		}
		return fmt.Sprintf("%s remembers %s as %d/%d", e.Obj, s.objName(o.Source), e.LKI.Power, e.LKI.Toughness)
	}
	extTargetRules[cards.TargetSecondCreature] = func(g *Game, o, _ *Object) string {
		if o.Zone != ZoneBattlefield || !o.Is("Creature") {
			return g.S.objName(o.ID) + " is not a creature on the battlefield"
		}
		return ""
	}
}

// abilityLKI records the source's last known information on an activated
// ability whose card reads its source as it resolves.
func (g *Game) abilityLKI(ability, src ObjID) {
	if o := g.S.Obj(src); o != nil && o.Def != nil && o.Def.AbilityReadsSource() {
		g.emit(Effect{Op: OpAbilityLKI, Obj: ability, LKI: lkiOf(o)})
	}
}

// witherDamage deals n damage from a wither source to a creature as that
// many -1/-1 counters (CR 702.80a, 120.3d); it reports whether it did.
func (g *Game) witherDamage(src, o *Object, n int) bool {
	if src == nil || !src.Has("Wither") || !o.Is("Creature") {
		return false
	}
	g.putCounters(o.ID, "-1/-1", n)
	return true
}

// entersWithCounters: a permanent whose text says it enters with counters
// gets them as it enters (CR 614.1c).
func (g *Game) entersWithCounters(o *Object) {
	if kind, n := o.Def.EntersWithCounters(); n > 0 && o.Zone == ZoneBattlefield {
		g.putCounters(o.ID, kind, n)
	}
	g.sagaEnters(o) // interp_saga.go
}

// annihilateCounters: a permanent with both +1/+1 and -1/-1 counters loses
// as many of each as the smaller number (CR 704.5q); it reports whether
// any did.
func (g *Game) annihilateCounters() bool {
	acted := false
	for _, id := range g.S.Battlefield {
		o := g.S.Objects[id]
		if len(o.Counters) < 2 {
			continue // not both kinds
		}
		if n := min(o.counter("+1/+1"), o.counter("-1/-1")); n > 0 {
			g.emit(Effect{Op: OpCounter, Obj: id, Kind: "+1/+1", N: -n})
			g.emit(Effect{Op: OpCounter, Obj: id, Kind: "-1/-1", N: -n})
			acted = true
		}
	}
	return acted
}

// ExileCard exiles a card face up from its owner's library, hand or
// graveyard (cards.ZoneWorld).
func (w *world) ExileCard(ref string) {
	o := w.g.S.objByRef(ref)
	if o == nil || o.Zone != ZoneLibrary && o.Zone != ZoneHand && o.Zone != ZoneGraveyard {
		return
	}
	w.g.moveQuietExile(o, w.g.S.nextObjID(), w.spell.Name())
}

// MoveCounter moves one counter of kind from one permanent onto another
// (cards.ZoneWorld); nothing moves unless both are on the battlefield
// and the first has such a counter.
func (w *world) MoveCounter(from, to uint32, kind string) {
	a, b := w.g.S.Obj(ObjID(from)), w.g.S.Obj(ObjID(to))
	if a == nil || b == nil || a.Zone != ZoneBattlefield || b.Zone != ZoneBattlefield || a.counter(kind) == 0 {
		return
	}
	w.g.emit(Effect{Op: OpCounter, Obj: a.ID, Kind: kind, N: -1})
	w.g.putCounters(b.ID, kind, 1)
}
