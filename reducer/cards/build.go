package cards

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/reducer/cards/facts"
)

// build makes a card from its facts: the printed characteristics, its faces,
// and the behaviour derived from them or registered for its name.
func build(r facts.Record) (*Card, error) {
	cost, err := ParseCost(r.ManaCost)
	if err != nil && len(r.Faces) == 0 {
		return nil, err
	}
	c := &Card{
		Name: r.Name, Layout: r.Layout, Cost: cost, ManaValue: r.ManaValue,
		Supertypes: r.Supertypes, Types: r.Types, Subtypes: r.Subtypes,
		Power: r.Power, Toughness: r.Toughness, Loyalty: r.Loyalty, Defense: r.Defense,
		Oracle: r.Oracle, Keywords: r.Keywords, TypeLine: r.TypeLine,
		Playtest: strings.Contains(r.Category, "playtest"),
		Info: &Info{
			Legalities: r.Legalities, FirstPrinted: r.FirstPrinted, Sets: r.Sets,
			Funny: r.Funny, OracleIncomplete: r.OracleIncomplete, Source: r.Source,
			Category: r.Category, Verified: r.Verified, Description: r.Description,
		},
	}
	if c.Layout == "" {
		c.Layout = "normal"
	}
	c.Colors, err = parseColors(r.Colors, r.ColorIndicator)
	if err != nil {
		return nil, err
	}
	if c.ColorIndicator, err = parseColors(r.ColorIndicator, nil); err != nil {
		return nil, err
	}
	if c.ColorIdentity, err = parseColors(r.ColorIdentity, nil); err != nil {
		return nil, err
	}
	for _, f := range r.Faces {
		if f.Layout == "" {
			f.Layout = c.Layout
		}
		fc, err := build(f)
		if err != nil {
			return nil, fmt.Errorf("face %s: %w", f.Name, err)
		}
		fc.Info = nil // the card's
		c.Faces = append(c.Faces, fc)
	}
	if len(c.Faces) > 0 {
		// The whole card's cost is its first face's (an adventurer's
		// creature, a double-faced card's front).
		c.Cost = c.Faces[0].Cost
	}
	switch {
	case c.Layout == "split" && len(c.Faces) > 0:
		// Outside the stack a split card has both halves' characteristics
		// combined (CR 709.4): the database lists the first half's types.
		c.Supertypes, c.Types, c.Subtypes = nil, nil, nil
		for _, f := range c.Faces {
			c.Supertypes = union(c.Supertypes, f.Supertypes)
			c.Types = union(c.Types, f.Types)
			c.Subtypes = union(c.Subtypes, f.Subtypes)
		}
	case len(c.Faces) > 0:
		// Every other multi-face card is its first face everywhere but
		// where another face is up: an adventurer card on the stack as an
		// Adventure (CR 715.4), a double-faced card transformed or played by
		// its back (CR 712), a flip card flipped (CR 710). The
		// database lists the faces' colours and keywords together on the
		// card; the project's records give them on the card alone.
		f := c.Faces[0]
		if r.Name != f.Name {
			c.FullName = r.Name
		}
		c.Name, c.Oracle, c.Power, c.Toughness = f.Name, f.Oracle, f.Power, f.Toughness
		c.Loyalty, c.Defense, c.ManaValue = f.Loyalty, f.Defense, f.ManaValue
		c.Supertypes, c.Types, c.Subtypes = f.Supertypes, f.Types, f.Subtypes
		c.Colors, c.ColorIndicator = f.Colors, f.ColorIndicator
		if r.Faces[0].Keywords != nil {
			c.Keywords = f.Keywords
		}
	}
	if g := r.GrantedAdventure; g != nil {
		ga, err := buildGranted(*g)
		if err != nil {
			return nil, fmt.Errorf("granted adventure %s: %w", g.Name, err)
		}
		c.GrantedAdventure = ga
	}
	c.Mana = manaAbilities(c)
	c.statics = statics[c.Name]
	if m, ok := manaCode[c.Name]; ok {
		c.Mana = m // mana.go
	}
	if c.Levels = levelsOf(c); c.Levels != nil {
		c.Keywords = levelledKeywords(c)
	}
	c.Prototype = prototypeOf(c) // last: it shares the card's abilities
	return c, nil
}

// parseColors reads colour letters; a colour indicator, when there is one,
// gives the colours instead (CR 204).
func parseColors(letters, indicator []string) ([]Color, error) {
	if len(indicator) > 0 {
		letters = indicator
	}
	var out []Color
	for _, l := range letters {
		col, ok := ParseColor(l)
		if !ok || col == Colorless {
			return nil, fmt.Errorf("colour %q", l)
		}
		out = append(out, col)
	}
	return out, nil
}

var (
	addFixed = regexp.MustCompile(`^\{T\}: Add ((?:\{[WUBRGC]\})+)\.$`)
	addAny   = regexp.MustCompile(`^\{T\}: Add one mana of any color\.$`)
)

// manaAbilities derives the plain mana abilities: "{T}: Add {G}." and
// "{T}: Add one mana of any color.", and a basic land type's intrinsic one
// (CR 305.6). Other mana abilities are card code.
func manaAbilities(c *Card) []ManaAbility {
	var out []ManaAbility
	for _, sub := range c.Subtypes {
		if col, ok := basicLandColor[sub]; ok && c.Is("Land") {
			out = append(out, ManaAbility{Index: len(out), Tap: true, Add: []Color{col}})
		}
	}
	if len(out) > 0 {
		return out
	}
	idx := 0
	for _, line := range strings.Split(c.Oracle, "\n") {
		line = strings.TrimSpace(line)
		if !strings.Contains(line, ":") {
			continue // not an activated ability
		}
		if m := addFixed.FindStringSubmatch(line); m != nil {
			var add []Color
			for _, sym := range strings.Split(strings.Trim(m[1], "{}"), "}{") {
				col, _ := ParseColor(sym)
				add = append(add, col)
			}
			out = append(out, ManaAbility{Index: idx, Tap: true, Add: add})
		} else if addAny.MatchString(line) {
			out = append(out, ManaAbility{Index: idx, Tap: true, AnyColor: true})
		}
		idx++
	}
	return out
}

var basicLandColor = map[string]Color{
	"Plains": White, "Island": Blue, "Swamp": Black, "Mountain": Red, "Forest": Green,
}

// union appends to a the elements of b it lacks, in order.
func union(a, b []string) []string {
	for _, x := range b {
		if !slices.Contains(a, x) {
			a = append(a, x)
		}
	}
	return a
}
