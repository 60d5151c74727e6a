package events

// SetupCard is a card a setup adds to the match before it places the
// zones: its owner and its name (a card of the card data or one the match
// declared). An export lists the cards a match's own setups added, so that
// each keeps its card id and the inputs that follow name the same cards.
type SetupCard struct {
	Player string `json:"player"`
	Card   string `json:"card"`
}

func (b *Setup) checkCards() *FieldError {
	for i, c := range b.Cards {
		at := "cards[" + itoa(i) + "]"
		switch {
		case c.Player == "":
			return fieldErr(at+".player", "missing")
		case c.Card == "":
			return fieldErr(at+".card", "missing")
		}
	}
	return nil
}
