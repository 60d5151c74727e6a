package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Static abilities in the ability language (CR 604, 613). A static
// ability of a permanent on the battlefield applies to what it affects
// (the permanent itself, the permanent it is attached to, or every
// object a filter accepts, determined continuously, CR 611.3a) while its
// condition holds ("as long as"). Its changes join the engine's layers
// (continuous.go): types added in layer 4, abilities in layer 6, power
// and toughness in layer 7c; a characteristic-defining ability sets
// power and toughness in layer 7a in every zone (CR 604.3).
//
// Reading what a static affects may itself read characteristics ("other
// creatures with flying"); while a static's filter or condition is read,
// statics of the language don't apply to the objects read, so that no
// characteristic depends on itself. (A filter that depends on another
// static's changes is the rare case CR 613.8 orders by dependency; the
// engine reads it without them.)

// langStaticsOn calls f with the effect of each language static ability
// that applies to o now.
func (o *Object) langStaticsOn(f func(c *Continuous)) {
	s := o.state
	if s == nil || s.readingStatics {
		return
	}
	for _, id := range s.sources().lang { // static_sources.go
		src := s.Objects[id]
		for _, a := range langOf(src.Def).statics {
			st := a.Static
			if !layeredMods(st.Mods) || !s.staticApplies(src, st, o) {
				continue // nothing for the layers here (a rule: langObjectRule)
			}
			c := &evalCtx{g: &Game{S: s}, you: src.Controller, src: src.ID}
			m := st.Mods
			s.readingStatics = true
			p, t := m.P+c.amount(m.PAmount), m.T+c.amount(m.TAmount)
			s.readingStatics = false
			f(&Continuous{Source: src.ID, Controller: src.Controller, AddKeywords: m.Keywords,
				AddSubtypes: titles(m.Subtypes), AddSupertypes: titles(m.Supertypes), P: p, T: t, Becomes: staticGrants(src, m)})
		}
	}
}

// staticApplies reports whether static st of src affects o now.
func (s *State) staticApplies(src *Object, st *ability.StaticEffect, o *Object) bool {
	s.readingStatics = true
	defer func() { s.readingStatics = false }()
	c := &evalCtx{g: &Game{S: s}, you: src.Controller, src: src.ID}
	sel := st.Affected
	switch sel.Ref {
	case ability.Self:
		if o.ID != src.ID {
			return false
		}
	case ability.Attached:
		if src.AttachedTo != o.ID {
			return false
		}
	case ability.All:
		if !c.matches(sel.Filter, o) {
			return false
		}
	default:
		return false
	}
	return c.holds(st.If)
}

// langCDA is a language card's characteristic-defining power and
// toughness (CR 604.3), worked out for o; ok is false without one.
func (o *Object) langCDA() (p, t int, ok bool) {
	d := o.def()
	lc := langOf(d)
	if lc == nil || o.state == nil || o.state.readingStatics {
		return 0, 0, false
	}
	for _, a := range lc.statics {
		m := a.Static.Mods
		if m == nil || !m.CDA {
			continue
		}
		s := o.state
		s.readingStatics = true
		c := &evalCtx{g: &Game{S: s}, you: o.Controller, src: o.ID}
		p, t = basePrinted(o)
		if m.SetPAmount != nil {
			p = c.amount(m.SetPAmount)
		} else if m.SetP != nil {
			p = *m.SetP
		}
		if m.SetTAmount != nil {
			t = c.amount(m.SetTAmount)
		} else if m.SetT != nil {
			t = *m.SetT
		}
		s.readingStatics = false
		return p, t, true
	}
	return 0, 0, false
}

// basePrinted is o's printed power and toughness (0 for "*").
func basePrinted(o *Object) (int, int) {
	p, t, _ := o.def().PT()
	return p, t
}

// langHasCDA reports whether a language card defines its power and
// toughness itself.
func langHasCDA(lc *langCard) bool {
	for _, a := range lc.statics {
		if m := a.Static.Mods; m != nil && m.CDA {
			return true
		}
	}
	return false
}

// langObjectRule reports whether a static ability of o itself, or one
// that affects it, makes rule r hold for it now ("~ can't block",
// "creatures your opponents control can't block").
func (o *Object) langObjectRule(r ability.Rule) bool {
	s := o.state
	if s == nil || o.Zone != ZoneBattlefield || s.readingStatics {
		return false
	}
	if len(s.Continuous) > 0 && o.becomesRule(r) { // an effect's: interp_becomes.go
		return true
	}
	for _, id := range s.sources().rules { // the permanents with a language static (static_sources.go)
		src := s.Objects[id]
		for _, a := range langOf(src.Def).statics {
			st := a.Static
			if st.Mods == nil || !containsRule(st.Mods.Rules, r) || !s.staticApplies(src, st, o) {
				continue
			}
			return true
		}
	}
	return false
}

func containsRule(rs []ability.Rule, r ability.Rule) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}
