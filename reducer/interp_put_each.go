package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// "Each player may put an artifact, creature, enchantment, or land card
// from their hand onto the battlefield": each player in turn order
// chooses (CR 101.4: the active player first, then the others, each
// knowing the choices before), then all the chosen cards enter at once,
// each under the control of the player who put it (CR 110.2). A player's
// choice is kept as a binding of the resolving object until the last
// player has chosen.

// putEachSupported: a move of a card each player chooses from their own
// hand onto the battlefield.
func putEachSupported(e *ability.Effect) bool {
	o := e.Object
	return e.Verb == ability.Move && e.Player != nil && e.Player.Who == ability.Each && e.Zone == ability.ZoneBattlefield &&
		o != nil && o.Ref == ability.ChooseRef && o.Choose != nil && o.Choose.By == nil && o.Choose.Amount == nil &&
		o.Filter != nil && o.Filter.Zone == ability.ZoneHand && o.Player == nil && e.Control == nil && e.Position == "" && e.Order == ""
}

// verbPutEach carries out a putEachSupported move.
func verbPutEach(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	players := c.players(x.e.Player)
	step, _ := x.at()
	bound := func(k int) string { return "_put_each_" + itoa(k) }
	for k, seat := range players {
		if k < step {
			continue
		}
		var hand []ObjID
		for _, id := range g.S.Players[seat].Hand {
			if c.matches(x.e.Object.Filter, g.S.Obj(id)) {
				hand = append(hand, id)
			}
		}
		picked, ok := x.pickFor(k, seat, hand, x.e.Object.Choose, "to put onto the battlefield")
		if !ok {
			return
		}
		var items []Target
		for _, id := range picked {
			items = append(items, Target{Obj: uint32(id)})
		}
		x.r.bind(bound(k), items, "", len(items) > 0)
	}
	var entered []Target
	for k, seat := range players {
		b := x.r.ctx.binding(bound(k))
		if b == nil {
			continue
		}
		for _, t := range b.Items {
			if o := g.S.Obj(ObjID(t.Obj)); o != nil && o.Zone == ZoneHand && o.Owner == seat {
				if nid := g.moveQuiet(o.ID, ZoneBattlefield, seat, -1); g.onBattlefield(nid) {
					entered = append(entered, Target{Obj: uint32(nid)})
				}
			}
		}
	}
	for _, t := range entered { // all at once: enter events after every move (CR 603.6a)
		g.entered(ObjID(t.Obj))
	}
	x.bind(entered)
}
