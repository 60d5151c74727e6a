package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// "You may play that card this turn" (CR 601.2a, 305.1: a permission to
// cast it, or play it if it's a land, from the zone it is in): the
// language's may_play, for a card in exile (impulse draw) or in a
// graveyard (Tablet of Discovery's milled card). The permission is the
// engine's this-turn one (MayPlayThisTurn): it ends as the next turn
// begins, and with the card's leaving the zone (it becomes a new object,
// CR 400.7). "Until the end of your next turn" gives MayPlayNextTurn
// (interp_librarytop.go). "Until end of turn, you may cast that card"
// (Text "cast") gives MayCastThisTurn: a spell only, this turn.

// MayCastThisTurn: the card may be cast (not played as a land) this turn;
// the permission ends as the next turn begins.
const MayCastThisTurn = "cast_this_turn"

func init() {
	registerVerb(ability.MayPlay, "object duration text", verbMayPlay)
}

func verbMayPlay(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	kind := MayPlayThisTurn
	switch x.e.Duration {
	case "", ability.ThisTurn:
	case ability.NextTurn:
		kind = MayPlayNextTurn // interp_librarytop.go
	default:
		return // support.go refuses other durations
	}
	if x.e.Text == "cast" { // "you may cast that card": a spell, never a land
		if kind != MayPlayThisTurn {
			return // support.go refuses it
		}
		kind = MayCastThisTurn
	}
	for _, id := range c.objects(x.e.Object) {
		o := g.S.Obj(id)
		if o == nil || o.Zone != ZoneExile && o.Zone != ZoneGraveyard {
			continue
		}
		g.emit(Effect{Op: OpMayCast, Obj: id, Seat: c.you, Kind: kind})
		x.did = true
	}
}

// mayPlayFromGraveyard reports whether seat may cast or play o, a card in
// a graveyard, by such a permission.
func (o *Object) mayPlayFromGraveyard(seat int) bool {
	return o.Zone == ZoneGraveyard && slices.ContainsFunc(o.MayCast, func(p Permission) bool {
		return p.Seat == seat && (playsAny(p.Kind) || p.Kind == MayCastThisTurn)
	})
}
