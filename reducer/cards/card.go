package cards

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"strconv"
)

// Card is one card's printed facts plus the behaviour derived from them.
// Cards are shared and never changed once the pool is loaded.
type Card struct {
	Name string
	// FullName is an adventurer card's "Creature // Adventure" name; its
	// Name is the creature's.
	FullName  string
	Layout    string // normal, adventure, split, token
	Cost      Cost
	ManaValue int
	// Colors are the card's colours: from its mana cost, or its colour
	// indicator (CR 204).
	Colors     []Color
	Supertypes []string
	Types      []string
	Subtypes   []string
	// Power and Toughness as printed; "*" marks a characteristic-defining
	// ability, "" a card without them.
	Power, Toughness string
	Loyalty          string
	Oracle           string
	Keywords         []string
	// Faces are an adventurer's creature and Adventure halves, or a split
	// card's halves, in printed order.
	Faces    []*Card
	Playtest bool
	// GrantedAdventure is an Adventure this card gives other cards
	// (Starting Town NPC's Fetch Herbs), or nil.
	GrantedAdventure *Card

	// Mana lists the card's mana abilities (CR 605), derived from its text.
	Mana []ManaAbility

	// statics are its static abilities that affect other objects, looked up
	// once as the pool loads: characteristics read them constantly.
	statics []Static

	// Declared: a card the match declared (declared.go); given are the
	// abilities it was declared with, if any.
	Declared bool
	given    []ability.Ability
}

// ManaAbility is an activated mana ability: pay Tap (and nothing else here)
// to add mana.
type ManaAbility struct {
	Index int     // which activated ability of the card, 0-based
	Tap   bool    // {T} in the cost
	Add   []Color // fixed mana added, in order
	// AnyColor adds one mana of a colour the player chooses.
	AnyColor bool
	// Among: one mana of a type from a set a rule defines (mana.go); an
	// empty set is an undefined type: no mana (MANA-1).
	Among string
	// PerCounter: Add is added once for each counter of this kind on the
	// permanent ("for each +1/+1 counter").
	PerCounter string
	// TapOther: "Tap an untapped <TapOther> you control" is the cost, the
	// permanent named by the activate input's tap (relic.go).
	TapOther string
}

// Is reports whether the card has card type t ("Creature", "Land", ...).
func (c *Card) Is(t string) bool { return slices.Contains(c.Types, t) }

// HasSuper reports whether the card has supertype s ("Legendary", "Basic").
func (c *Card) HasSuper(s string) bool { return slices.Contains(c.Supertypes, s) }

// HasSub reports whether the card has subtype s.
func (c *Card) HasSub(s string) bool { return slices.Contains(c.Subtypes, s) }

// HasKeyword reports whether the card has keyword k, as printed ("Flying").
func (c *Card) HasKeyword(k string) bool { return slices.Contains(c.Keywords, k) }

// IsPermanent reports whether the card is a permanent card (CR 110.4).
func (c *Card) IsPermanent() bool {
	for _, t := range c.Types {
		switch t {
		case "Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker":
			return true
		}
	}
	return false
}

// PT returns printed power and toughness as numbers; ok is false for a
// card without them or with a characteristic-defining "*".
func (c *Card) PT() (p, t int, ok bool) {
	var err1, err2 error
	p, err1 = strconv.Atoi(c.Power)
	t, err2 = strconv.Atoi(c.Toughness)
	return p, t, err1 == nil && err2 == nil
}

// Adventure returns an adventurer card's Adventure face, or nil.
func (c *Card) Adventure() *Card {
	if c.Layout == "adventure" && len(c.Faces) == 2 {
		return c.Faces[1]
	}
	return nil
}

// Face returns the face named name, or nil.
func (c *Card) Face(name string) *Card {
	for _, f := range c.Faces {
		if f.Name == name {
			return f
		}
	}
	return nil
}
