package reducer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// What an effect makes an object become beyond added power, toughness,
// keywords and subtypes: a land that becomes a 2/2 creature until end of
// turn ("It's still a land": types are added, CR 205.1b), a creature that
// can't be blocked this turn. Each part sits in its layer (CR 613.1):
// card types and all creature types in 4, colours in 5, base power and
// toughness in 7b; the object rules are not layered (CR 613.11 aside,
// they say what the object may do).

// Becoming is a continuous effect's part beyond Continuous's older fields.
type Becoming struct {
	Types            []string      `msgpack:"types,omitempty"` // card types added, title case
	AllCreatureTypes bool          `msgpack:"all_types,omitempty"`
	SetColors        bool          `msgpack:"set_colors,omitempty"` // colours become Colors (none: colourless)
	Colors           []cards.Color `msgpack:"colors,omitempty"`
	SetPT            bool          `msgpack:"set_pt,omitempty"` // base power and toughness become P/T
	P                int           `msgpack:"p,omitempty"`
	T                int           `msgpack:"t,omitempty"`
	Rules            []string      `msgpack:"rules,omitempty"` // object rules: cant_be_blocked, cant_block, ...
	// Grants are quoted abilities gained (layer 6, interp_grant.go).
	Grants []GrantRef `msgpack:"grants,omitempty"`
}

func (b *Becoming) clone() *Becoming {
	if b == nil {
		return nil
	}
	c := *b
	c.Types, c.Colors, c.Rules, c.Grants = slices.Clone(b.Types), slices.Clone(b.Colors), slices.Clone(b.Rules), slices.Clone(b.Grants)
	return &c
}

func sameBecoming(a, b *Becoming) bool {
	if a == nil || b == nil {
		return a == b
	}
	return slices.Equal(a.Types, b.Types) && a.AllCreatureTypes == b.AllCreatureTypes && a.SetColors == b.SetColors &&
		slices.Equal(a.Colors, b.Colors) && a.SetPT == b.SetPT && a.P == b.P && a.T == b.T && slices.Equal(a.Rules, b.Rules) &&
		slices.Equal(a.Grants, b.Grants)
}

// expressible reports whether the table's vocabulary can say b: types
// added and colours set, not base power and toughness, all creature
// types, colourlessness or object rules.
func (b *Becoming) expressible() bool {
	return b == nil || !b.SetPT && !b.AllCreatureTypes && len(b.Rules) == 0 && len(b.Grants) == 0 && (!b.SetColors || len(b.Colors) > 0)
}

// becomingOf is the Becoming of an effect's Mods, nil when they have
// none of its parts.
func becomingOf(m *ability.Mods) *Becoming {
	b := &Becoming{Types: titles(m.Types), AllCreatureTypes: m.AllCreatureTypes}
	if len(m.Colors) > 0 || m.Colorless {
		b.SetColors = true
		for _, l := range m.Colors {
			if c, ok := cards.ParseColor(l); ok {
				b.Colors = append(b.Colors, c)
			}
		}
	}
	if m.SetP != nil && m.SetT != nil {
		b.SetPT, b.P, b.T = true, *m.SetP, *m.SetT
	}
	for _, r := range m.Rules {
		b.Rules = append(b.Rules, string(r))
	}
	if len(b.Types) == 0 && !b.AllCreatureTypes && !b.SetColors && !b.SetPT && len(b.Rules) == 0 {
		return nil
	}
	return b
}

// becomingRules are the object rules an effect can give, as the engine
// reads them (langObjectRule's callers).
var becomingRules = []ability.Rule{ability.CantBeBlocked, ability.CantBlock, ability.CantAttack, ability.MustBlock}

// becomingSupported says why Mods of an effect can't be carried out, or "".
func becomingSupported(m *ability.Mods) string {
	switch {
	case m.SetP != nil != (m.SetT != nil) || m.SetPAmount != nil || m.SetTAmount != nil:
		return "base power and toughness other than fixed numbers"
	case m.SetTypes || m.SetSubtypes:
		return "types that replace the object's own"
	case len(m.LoseKeywords) > 0 || len(m.Abilities) > 0 || m.LoseAll || m.CDA:
		return "abilities gained or lost other than keywords"
	}
	for _, t := range m.Types {
		switch title(t) {
		case "Artifact", "Creature", "Enchantment", "Land", "Planeswalker":
		default:
			return "the card type " + t
		}
	}
	for _, r := range m.Rules {
		if !slices.Contains(becomingRules, r) {
			return "the rule " + string(r)
		}
	}
	return ""
}

// becomesType reports whether an effect gives o card type t (layer 4).
func (o *Object) becomesType(t string) bool {
	return o.recordedAny(func(c *Continuous) bool { return c.Becomes != nil && slices.Contains(c.Becomes.Types, t) })
}

