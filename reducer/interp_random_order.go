package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
)

// "Put all the cards from their graveyard on the bottom of their library
// in a random order" (a move with Order "random"): the order is a fact
// of the table, as a shuffle's is (CR 401.4), so the resolution stops for the table's random input (events.RandomOrder) of
// the cards moved, the first listed nearest the top. The order is hidden
// from the players: only the judge's view shows a library.

// whatLangOrder marks the random order a resolving move asked for.
const whatLangOrder = "lang_order"

// askRandomOrder stops the move at step n for the table's order of ids,
// cards going to seat's library.
func (x *verbRun) askRandomOrder(n, seat int, ids []ObjID) {
	x.ask(n, Question{Ask: AskRandom, Player: -1, Random: events.RandomOrder, Of: seat, Options: idStrings(ids), What: whatLangOrder})
}

// langOrder reads the table's order of the cards asked about: each of
// them once.
func (g *Game) langOrder(b *events.Random) ([]ObjID, error) {
	s := g.S
	q := s.Pending
	if b.Player != "" && s.Seat(b.Player) != q.Of {
		return nil, g.refuse("CR 401.4", "body.player", "the cards go to the bottom of %s's library", s.Players[q.Of].ID)
	}
	ids := refsToIDs(q.Options)
	if len(b.Order) != len(ids) {
		return nil, g.refuse("CR 401.4", "body.order", "order the %d cards (%s), not %d", len(ids), s.describeIDs(ids, false), len(b.Order))
	}
	out := make([]ObjID, 0, len(ids))
	for i, ref := range b.Order {
		m := slices.DeleteFunc(s.matchRef(ref, ids), func(id ObjID) bool { return slices.Contains(out, id) })
		if len(m) == 0 {
			return nil, g.refuse("CR 401.4", "body.order["+itoa(i)+"]", "%q is not one of the cards (%s), or is named twice", ref, s.describeIDs(ids, false))
		}
		out = append(out, m[0])
	}
	return out, nil
}

// doLangOrder goes on with the resolution that asked, the order as its
// answer.
func (g *Game) doLangOrder(b *events.Random) {
	order, _ := g.langOrder(b)
	g.continueResolve(idStrings(order))
}
