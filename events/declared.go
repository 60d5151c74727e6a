package events

import (
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// DeclaredCard is a card a match declares for itself in match_started: a
// test card of an engine developer, a playtest card, a card newer than
// Chronicle's card data. It gives the card's printed facts and its
// behaviour, as abilities in the ability language or as Oracle text for
// the compiler. Declared cards are part of the log, so a replay needs
// nothing else; within the match a declared card stands for any card of
// the same name in Chronicle's data.
type DeclaredCard struct {
	Name       string   `json:"name"`
	ManaCost   string   `json:"mana_cost,omitempty"` // "{1}{G}"; "" for no mana cost
	Colors     []string `json:"colors,omitempty"`    // W U B R G; default: from the mana cost
	Supertypes []string `json:"supertypes,omitempty"`
	Types      []string `json:"types"`
	Subtypes   []string `json:"subtypes,omitempty"`
	Power      string   `json:"power,omitempty"`
	Toughness  string   `json:"toughness,omitempty"`
	Loyalty    string   `json:"loyalty,omitempty"`
	Defense    string   `json:"defense,omitempty"`
	// Oracle is the card's rules text (own name or "this ..." for self).
	// Without Abilities, the compiler makes the card's abilities from it.
	Oracle string `json:"oracle_text,omitempty"`
	// Abilities are the card's abilities, given as data; they take the
	// place of whatever the compiler would make of Oracle.
	Abilities []ability.Ability `json:"abilities,omitempty"`
	// Token: a token definition, made by effects that create a token of
	// this name; no deck may hold it.
	Token bool `json:"token,omitempty"`
	// Playtest: a playtest card (PT-1: audits flag it in tournament
	// formats).
	Playtest bool `json:"playtest,omitempty"`
}

var cardTypes = []string{"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker", "Sorcery"}

// checkDeclared checks the cards a match declares: names, types, costs,
// colours, and each ability's form (ability.Validate).
func checkDeclared(cs []DeclaredCard) *FieldError {
	seen := map[string]bool{}
	for i := range cs {
		c := &cs[i]
		at := "cards[" + itoa(i) + "]"
		key := strings.ToLower(c.Name)
		switch {
		case strings.TrimSpace(c.Name) == "":
			return fieldErr(at+".name", "missing")
		case hasControl(c.Name):
			return fieldErr(at+".name", "control characters are not allowed")
		case seen[key]:
			return fieldErr(at+".name", "%q is declared twice", c.Name)
		case len(c.Types) == 0:
			return fieldErr(at+".types", "missing: a card has at least one card type")
		}
		seen[key] = true
		for j, t := range c.Types {
			if !slices.Contains(cardTypes, t) {
				return fieldErr(at+".types["+itoa(j)+"]", "unknown card type %q (want one of %s)", t, strings.Join(cardTypes, ", "))
			}
		}
		if c.ManaCost != "" {
			if _, err := ability.ParseMana(c.ManaCost); err != nil {
				return fieldErr(at+".mana_cost", "%v", err)
			}
		}
		for j, col := range c.Colors {
			if len(col) != 1 || !strings.Contains("WUBRG", col) {
				return fieldErr(at+".colors["+itoa(j)+"]", "want W, U, B, R or G, got %q", col)
			}
		}
		for j := range c.Abilities {
			if err := ability.Validate(&c.Abilities[j], at+".abilities["+itoa(j)+"]"); err != nil {
				ae := err.(*ability.Error)
				return fieldErr(ae.Path, "%s", ae.Reason)
			}
		}
	}
	return nil
}
