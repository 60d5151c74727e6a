package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// moveChoices are the objects a move may choose among: for a selector
// chosen as it resolves ("put a land card from your hand onto the
// battlefield"), the chooser's own objects its filter accepts; otherwise
// the objects the selector names (ids).
func (x *verbRun) moveChoices(ids []ObjID) []ObjID {
	if x.e.Object.Ref != ability.ChooseRef {
		return ids
	}
	c := x.r.ctx
	who := c.you
	if ps := c.players(x.e.Player); x.e.Player != nil && len(ps) > 0 {
		who = ps[0]
	}
	return c.choosable(x.e.Object, who)
}
