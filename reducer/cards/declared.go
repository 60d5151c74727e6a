package cards

import (
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards/facts"
)

// Declared is a card a match declares for itself (events.DeclaredCard):
// facts, and abilities in the ability language or Oracle text.
type Declared struct {
	Name                        string
	ManaCost                    string
	Colors                      []string
	Supertypes, Types, Subtypes []string
	Power, Toughness            string
	Loyalty, Defense, Oracle    string
	Abilities                   []ability.Ability
	Token, Playtest             bool
}

// Declare builds the card a match declares. Its abilities are the ones
// given; with none given, what its Oracle text says (as for any card).
func Declare(d Declared) (*Card, error) {
	layout := "normal"
	if d.Token {
		layout = "token"
	}
	r := facts.Record{
		Name: d.Name, Layout: layout, ManaCost: d.ManaCost, Colors: d.Colors,
		Supertypes: d.Supertypes, Types: d.Types, Subtypes: d.Subtypes,
		Power: d.Power, Toughness: d.Toughness, Loyalty: d.Loyalty, Defense: d.Defense, Oracle: d.Oracle,
	}
	if d.Playtest {
		r.Category = "playtest (declared)"
	}
	cost, err := ParseCost(d.ManaCost)
	if err != nil {
		return nil, err
	}
	r.ManaValue = cost.Value(0)
	if len(r.Colors) == 0 {
		for _, s := range cost {
			switch s.Kind {
			case SymColored, SymHybrid, SymTwoHybrid, SymPhyrexian:
				r.Colors = appendColor(r.Colors, s.Color)
			}
			if s.Kind == SymHybrid {
				r.Colors = appendColor(r.Colors, s.Alt)
			}
		}
	}
	for _, t := range d.Types {
		if t == "Creature" && (d.Power == "" || d.Toughness == "") {
			return nil, fmt.Errorf("a creature needs power and toughness")
		}
	}
	c, err := build(r)
	if err != nil {
		return nil, err
	}
	c.Declared = true
	if d.Abilities != nil {
		c.given = d.Abilities
		c.Mana, c.statics = nil, nil // its abilities are the given ones
		// Its keywords are its keyword abilities' names, as the facts list
		// a printed card's.
		c.Keywords = nil
		for _, a := range d.Abilities {
			if a.Kind == ability.Keyword && a.Keyword != nil {
				c.Keywords = append(c.Keywords, a.Keyword.Name)
			}
		}
	} else if len(c.Keywords) == 0 {
		// Its keywords are those its compiled text names, as the facts
		// list a printed card's (prowess, evolve: behavior.go).
		for _, a := range c.Abilities() {
			if a.Kind == ability.Keyword && a.Keyword != nil {
				c.Keywords = append(c.Keywords, a.Keyword.Name)
			}
		}
	}
	return c, nil
}

func appendColor(cs []string, c Color) []string {
	l := c.Letter()
	for _, x := range cs {
		if x == l {
			return cs
		}
	}
	// Keep WUBRG order.
	out := append(cs, l)
	for i := len(out) - 1; i > 0 && strings.Index("WUBRG", out[i]) < strings.Index("WUBRG", out[i-1]); i-- {
		out[i], out[i-1] = out[i-1], out[i]
	}
	return out
}

// Abilities returns the card's abilities in the ability language: the
// ones given with it (a declared card), else its own text's, compiled
// (abilities.go), when every unit of it compiled; nil when part of its
// text didn't (see Own for what did and why).
func (c *Card) Abilities() []ability.Ability {
	if c.given != nil {
		return c.given
	}
	return c.abilities()
}

// HasGiven reports whether the card's abilities were given as data (a
// declared card with abilities), so no card code applies to it.
func (c *Card) HasGiven() bool { return c.given != nil }

// code is the name the card's Go code is registered under: none for a
// card whose abilities were given as data, even if a pool card has its
// name.
func (c *Card) code() string {
	if c.given != nil {
		return "\x00given"
	}
	return c.Name
}

// HasCode reports whether the card's behaviour is Go code registered under
// its name (the pool's cards not yet moved onto the ability language).
func (c *Card) HasCode() bool {
	if c.given == nil && c.Layout == "split" {
		for _, f := range c.Faces {
			if f.HasCode() {
				return true // its halves' code plays the whole card
			}
		}
	}
	return !c.codeless()
}

// namedCode reports whether any table of code holds name n.
func namedCode(n string) bool {
	return spells[n] != nil || permanents[n] != nil || activated[n] != nil || triggered[n] != nil ||
		statics[n] != nil || manaModelled[n] || auras[n] != nil || topCasts[n] != nil || flashFor[n] != nil ||
		cdaPT[n] != nil || entersTappedUnless[n] != nil || manaTriggers[n] != nil || manaCode[n] != nil ||
		exileCastCounters[n] != 0 || keepsSourceLKI[n] || hasEntersWithCounters(n) || hasReplacement(n)
}

func hasEntersWithCounters(n string) bool { _, ok := entersWithCounters[n]; return ok }
func hasReplacement(n string) bool        { _, ok := manaReplacements[n]; return ok }

// KeywordImplemented reports whether the rules engine carries out keyword
// k (case aside).
func KeywordImplemented(k string) bool {
	for name, ok := range implementedKeywords {
		if ok && strings.EqualFold(name, k) {
			return true
		}
	}
	return false
}

// IntrinsicMana are the mana abilities a land has for its basic land
// types (CR 305.6: "{T}: Add {G}" for a Forest), in the order its
// subtypes are listed.
func (c *Card) IntrinsicMana() []ManaAbility {
	var out []ManaAbility
	if !c.Is("Land") {
		return nil
	}
	for _, sub := range c.Subtypes {
		if col, ok := basicLandColor[sub]; ok {
			out = append(out, ManaAbility{Index: len(out), Tap: true, Add: []Color{col}})
		}
	}
	return out
}
