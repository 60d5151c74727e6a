package sim

import (
	"math/rand"
	"slices"

	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// basicOf is the basic land of each colour.
var basicOf = map[cards.Color]string{
	cards.White: "Plains", cards.Blue: "Island", cards.Black: "Swamp", cards.Red: "Mountain", cards.Green: "Forest",
}

// Spells lists the modelled nonland cards (by their card code or by the
// ability language, reducer.Modelled) of the pool's own records
// (cards.Pool.Extras: the cards the engine was written for) a deck may
// hold (tokens can't be in a deck), in name order. The whole card database
// is not drawn from: its modelled cards change as the ability language
// grows, and the generated corpus should not.
func Spells(pool *cards.Pool) []*cards.Card {
	var out []*cards.Card
	for _, name := range pool.Extras() {
		c, _ := pool.Card(name)
		if reducer.Modelled(c) && c.Layout != "token" && !c.Is("Land") {
			out = append(out, c)
		}
	}
	return out
}

// randomDeck builds a two-colour limited deck of size cards, two fifths of
// them basic lands of its colours (at least one), the rest spells of those
// colours or colourless, and a sideboard of up to three such spells.
func randomDeck(rng *rand.Rand, spells []*cards.Card, size int) (deck, side []string) {
	perm := rng.Perm(5)
	colors := []cards.Color{cards.Color(perm[0]), cards.Color(perm[1])}
	var fits []*cards.Card
	for _, c := range spells {
		ok := true
		for _, col := range c.Colors {
			ok = ok && slices.Contains(colors, col)
		}
		if ok {
			fits = append(fits, c)
		}
	}
	lands := max(1, size*2/5)
	if len(fits) == 0 {
		lands = size
	}
	for range lands {
		deck = append(deck, basicOf[colors[rng.Intn(2)]])
	}
	for range size - lands {
		deck = append(deck, fits[rng.Intn(len(fits))].Name)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	for i := rng.Intn(4); i > 0 && len(fits) > 0; i-- {
		side = append(side, fits[rng.Intn(len(fits))].Name)
	}
	return deck, side
}
