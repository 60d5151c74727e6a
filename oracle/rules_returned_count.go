package oracle

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// "Return any number of target ... to their owners' hands. Draw a card for
// each card returned to your hand this way." (Paradoxical Outcome): the
// cards the move bound that are now in your hand (a permanent you control
// but don't own goes to its owner's hand, and isn't counted).

// returnedBind names what the return moved, for the count after it.
const returnedBind = "returned"

func returnedCount() *ability.Amount {
	return &ability.Amount{Var: "bound_count", Name: returnedBind, Count: &ability.Filter{Types: []string{"card"}, Zone: ability.ZoneHand, Owner: "you"}}
}

func isReturnedCount(a *ability.Amount) bool { return reflect.DeepEqual(a, returnedCount()) }

func addReturnedCount(g *grammar) {
	g.add("body", "<sent> draw a card for each card returned to your hand this way .", func(v []any) any {
		es := effs(v[0])
		if len(es) == 0 {
			return nil
		}
		last := es[len(es)-1]
		if last.Verb != ability.Move || last.Zone != ability.ZoneHand || last.Bind != "" || last.If != nil || last.Optional {
			return nil
		}
		last.Bind = returnedBind
		out := append(append([]ability.Effect(nil), es[:len(es)-1]...), last)
		return append(out, ability.Effect{Verb: ability.Draw, Amount: returnedCount()})
	})
}
