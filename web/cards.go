package web

import (
	"net/http"
	"strings"

	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// CardFacts is a card as printed, for the viewer's card text on hover.
// Card names are public: only names the viewer has seen are asked for.
type CardFacts struct {
	Name      string       `json:"name"`
	ManaCost  string       `json:"mana_cost,omitempty"`
	TypeLine  string       `json:"type_line"`
	Oracle    string       `json:"oracle"`
	Power     string       `json:"power,omitempty"`
	Toughness string       `json:"toughness,omitempty"`
	Loyalty   string       `json:"loyalty,omitempty"`
	Faces     []*CardFacts `json:"faces,omitempty"`
}

func factsOf(c *cards.Card) *CardFacts {
	name := c.Name
	if c.FullName != "" {
		name = c.FullName
	}
	f := &CardFacts{Name: name, TypeLine: typeLine(c), Oracle: c.Oracle, Power: c.Power, Toughness: c.Toughness, Loyalty: c.Loyalty}
	if len(c.Cost) > 0 {
		f.ManaCost = c.Cost.String()
	}
	for _, face := range c.Faces {
		f.Faces = append(f.Faces, factsOf(face))
	}
	return f
}

// typeLine is "Legendary Creature — Human Wizard".
func typeLine(c *cards.Card) string {
	line := strings.Join(append(append([]string{}, c.Supertypes...), c.Types...), " ")
	if len(c.Subtypes) > 0 {
		line += " — " + strings.Join(c.Subtypes, " ")
	}
	return line
}

// cardFacts looks a card up by name.
func cardFacts(name string) (*CardFacts, bool) {
	c, ok := cards.Default().Card(name)
	if !ok {
		return nil, false
	}
	return factsOf(c), true
}

func (s *Server) card(w http.ResponseWriter, r *http.Request) {
	f, ok := cardFacts(r.PathValue("name"))
	if !ok {
		s.fail(w, r, query.Errorf(query.CodeNotFound, "no card named %q", r.PathValue("name")))
		return
	}
	w.Header().Set("Cache-Control", "max-age=3600")
	writeJSON(w, http.StatusOK, f)
}
