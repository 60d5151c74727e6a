package reducer

import (
	"testing"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Counted objects read as a card's text reads them: a discard cost's "2
// cards in hand" (CR 601.2h), not "2 cards in a hand".
func TestCountedFilter(t *testing.T) {
	for _, c := range []struct {
		n    int
		f    ability.Filter
		want string
	}{
		{1, ability.Filter{Types: []string{"land"}}, "1 land"},
		{2, ability.Filter{Types: []string{"land"}}, "2 lands"},
		{2, ability.Filter{Types: []string{"creature"}, Controller: "you"}, "2 creatures you control"},
		{3, ability.Filter{Types: []string{"instant", "sorcery"}}, "3 instants or sorceries"},
		{2, ability.Filter{Subtypes: []string{"Elf"}}, "2 Elves"},
		{2, ability.Filter{Types: []string{"card"}, Zone: ability.ZoneHand}, "2 cards in hand"},
		{1, ability.Filter{Types: []string{"card"}, Colors: []string{"U"}, Zone: ability.ZoneHand}, "1 blue card in hand"},
		{3, ability.Filter{Types: []string{"card"}, Zone: ability.ZoneGraveyard}, "3 cards in a graveyard"},
	} {
		if got := countedFilter(c.n, &c.f); got != c.want {
			t.Errorf("countedFilter(%d, %+v) = %q, want %q", c.n, c.f, got, c.want)
		}
	}
}
