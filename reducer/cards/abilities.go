package cards

import (
	"sync"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/oracle"
)

// A card's behaviour in the ability language: its Oracle text compiled by
// package oracle, or a hand-written override (overrides.go) where the text
// is one of a kind. Compiled on first use and kept, one result per card
// (face cards their own), so a process pays only for the cards it plays.

// FaceAbilities is what one face's text gives: its abilities and the units
// of text that didn't compile.
type FaceAbilities struct {
	// Face is the face's name (the card's, for a one-face card).
	Face      string
	Abilities []ability.Ability
	Declined  []oracle.Decline
	// Override is the reason of the hand-written abilities that replace
	// the face's compiled ones, "" when they were compiled.
	Override string
}

// Complete reports whether every unit of the face's text compiled (or was
// overridden).
func (f *FaceAbilities) Complete() bool { return len(f.Declined) == 0 }

var compiled sync.Map // *Card -> *FaceAbilities

// Own returns the abilities of this card's own text: a one-face card's, a
// multi-face card's first face (its Name and Oracle), a face's. A split
// card's whole card has no text of its own (see Faces). Deterministic: it
// reads the card's facts only.
func (c *Card) Own() *FaceAbilities {
	if f, ok := compiled.Load(c); ok {
		return f.(*FaceAbilities)
	}
	f := c.compile()
	actual, _ := compiled.LoadOrStore(c, f)
	return actual.(*FaceAbilities)
}

// AllFaces returns the abilities of each face of the card: its faces', or
// its own for a one-face card.
func (c *Card) AllFaces() []*FaceAbilities {
	if len(c.Faces) == 0 {
		return []*FaceAbilities{c.Own()}
	}
	out := make([]*FaceAbilities, len(c.Faces))
	for i, f := range c.Faces {
		out[i] = f.Own()
	}
	return out
}

func (c *Card) compile() *FaceAbilities {
	if o, ok := overrides[c.Name]; ok {
		return &FaceAbilities{Face: c.Name, Abilities: o.Abilities, Override: o.Reason}
	}
	if c.Layout == "split" && len(c.Faces) > 0 {
		// The whole split card: its halves' abilities together.
		out := &FaceAbilities{Face: c.Name}
		for _, f := range c.Faces {
			fa := f.Own()
			out.Abilities = append(out.Abilities, fa.Abilities...)
			out.Declined = append(out.Declined, fa.Declined...)
		}
		return out
	}
	r := oracle.Compile(oracle.Face{
		Name: c.Name, CardName: c.FullName, Layout: c.Layout,
		Supertypes: c.Supertypes, Types: c.Types, Subtypes: c.Subtypes, Keywords: c.Keywords, Text: c.Oracle,
	})
	out := &FaceAbilities{Face: c.Name, Abilities: r.Abilities, Declined: r.Declined}
	if c.Info != nil && c.Info.OracleIncomplete {
		out.Declined = append(out.Declined, oracle.Decline{Text: c.Oracle, Reason: "the card data lacks the text of an ability"})
	}
	if out.Abilities == nil {
		out.Abilities = []ability.Ability{}
	}
	return out
}

// abilities is what Abilities returns for a card not declared with
// abilities: its own text's abilities when all of it compiled, else nil
// (a card part of whose text is unknown is not played as if it had only
// the rest). A pool card that still has Go code of its own (HasCode)
// keeps it: the engine asks for the abilities only of cards without.
func (c *Card) abilities() []ability.Ability {
	f := c.Own()
	if !f.Complete() {
		return nil
	}
	return f.Abilities
}
