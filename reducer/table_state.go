package reducer

import (
	"slices"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The state the table's effects add (table.go): player counters, abilities
// the table put on the stack (Object.Text), tokens it described
// (Object.Facts), and what its continuous effects change beyond what the
// engine's own do (TableGrant). None of it exists in a game without table
// effects, and then the digest and the snapshot are what they were before:
// each is written only where it is set.

// TableGrant is what a continuous effect the table described changes
// beyond power, toughness, keywords, supertypes and subtypes: card types
// added (layer 4), the colours it becomes (layer 5) and abilities gained
// as text (layer 6; the engine doesn't model them, people read them).
type TableGrant struct {
	Types     []string
	Colors    []cards.Color
	Abilities []string
}

func (t *TableGrant) clone() *TableGrant {
	if t == nil {
		return nil
	}
	return &TableGrant{Types: slices.Clone(t.Types), Colors: slices.Clone(t.Colors), Abilities: slices.Clone(t.Abilities)}
}

// optional is 1 when an optional trailing snapshot field is written.
func optional(set bool) int {
	if set {
		return 1
	}
	return 0
}

func writeTableGrant(w *snapWriter, t *TableGrant) {
	w.arr(3)
	w.strs(t.Types)
	w.arr(len(t.Colors))
	for _, c := range t.Colors {
		w.int(int(c))
	}
	w.strs(t.Abilities)
}

func readTableGrant(r *snapReader) *TableGrant {
	r.fields(3, "table grant")
	t := &TableGrant{Types: r.strs()}
	if n := r.arr(); n > 0 {
		t.Colors = make([]cards.Color, n)
		for i := range t.Colors {
			t.Colors[i] = cards.Color(r.int())
		}
	}
	t.Abilities = r.strs()
	return t
}

func writeFacts(w *snapWriter, f *events.Characteristics) {
	w.arr(9)
	w.str(f.Name)
	w.strs(f.Types)
	w.strs(f.Subtypes)
	w.strs(f.Supertypes)
	w.strs(f.Colors)
	w.str(f.Power)
	w.str(f.Toughness)
	w.strs(f.Keywords)
	w.str(f.Text)
}

func readFacts(r *snapReader) *events.Characteristics {
	r.fields(9, "token description")
	return &events.Characteristics{Name: r.str(), Types: r.strs(), Subtypes: r.strs(), Supertypes: r.strs(),
		Colors: r.strs(), Power: r.str(), Toughness: r.str(), Keywords: r.strs(), Text: r.str()}
}

// factsDef is the card definition of a token the table described: its
// characteristics and no behaviour the engine knows.
func factsDef(f *events.Characteristics) *cards.Card {
	c := &cards.Card{Name: f.Name, Layout: "token", Types: slices.Clone(f.Types), Subtypes: slices.Clone(f.Subtypes),
		Supertypes: slices.Clone(f.Supertypes), Power: f.Power, Toughness: f.Toughness, Keywords: slices.Clone(f.Keywords), Oracle: f.Text}
	for _, l := range f.Colors {
		if col, ok := cards.ParseColor(l); ok {
			c.Colors = append(c.Colors, col)
		}
	}
	return c
}

// digestTable adds the table's state to a digest, and nothing when there
// is none, so that every other state keeps its digest.
func (s *State) digestTable(w *digestWriter) {
	any := false
	for _, p := range s.Players {
		any = any || len(p.Counters) > 0
	}
	for _, o := range s.Objects {
		any = any || o != nil && (o.Text != "" || o.Facts != nil)
	}
	for i := range s.Continuous {
		any = any || s.Continuous[i].Table != nil
	}
	if !any {
		return
	}
	w.str("table")
	for _, p := range s.Players {
		w.ints(len(p.Counters))
		for _, c := range p.Counters {
			w.str(c.Kind)
			w.ints(c.N)
		}
	}
	for _, o := range s.Objects {
		if o == nil || o.Text == "" && o.Facts == nil {
			continue
		}
		w.ints(int(o.ID))
		w.str(o.Text)
		if f := o.Facts; f != nil {
			w.str(f.Name)
			w.strs(f.Types)
			w.strs(f.Subtypes)
			w.strs(f.Supertypes)
			w.strs(f.Colors)
			w.str(f.Power)
			w.str(f.Toughness)
			w.strs(f.Keywords)
			w.str(f.Text)
		}
	}
	for i := range s.Continuous {
		if t := s.Continuous[i].Table; t != nil {
			w.ints(s.Continuous[i].Timestamp)
			w.strs(t.Types)
			for _, c := range t.Colors {
				w.ints(int(c))
			}
			w.strs(t.Abilities)
		}
	}
}

// tableAny reports whether f holds for a table effect on o, in timestamp
// order. Only recorded effects come from the table: static abilities are
// not asked, which keeps a type check from reading every static on the
// battlefield.
func (o *Object) tableAny(f func(c *Continuous) bool) bool {
	if o.state == nil || o.Zone != ZoneBattlefield {
		return false
	}
	for i := range o.state.Continuous {
		if c := &o.state.Continuous[i]; c.Table != nil && c.affects(o) && f(c) {
			return true
		}
	}
	return false
}

// isTableAbility reports whether o is an ability the table put on the
// stack: the engine knows its text only.
func (o *Object) isTableAbility() bool { return o.Text != "" }

// tableTypes reports whether a table effect gives o card type t (layer 4).
func (o *Object) tableType(t string) bool {
	return o.tableAny(func(c *Continuous) bool { return slices.Contains(c.Table.Types, t) })
}

// tableColors are the colours the latest table effect that sets o's
// colours gives it (layer 5, timestamp order), and whether one does.
func (o *Object) tableColors() ([]cards.Color, bool) {
	if o.state == nil || o.Zone != ZoneBattlefield {
		return nil, false
	}
	var out []cards.Color
	found := false
	for i := range o.state.Continuous {
		if c := &o.state.Continuous[i]; c.Table != nil && len(c.Table.Colors) > 0 && c.affects(o) {
			out, found = c.Table.Colors, true
		}
	}
	return out, found
}

// tableAbilities are the abilities table effects give o, as text.
func (o *Object) tableAbilities() []string {
	var out []string
	o.tableAny(func(c *Continuous) bool {
		out = append(out, c.Table.Abilities...)
		return false
	})
	return out
}

// counterOf is how many counters of kind a player has.
func (p *Player) counterOf(kind string) int {
	for _, c := range p.Counters {
		if strings.EqualFold(c.Kind, kind) {
			return c.N
		}
	}
	return 0
}

// continuousOf is s.Continuous, or nil for a nil state: an object not yet
// linked to one.
func (s *State) continuousOf() []Continuous {
	if s == nil {
		return nil
	}
	return s.Continuous
}

// describe tells what a table grant adds, for people.
func (t *TableGrant) describe() []string {
	if t == nil {
		return nil
	}
	out := append([]string(nil), t.Types...)
	if len(t.Colors) > 0 {
		var words []string
		for _, c := range t.Colors {
			words = append(words, colorWord(c.Letter()))
		}
		out = append(out, "colour "+strings.Join(words, " and "))
	}
	for _, a := range t.Abilities {
		out = append(out, strconv.Quote(a))
	}
	return out
}

// tableTypes are the card types table effects give o and its card doesn't
// have.
func (o *Object) tableTypes() []string {
	var out []string
	d := o.def()
	o.tableAny(func(c *Continuous) bool {
		for _, t := range c.Table.Types {
			if !slices.Contains(out, t) && (d == nil || !d.Is(t)) {
				out = append(out, t)
			}
		}
		return false
	})
	return out
}

// counterMap is a player's counters by kind for a view; nil for none.
func counterMap(cs []Counter) map[string]int {
	if len(cs) == 0 {
		return nil
	}
	out := make(map[string]int, len(cs))
	for _, c := range cs {
		out[c.Kind] = c.N
	}
	return out
}

// describedFacts are the characteristics of def when it is a token's the
// table described (factsDef), which its name alone can't find again: a
// trigger or delayed ability of it carries them (OpTrigger, OpDelayed),
// so two described tokens of one name each trigger their own ability.
func (s *State) describedFacts(def *cards.Card) *events.Characteristics {
	if def == nil || def.Layout != "token" || def.Declared {
		return nil
	}
	if d, ok := s.cardDef(def.Name); ok && d == def {
		return nil
	}
	return charsOf(def)
}
