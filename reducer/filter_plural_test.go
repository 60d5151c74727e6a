package reducer

import (
	"testing"

	"github.com/chronicle-mtg/chronicle/ability"
)

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
	} {
		if got := countedFilter(c.n, &c.f); got != c.want {
			t.Errorf("countedFilter(%d, %+v) = %q, want %q", c.n, c.f, got, c.want)
		}
	}
}
