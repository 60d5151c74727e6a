package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// "Whenever ~ becomes tapped" and "When you play another land" (CR
// 603.2). A permanent becomes tapped when a cost, an attack or an effect
// taps it; one that enters the battlefield tapped doesn't become tapped
// (it was never untapped there), so entering tapped sets off nothing.
// Playing a land (CR 305.1) is an event of its own beside the land's
// entering: "another land" is a land other than the trigger's source.

// Engine events for the language's tapped and plays_land triggers.
const (
	triggerBecomesTapped = "becomes_tapped"
	triggerPlaysLand     = "plays_land"
)

// tapPermanent taps an untapped permanent and fires what its becoming
// tapped triggers.
func (g *Game) tapPermanent(id ObjID) {
	g.emitObj(OpTap, id, 0)
	if o := g.S.Obj(id); o != nil {
		g.fire(triggerBecomesTapped, id, o.Controller)
	}
}

// langTappedOrPlayed matches a tapped or plays_land pattern: the permanent
// tapped or the land played is the source itself or passes the subject
// filter; for a land played, by the player the pattern names.
func langTappedOrPlayed(c *evalCtx, src *Object, t *ability.Trigger, when string, about ObjID, seat int) bool {
	switch {
	case t.Event == ability.Tapped && when == triggerBecomesTapped:
	case t.Event == ability.PlaysLand && when == triggerPlaysLand:
		if !c.whose(t.Player, seat) {
			return false
		}
	default:
		return false
	}
	if t.Self {
		return about == src.ID
	}
	return c.matches(t.Subject, c.g.S.Obj(about))
}