// becomesCreatureType reports whether an effect gives o all creature
// types and t is one (CR 205.3m).
func (o *Object) becomesCreatureType(t string) bool {
	return o.recordedAny(func(c *Continuous) bool { return c.Becomes != nil && c.Becomes.AllCreatureTypes }) && cards.IsCreatureType(t)
}

// becomesPT is the base power and toughness the latest effect that sets
// them gives o (layer 7b, timestamp order), and whether one does.
func (o *Object) becomesPT() (p, t int, ok bool) {
	if o.state == nil || o.Zone != ZoneBattlefield {
		return 0, 0, false
	}
	for i := range o.state.Continuous {
		if c := &o.state.Continuous[i]; c.Becomes != nil && c.Becomes.SetPT && c.affects(o) {
			p, t, ok = c.Becomes.P, c.Becomes.T, true
		}
	}
	return p, t, ok
}

// setColors are the colours the latest effect that sets o's colours
// gives it (layer 5, timestamp order), a table's or a card's, and
// whether one does.
func (o *Object) setColors() ([]cards.Color, bool) {
	if o.state == nil || o.Zone != ZoneBattlefield {
		return nil, false
	}
	var out []cards.Color
	found := false
	for i := range o.state.Continuous {
		c := &o.state.Continuous[i]
		if !c.affects(o) {
			continue
		}
		if c.Table != nil && len(c.Table.Colors) > 0 {
			out, found = c.Table.Colors, true
		}
		if c.Becomes != nil && c.Becomes.SetColors {
			out, found = c.Becomes.Colors, true
		}
	}
	return out, found
}

// becomesRule reports whether an effect gives o object rule r.
func (o *Object) becomesRule(r ability.Rule) bool {
	return o.recordedAny(func(c *Continuous) bool { return c.Becomes != nil && slices.Contains(c.Becomes.Rules, string(r)) })
}

// describe tells what the effect makes its objects become.
func (b *Becoming) describe() []string {
	if b == nil {
		return nil
	}
	var out []string
	if b.SetPT {
		out = append(out, fmt.Sprintf("base %d/%d", b.P, b.T))
	}
	out = append(out, b.Types...)
	if b.AllCreatureTypes {
		out = append(out, "all creature types")
	}
	if b.SetColors {
		var words []string
		for _, c := range b.Colors {
			words = append(words, colorWord(c.Letter()))
		}
		if len(words) == 0 {
			words = []string{"colourless"}
		}
		out = append(out, "colour "+strings.Join(words, " and "))
	}
	for _, r := range b.Rules {
		out = append(out, strings.ReplaceAll(strings.Replace(r, "cant_", "can't_", 1), "_", " "))
	}
	return out // Grants: describeGrants, which reads the state
}

func writeBecoming(w *snapWriter, b *Becoming) {
	w.arr(8 + optional(len(b.Grants) > 0)) // only then: older snapshots stay as they were
	w.strs(b.Types)
	w.bool(b.AllCreatureTypes)
	w.bool(b.SetColors)
	w.arr(len(b.Colors))
	for _, c := range b.Colors {
		w.int(int(c))
	}
	w.bool(b.SetPT)
	w.int(b.P)
	w.int(b.T)
	w.strs(b.Rules)
	if len(b.Grants) > 0 {
		w.arr(2 * len(b.Grants))
		for _, g := range b.Grants {
			w.str(g.Card)
			w.int(g.K)
		}
	}
}

func readBecoming(r *snapReader) *Becoming {
	extra := r.fieldsUpTo(8, 1, "becoming")
	b := &Becoming{Types: r.strs(), AllCreatureTypes: r.bool(), SetColors: r.bool()}
	if n := r.arr(); n > 0 {
		b.Colors = make([]cards.Color, n)
		for i := range b.Colors {
			b.Colors[i] = cards.Color(r.int())
		}
	}
	b.SetPT, b.P, b.T = r.bool(), r.int(), r.int()
	b.Rules = r.strs()
	if extra > 0 {
		n := r.arr() / 2
		for i := 0; i < n; i++ {
			b.Grants = append(b.Grants, GrantRef{Card: r.str(), K: r.int()})
		}
	}
	return b
}

// digestBecoming adds b to a digest; nothing for nil, so that effects
// without it keep their digests.
func digestBecoming(w *digestWriter, b *Becoming) {
	if b == nil {
		return
	}
	w.str("becomes")
	w.strs(b.Types)
	w.bools(b.AllCreatureTypes, b.SetColors, b.SetPT)
	for _, c := range b.Colors {
		w.ints(int(c))
	}
	w.ints(b.P, b.T)
	w.strs(b.Rules)
	for _, g := range b.Grants { // none for effects without: their digests stay
		w.str(g.Card)
		w.ints(g.K)
	}
}
