package cards

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Override is a face's abilities written by hand in the ability language,
// for text the compiler has no rule for because it is one of a kind. Each
// is counted and reported (replay cards), and keeps its reason.
type Override struct {
	Reason    string
	Abilities []ability.Ability
}

// overrides are the hand-written faces, by face name.
var overrides = map[string]Override{}

// Overrides returns the names of the faces whose abilities are written by
// hand, sorted.
func Overrides() []string {
	out := make([]string, 0, len(overrides))
	for n := range overrides {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}
