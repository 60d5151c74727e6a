package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// Sacrificing (CR 701.21): a player moves a permanent they control to its
// owner's graveyard. "Whenever you sacrifice another Eldrazi" is a
// leaves-the-battlefield trigger (CR 603.6c): it looks back at the
// permanent as it was, and names the player who sacrificed it. Costs and
// effects that sacrifice go through sacrifice so that the move is known
// for one.

// sacrifice has seat sacrifice permanent id; it reports the new object.
func (g *Game) sacrifice(id ObjID, seat int) ObjID {
	o := g.S.Obj(id)
	if o == nil || o.Zone != ZoneBattlefield {
		return 0
	}
	g.sacrificer = seat + 1
	nid := g.move(id, ZoneGraveyard, o.Owner, -1)
	g.sacrificer = 0
	return nid
}

// sacrificedPattern matches a sacrificed pattern as o leaves: the move is
// a sacrifice, by the player the pattern names.
func (g *Game) sacrificedPattern(c *evalCtx, t *ability.Trigger) bool {
	return t.Event == ability.Sacrificed && g.sacrificer > 0 && c.whose(t.Player, g.sacrificer-1)
}
