package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Which face of a card is up (CR 709-712, 718). Object.Face names the face
// whose characteristics an object has when they aren't its card's usual
// ones: on the stack, the face cast (an Adventure, a split half, a modal
// double-faced card's back, "prototype"); on the battlefield, the face up
// (a transformed or flipped permanent, a modal DFC played or cast by its
// back, a prototyped permanent, a melded permanent's melded face).
// Everywhere else a card has its front face's characteristics, or a split
// card both halves' (CR 709.4, 712); a card that changes zones comes
// back with its usual face up (CR 400.7, 712.8, 718.4).
//
// Transform, flip and meld are what effects do; the functions here do
// them and the ability language calls them.

const (
	// OpTurnFace: Obj's face up becomes Name; "" turns its usual face up
	// again (a transformed permanent transformed back).
	OpTurnFace Op = 170
	// OpMeld: the exiled List[0] (the card whose back is the melded face
	// Name) and List[1] become one melded permanent, object Obj on the
	// battlefield under Seat's control (CR 701.42, 712).
	OpMeld Op = 171
)

func init() {
	registerOp(OpTurnFace, func(s *State, e *Effect) {
		o := s.mustObj(e.Obj)
		if e.Name != "" && (o.Def == nil || o.Def.FaceUp(e.Name) == nil) {
			panic("reducer: " + o.ID.String() + " has no face " + e.Name)
		}
		o.Face = e.Name
	})
	extDescribe[OpTurnFace] = func(s *State, e Effect) string {
		if e.Name == "" {
			return descObj(s, e.Obj) + " turns its front face up"
		}
		return descObj(s, e.Obj) + " turns face up " + e.Name
	}
	registerOp(OpMeld, func(s *State, e *Effect) {
		a, b := s.mustObj(e.List[0]), s.mustObj(e.List[1])
		if e.Obj != s.nextObjID() || a.Zone != ZoneExile || b.Zone != ZoneExile {
			panic("reducer: meld out of order")
		}
		s.removeObject(a)
		s.removeObject(b)
		s.addObject(s.newObject(Object{ID: e.Obj, Card: a.Card, Def: a.Def, Melded: b.Card, Face: e.Name, Owner: a.Owner,
			Controller: e.Seat, Zone: ZoneBattlefield, Sick: true}), -1)
	})
	extDescribe[OpMeld] = func(s *State, e Effect) string {
		return descObj(s, e.List[0]) + " and " + descObj(s, e.List[1]) + " meld into " + e.Name + " (" + e.Obj.String() + ")"
	}
}

// turnFace turns face up on the permanent id, if it isn't already.
func (g *Game) turnFace(id ObjID, face string) {
	if g.S.Objects[id].Face != face {
		g.emit(Effect{Op: OpTurnFace, Obj: id, Name: face})
	}
}

// transform turns a transforming double-faced permanent to its other face
// (CR 712); it keeps its counters, damage and attachments, as
// it is the same object. Anything else doesn't transform (CR 712) and
// transform reports false.
func (g *Game) transform(id ObjID) bool {
	o := g.S.Obj(id)
	if o == nil || o.Zone != ZoneBattlefield || o.Def == nil || o.Def.Layout != "transform" || o.Def.Back() == nil || o.Melded != 0 {
		return false
	}
	if o.Face == "" {
		g.turnFace(id, o.Def.Back().Name)
	} else {
		g.turnFace(id, "")
	}
	return true
}

// flip turns a flip card's permanent to its flipped end (CR 710); it
// can't flip back. Anything else doesn't flip (false).
func (g *Game) flip(id ObjID) bool {
	o := g.S.Obj(id)
	if o == nil || o.Zone != ZoneBattlefield || o.Def == nil || o.Def.Layout != "flip" || o.Def.Back() == nil || o.Face != "" {
		return false
	}
	g.turnFace(id, o.Def.Back().Name)
	return true
}

// meld exiles the permanents a and b, a meld pair one player owns and
// controls, and puts them onto the battlefield as one melded permanent
// with the melded face up (CR 701.42, 712); it returns that permanent.
// A pair that isn't one, or isn't both there, isn't melded (CR 701.42):
// false, nothing moves.
func (g *Game) meld(a, b ObjID) (ObjID, bool) {
	s := g.S
	oa, ob := s.Obj(a), s.Obj(b)
	if oa == nil || ob == nil || oa.Zone != ZoneBattlefield || ob.Zone != ZoneBattlefield || oa.Token || ob.Token ||
		oa.Owner != ob.Owner || oa.Controller != oa.Owner || ob.Controller != ob.Owner {
		return 0, false
	}
	if meldFront(ob, oa) {
		oa, ob = ob, oa
	} else if !meldFront(oa, ob) {
		return 0, false
	}
	ea := g.move(oa.ID, ZoneExile, oa.Owner, -1)
	eb := g.move(ob.ID, ZoneExile, ob.Owner, -1)
	nid := s.nextObjID()
	g.emit(Effect{Op: OpMeld, Obj: nid, List: []ObjID{ea, eb}, Name: oa.Def.Back().Name, Seat: oa.Owner})
	g.entered(nid)
	return nid, true
}

// meldFront reports whether front is the card of a meld pair whose back
// is the melded face, and partner the card it melds with.
func meldFront(front, partner *Object) bool {
	return front.Def != nil && partner.Def != nil && front.Face == "" && partner.Face == "" &&
		front.Def.Layout == "meld" && front.Def.Back() != nil && partner.Def.Layout == "meld" && partner.Def.Back() == nil &&
		strings.Contains(front.Def.Oracle, partner.Def.Name)
}

// keepFaceUp gives the permanent nid, which the spell o became, the face
// o was cast as when that face stays up on the battlefield: a modal DFC's
// back (CR 712) or its prototype (CR 718).
func (g *Game) keepFaceUp(o *Object, nid ObjID) {
	if o.Face == "" || o.Def == nil {
		return
	}
	if o.Face == cards.PrototypeFace || o.Def.Layout == "modal_dfc" && o.Def.Back() != nil && o.Face == o.Def.Back().Name {
		g.turnFace(nid, o.Face)
	}
}

// meldedValue is a melded permanent's mana value: its front faces' (CR
// 712.8g).
func (o *Object) meldedValue() int {
	v := 0
	if len(o.Def.Faces) > 0 {
		v = o.Def.Faces[0].Cost.Value(0)
	}
	if o.state != nil && int(o.Melded) < len(o.state.Cards) {
		if d := o.state.Cards[o.Melded].Def; d != nil {
			v += d.Cost.Value(0)
		}
	}
	return v
}

// faceUpIllegal says why a permanent of the card def can't have face up,
// or "": a transforming or modal DFC's back, a flip card's flipped end and
// a prototype can be; a melded face needs its two cards (meld).
func faceUpIllegal(def *cards.Card, face string) string {
	switch {
	case def == nil:
		return "no card"
	case face == cards.PrototypeFace && def.Prototype != nil:
		return ""
	case def.Back() != nil && face == def.Back().Name && def.Layout != "meld":
		return ""
	case def.Back() != nil && face == def.Back().Name:
		return face + " is a melded permanent: it is two cards, melded by an effect, not placed"
	}
	return def.Name + " has no face " + face + " that can be up on the battlefield"
}
