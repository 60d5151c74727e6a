package oracle

import "github.com/chronicle-mtg/chronicle/ability"

// Face is what the compiler needs to read one face's Oracle text: the text
// and the facts it refers to. It is the compiler's own type so that the
// card database can import this package.
type Face struct {
	// Name is the face's name; CardName the whole card's ("Fire // Ice"),
	// empty when it is the same; FaceNames the names of every face, for
	// texts that name the other face.
	Name      string
	CardName  string
	FaceNames []string
	// Layout is the card's layout (normal, split, saga, class, leveler, ...).
	Layout     string
	Supertypes []string
	Types      []string
	Subtypes   []string
	// Keywords are the face's keyword abilities as the facts list them.
	Keywords []string
	Text     string
}

// Result is what a face's text compiles to.
type Result struct {
	// Abilities are the compiled abilities, in the order of the text.
	Abilities []ability.Ability
	// Declined are the units that did not compile, each with why.
	Declined []Decline
}

// Decline is one unit of text (an ability line, a modal block) that did
// not compile.
type Decline struct {
	// Text is the normalised unit ("~" for the card's name).
	Text string
	// Sentence is the part where parsing stopped, and Word the word it
	// stopped at ("" at the end of the sentence).
	Sentence string
	Word     string
	// Reason says what went wrong: no rule matched, two readings, the
	// printed-back text differs, the ability is malformed.
	Reason string
}

func (d Decline) String() string {
	s := d.Text + ": " + d.Reason
	if d.Word != "" {
		s += " (at \"" + d.Word + "\")"
	}
	return s
}
