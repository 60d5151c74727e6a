package reducer

import (
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The characteristics a view shows are the ones the rules use: after every
// continuous effect, in layer order (CR 613). Layer 1 is the copy effect
// (the object's definition is what it copies), layer 2 its controller,
// layer 4 types added (recorded effects, the language's statics, the
// table's), layer 5 colours, layer 6 keywords and abilities gained, layer
// 7 power and toughness. Where the result differs from the card as
// printed, the view carries the printed values beside it (Printed), so a
// judge sees both what the card says and what it is now.

// PrintedView holds the printed characteristics of an object that differ
// from the ones it has now; a field is present only where they differ
// (a present empty list: printed with none).
type PrintedView struct {
	Name       string    `json:"name,omitempty"` // a copy's own card
	Colors     *[]string `json:"colors,omitempty"`
	Types      *[]string `json:"types,omitempty"`
	Supertypes *[]string `json:"supertypes,omitempty"`
	Subtypes   *[]string `json:"subtypes,omitempty"`
	Keywords   *[]string `json:"keywords,omitempty"`
	// Power and Toughness are as printed ("*", "1+*").
	Power     string `json:"power,omitempty"`
	Toughness string `json:"toughness,omitempty"`
}

// layered fills the characteristics of ov that continuous effects change
// (types, supertypes, subtypes, colours, keywords, abilities gained) from
// o's definition d, and Printed where they differ from the card as printed.
func (s *State) layered(ov *ObjectView, o *Object, d *cards.Card) {
	ov.Types = append(append(ov.Types, d.Types...), o.tableTypes()...)
	ov.Supertypes = appendMissing(ov.Supertypes, d.Supertypes...)
	ov.Subtypes = appendMissing(ov.Subtypes, d.Subtypes...)
	ov.Keywords = appendNewFold(nil, d.Keywords...)
	if d.Levels != nil && o.Zone == ZoneBattlefield {
		if l := d.LevelFor(o.counter("level")); l != nil {
			ov.Keywords = appendNewFold(ov.Keywords, l.Keywords...) // a leveler's bracket (CR 711)
		}
	}
	o.recordedAny(func(c *Continuous) bool { // layer 4
		ov.Supertypes = appendMissing(ov.Supertypes, c.AddSupertypes...)
		ov.Subtypes = appendMissing(ov.Subtypes, c.AddSubtypes...)
		return false
	})
	o.effectsOn(func(c *Continuous) { // layer 6
		ov.Keywords = appendNewFold(ov.Keywords, c.AddKeywords...)
		if c.AnyColorMana && !slices.Contains(ov.Abilities, anyColorText) {
			ov.Abilities = append(ov.Abilities, anyColorText)
		}
	})
	for _, a := range o.tableAbilities() {
		if !slices.Contains(ov.Abilities, a) {
			ov.Abilities = append(ov.Abilities, a)
		}
	}
	if len(ov.Keywords) == 0 {
		ov.Keywords = nil
	}

	pd := d // the printed card: a copy's own card (layer 1), or d
	if o.Copy && o.Card != 0 && int(o.Card) < len(s.Cards) && s.Cards[o.Card].Def != nil {
		pd = s.Cards[o.Card].Def
	}
	var pr PrintedView
	diff := false
	if pd != d {
		pr.Name, diff = pd.Name, true
	}
	list := func(now []string, printed []string, into **[]string) {
		p := append([]string{}, printed...)
		if !sameStrings(now, p) {
			*into, diff = &p, true
		}
	}
	colors := []string{}
	for _, c := range pd.Colors {
		colors = append(colors, c.Letter())
	}
	list(ov.Colors, colors, &pr.Colors)
	list(ov.Types, pd.Types, &pr.Types)
	list(ov.Supertypes, pd.Supertypes, &pr.Supertypes)
	list(ov.Subtypes, pd.Subtypes, &pr.Subtypes)
	list(ov.Keywords, pd.Keywords, &pr.Keywords)
	if ov.Power != nil && (pd.Power != itoa(*ov.Power) || pd.Toughness != itoa(*ov.Toughness)) {
		pr.Power, pr.Toughness, diff = pd.Power, pd.Toughness, true
	}
	if diff {
		ov.Printed = &pr
	}
}

// anyColorText is the mana ability a continuous effect grants (Coronation
// of the Wilds).
const anyColorText = "{T}: Add one mana of any color."

// appendMissing appends the values of add that list lacks.
func appendMissing(list []string, add ...string) []string {
	for _, a := range add {
		if !slices.Contains(list, a) {
			list = append(list, a)
		}
	}
	return list
}

// appendNewFold appends the values of add that list lacks, ignoring case
// (keywords: "First strike", "first strike").
func appendNewFold(list []string, add ...string) []string {
	for _, a := range add {
		if !slices.ContainsFunc(list, func(x string) bool { return strings.EqualFold(x, a) }) {
			list = append(list, a)
		}
	}
	return list
}

// sameStrings reports whether a and b hold the same values, ignoring order
// and case.
func sameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.ContainsFunc(b, func(y string) bool { return strings.EqualFold(x, y) }) {
			return false
		}
	}
	return true
}
