package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Adventures (CR 715) and casting from exile.
//
// An adventurer card may be cast as its Adventure (`cast` with `face` naming
// the Adventure): on the stack it has only the Adventure's characteristics
// (ADV-1), and whether it may be cast is judged on them (ADV-2). When the
// Adventure resolves it is exiled instead of going to the graveyard, and its
// controller may later cast the creature from exile (ADV-3); countered or
// with every target illegal it goes to the graveyard with no permission
// (ADV-4). A card exiled any other way gives no such permission (ADV-5).
// Casting from exile follows the usual timing rules (ADV-6). Everywhere but
// the stack the card is its creature (ADV-7).

// Permission kinds.
const (
	// MayCastAdventure: exiled by its own resolving Adventure; the creature
	// may be cast (ADV-3).
	MayCastAdventure = "adventure"
)

// Permission lets a player cast an exiled card.
type Permission struct {
	Seat int
	Kind string
}

// exiledByAdventure is how a card exiled by its own Adventure records it.
const exiledByAdventure = "its own Adventure"

// isAdventure reports whether o is on the stack cast as an Adventure.
func (o *Object) isAdventure() bool {
	if o.Face == "" || o.Def == nil {
		return false
	}
	return o.Def.Adventure() != nil && o.Def.Adventure().Name == o.Face || o.grantedFace() != nil
}

// castableFromExile lists the exiled cards seat may cast that ref names.
func (s *State) castableFromExile(seat int, ref string) (yes, no []ObjID) {
	for _, id := range s.matchRef(ref, s.Exile) {
		if slices.ContainsFunc(s.Objects[id].MayCast, func(p Permission) bool { return p.Seat == seat }) {
			yes = append(yes, id)
		} else {
			no = append(no, id)
		}
	}
	return yes, no
}

// noExilePermission explains why an exiled card can't be cast.
func (g *Game) noExilePermission(id ObjID) error {
	o := g.S.Objects[id]
	g.action = "cast " + o.Name() + " from exile"
	by := o.ExiledBy
	if by == "" {
		by = "an effect that gives no permission"
	}
	if o.Def != nil && o.Def.Adventure() != nil {
		return g.refuse("CR 715.3d", "body.card", "it was exiled by %s, not by resolving as an Adventure (ADV-5)", by)
	}
	return g.refuse("CR 601.2a", "body.card", "it was exiled by %s, which gives no permission to cast it", by)
}

// checkExileFace: a card exiled by its own Adventure may be cast only as
// the creature (CR 715.3d).
func (g *Game) checkExileFace(o *Object, face *cards.Card) error {
	if face != nil && o.Def.Adventure() == face {
		g.action = "cast " + face.Name + " from exile"
		return g.refuse("CR 715.3d", "body.face", "after its Adventure, only %s may be cast from exile, not the Adventure again (ADV-3)", o.Def.Name)
	}
	return nil
}

// resolveAdventure moves a resolved Adventure to exile with the permission
// to cast the creature later (ADV-3).
func (g *Game) exileAdventure(o *Object) {
	nid := g.S.nextObjID()
	g.emit(Effect{Op: OpMove, Obj: o.ID, To: nid, Zone: ZoneExile, Seat: o.Owner, N: -1, Name: exiledByAdventure})
	if o.isSpellCopy() {
		return // a copy is exiled too, but never cast later: it ceases to exist (ADV-10)
	}
	g.emit(Effect{Op: OpMayCast, Obj: nid, Seat: o.Controller, Kind: MayCastAdventure})
}
