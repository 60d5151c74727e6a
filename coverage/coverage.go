package coverage

import (
	"sort"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/oracle"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Status is how much of a card is modelled.
type Status string

const (
	// Modelled: every ability of every face compiles (or is overridden)
	// and the engine carries each out.
	Modelled Status = "modelled"
	// Partly: some abilities are modelled, not all.
	Partly Status = "partly"
	// NotModelled: none of what the card's text says is modelled (or its
	// name is unknown).
	NotModelled Status = "not_modelled"
)

// Supports says whether the engine carries out an ability (nil when it
// does); reducer.Supports.
type Supports func(*ability.Ability) error

// Card is one card's coverage.
type Card struct {
	Name    string `json:"name"`
	Status  Status `json:"status"`
	Unknown bool   `json:"unknown,omitempty"`
	// Compile is "compiled" (every face's text compiled), "overridden"
	// (a face is hand-written, the rest compiled) or "declined" (some
	// text didn't compile).
	Compile string `json:"compile"`
	Faces   []Face `json:"faces,omitempty"`
}

// Face is one face's coverage.
type Face struct {
	Face      string `json:"face"`
	Abilities int    `json:"abilities"`
	// Override is the reason a face is hand-written.
	Override string `json:"override,omitempty"`
	// Declined are the units of text that didn't compile.
	Declined []Declined `json:"declined,omitempty"`
	// Unsupported are the compiled abilities the engine doesn't carry out
	// yet.
	Unsupported []Unsupported `json:"unsupported,omitempty"`
}

// Declined is a unit of text that didn't compile.
type Declined struct {
	Text     string `json:"text"`
	Sentence string `json:"sentence"`
	Word     string `json:"word,omitempty"`
	Reason   string `json:"reason"`
}

// Unsupported is a compiled ability the engine doesn't carry out.
type Unsupported struct {
	Text   string `json:"text"`
	Reason string `json:"reason"`
}

// Of measures one card. supports may be nil: the engine's support is then
// not asked, and a card whose every ability compiles counts as modelled.
func Of(c *cards.Card, supports Supports) Card {
	out := Card{Name: c.Name, Compile: "compiled"}
	modelled, missing := 0, 0
	for _, fa := range c.AllFaces() {
		f := Face{Face: fa.Face, Abilities: len(fa.Abilities), Override: fa.Override}
		if fa.Override != "" && out.Compile == "compiled" {
			out.Compile = "overridden"
		}
		for _, d := range fa.Declined {
			f.Declined = append(f.Declined, declined(d))
			missing++
		}
		for i := range fa.Abilities {
			a := &fa.Abilities[i]
			if supports != nil {
				if err := supports(a); err != nil {
					f.Unsupported = append(f.Unsupported, Unsupported{Text: a.Text, Reason: err.Error()})
					missing++
					continue
				}
			}
			modelled++
		}
		out.Faces = append(out.Faces, f)
	}
	if missing > 0 {
		for _, f := range out.Faces {
			if len(f.Declined) > 0 {
				out.Compile = "declined"
			}
		}
	}
	switch {
	case missing == 0:
		out.Status = Modelled
	case modelled == 0:
		out.Status = NotModelled
	default:
		out.Status = Partly
	}
	return out
}

func declined(d oracle.Decline) Declined {
	return Declined{Text: d.Text, Sentence: d.Sentence, Word: d.Word, Reason: d.Reason}
}

// Unknown is the coverage of a name the card database doesn't have.
func Unknown(name string) Card {
	return Card{Name: name, Status: NotModelled, Unknown: true, Compile: "declined"}
}

// Summary counts cards by status and by how they compiled.
type Summary struct {
	Cards       int `json:"cards"`
	Modelled    int `json:"modelled"`
	Partly      int `json:"partly"`
	NotModelled int `json:"not_modelled"`
	Compiled    int `json:"compiled"`
	Overridden  int `json:"overridden"`
	Declined    int `json:"declined"`
	Unknown     int `json:"unknown,omitempty"`
}

// Add counts a card n times (n slots of it).
func (s *Summary) Add(c Card, n int) {
	s.Cards += n
	switch c.Status {
	case Modelled:
		s.Modelled += n
	case Partly:
		s.Partly += n
	default:
		s.NotModelled += n
	}
	switch c.Compile {
	case "compiled":
		s.Compiled += n
	case "overridden":
		s.Overridden += n
	default:
		s.Declined += n
	}
	if c.Unknown {
		s.Unknown += n
	}
}

// Sentence is a declined sentence and how much it weighs: the cards that
// have it, and the slots of those cards (the next template to write is the
// heaviest).
type Sentence struct {
	Sentence string `json:"sentence"`
	Cards    int    `json:"cards"`
	Slots    int    `json:"slots"`
}

// tally weighs declined sentences.
type tally map[string]*Sentence

func (t tally) add(c Card, slots int) {
	seen := map[string]bool{}
	for _, f := range c.Faces {
		for _, d := range f.Declined {
			k := d.Sentence
			if k == "" {
				k = d.Text
			}
			if seen[k] {
				continue
			}
			seen[k] = true
			s := t[k]
			if s == nil {
				s = &Sentence{Sentence: k}
				t[k] = s
			}
			s.Cards++
			s.Slots += slots
		}
	}
}

// top returns the n heaviest sentences, by slots, then cards, then text.
func (t tally) top(n int) []Sentence {
	out := make([]Sentence, 0, len(t))
	for _, s := range t {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Slots != b.Slots {
			return a.Slots > b.Slots
		}
		if a.Cards != b.Cards {
			return a.Cards > b.Cards
		}
		return a.Sentence < b.Sentence
	})
	if len(out) > n {
		out = out[:n]
	}
	return out
}
