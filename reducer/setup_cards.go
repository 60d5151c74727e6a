package reducer

import "github.com/chronicle-mtg/chronicle/events"

// A setup's "cards": cards new to the match, added before the zones are
// placed, each taking the next card id, so that the zones (and the inputs
// after) name them by id. An export lists there the cards the match's own
// setups added; without it a name that picks a card of the deck could take
// a card the setup places elsewhere by id, and cards added again by name
// would get ids in the order of the zones rather than the match's.

// addCards plans the setup's cards.
func (r *setupResolver) addCards(b *events.Setup) error {
	s := r.g.S
	for i, c := range b.Cards {
		f := "body.cards[" + itoa(i) + "]"
		seat := s.Seat(c.Player)
		if seat < 0 {
			return r.g.refuse("CR 102.1", f+".player", "%q is not a player of this match", c.Player)
		}
		if _, ok := s.cardDef(c.Card); !ok {
			_, err := s.pool.Resolve(c.Card)
			return r.g.refuse("CARD-POOL", f+".card", "%v", err)
		}
		r.plan.cards = append(r.plan.cards, setupNewCard{card: r.next, seat: seat, name: s.recordedName(c.Card)})
		r.next++
	}
	r.listed = len(r.plan.cards)
	return nil
}

// listedCard is the card the setup's cards list gives id, if it is one.
func (r *setupResolver) listedCard(id CardID) (setupNewCard, bool) {
	for _, c := range r.plan.cards[:r.listed] {
		if c.card == id {
			return c, true
		}
	}
	return setupNewCard{}, false
}
