package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Continuous effects (CR 611) and the layers they apply in (CR 613).
//
// An effect from a resolved spell or ability is recorded with a timestamp
// and the objects it affects, locked in as it began (CR 611.2c), and lasts
// until end of turn, until its controller's next turn, or until the
// affected permanent leaves the battlefield. Static abilities of
// permanents ("other legendary creatures you control get +1/+1") are not recorded: they apply while their source is on the
// battlefield, to whatever they describe at the moment.
//
// Characteristics are worked out in layer order: copy (layer 1) and
// control (2) aren't needed yet; type-changing effects (4: "becomes
// legendary", subtypes), colour (5), abilities (6: keywords, mana
// abilities), then power and toughness (7a characteristic-defining
// abilities, 7c modifications, counters). Within a layer, effects apply in
// timestamp order; the ones here all add, so the order doesn't change the
// result.

// Durations.
const (
	UntilEndOfTurn    = "end_of_turn"    // ends in the cleanup step (CR 514.2)
	UntilYourNextTurn = "your_next_turn" // ends as its controller's next turn begins
	UntilLeaves       = "leaves"         // ends when the affected permanent leaves the battlefield
)

// Continuous is one continuous effect in force.
type Continuous struct {
	Timestamp  int
	Source     ObjID
	Controller int
	Objects    []ObjID // affected objects
	Until      string
	// Layer 4: types added.
	AddSupertypes []string
	AddSubtypes   []string
	// Layer 6: abilities added: keywords, and "{T}: Add one mana of any
	// color" (AnyColorMana).
	AddKeywords  []string
	AnyColorMana bool
	// Layer 7c: power and toughness added.
	P, T int
	// Rule is a change to the game's rules it makes, for no object in
	// particular: RuleNoPrevention (damage can't be prevented).
	Rule string
	// Table is what an effect the table described adds beyond the above
	// (table_state.go), or nil.
	Table *TableGrant `msgpack:",omitempty"`
	// Becomes is what it makes its objects become beyond the above
	// (interp_becomes.go), or nil.
	Becomes *Becoming `msgpack:",omitempty"`
}

func cloneContinuous(cs []Continuous) []Continuous {
	out := slices.Clone(cs)
	for i := range out {
		out[i].Objects = slices.Clone(cs[i].Objects)
		out[i].AddSupertypes = slices.Clone(cs[i].AddSupertypes)
		out[i].AddSubtypes = slices.Clone(cs[i].AddSubtypes)
		out[i].AddKeywords = slices.Clone(cs[i].AddKeywords)
		out[i].Table = cs[i].Table.clone()
		out[i].Becomes = cs[i].Becomes.clone()
	}
	return out
}

// Continuous-effect ops.
const (
	OpAddContinuous Op = 140 // Cont begins, with the next timestamp
	OpEndContinuous Op = 141 // the effect with timestamp N ends
)

func init() {
	registerOp(OpAddContinuous, func(s *State, e *Effect) {
		c := e.Cont.clone()
		s.Timestamp++
		c.Timestamp = s.Timestamp
		s.Continuous = append(s.Continuous, c)
	})
	registerOp(OpEndContinuous, func(s *State, e *Effect) {
		s.Continuous = slices.DeleteFunc(s.Continuous, func(c Continuous) bool { return c.Timestamp == e.N })
	})
}

func (c *Continuous) clone() Continuous {
	return cloneContinuous([]Continuous{*c})[0]
}

// addContinuous starts an effect.
func (g *Game) addContinuous(c Continuous) {
	g.emit(Effect{Op: OpAddContinuous, Cont: &c})
}

// endContinuous ends every effect for which done says so.
func (g *Game) endContinuous(done func(c *Continuous) bool) {
	for i := 0; i < len(g.S.Continuous); i++ {
		if c := &g.S.Continuous[i]; done(c) {
			g.emit(Effect{Op: OpEndContinuous, N: c.Timestamp})
			i--
		}
	}
}

// affects reports whether c applies to o.
func (c *Continuous) affects(o *Object) bool { return slices.Contains(c.Objects, o.ID) }

// effectsOn calls f with each recorded effect and each static ability that
// applies to o now, in timestamp order for the recorded ones. Static
// abilities come first: they have the timestamp of their source, older
// than any effect that began while it was on the battlefield.
func (o *Object) effectsOn(f func(c *Continuous)) {
	s := o.state
	if s == nil || o.Zone != ZoneBattlefield {
		return
	}
	for _, id := range s.sources().coded { // static_sources.go
		src := s.Objects[id]
		for _, st := range src.Def.StaticsOf() {
			if st.Applies(facts{g: &Game{S: s}}, uint32(src.ID), uint32(o.ID)) {
				f(&Continuous{Source: src.ID, Controller: src.Controller, AddKeywords: st.Keywords, P: st.P, T: st.T})
			}
		}
	}
	o.langStaticsOn(f) // interp_static.go
	for i := range s.Continuous {
		if c := &s.Continuous[i]; c.affects(o) {
			f(c)
		}
	}
}

// modPT is the power and toughness effects add to o (layer 7c).
func (o *Object) modPT() (p, t int) {
	o.effectsOn(func(c *Continuous) { p += c.P; t += c.T })
	return p, t
}

// hasAdded reports whether an effect gives o keyword k (layer 6).
func (o *Object) hasAdded(k string) bool {
	found := false
	o.effectsOn(func(c *Continuous) {
		found = found || slices.ContainsFunc(c.AddKeywords, func(x string) bool { return equalFold(x, k) })
	})
	return found
}

// addedSupertype reports whether an effect gives o supertype t (layer 4).
// Static abilities here don't change types, so only recorded effects are
// read; that also keeps a static ability that asks "is it legendary?"
// (layer 4) from asking about itself (layers 6, 7).
func (o *Object) addedSupertype(t string) bool {
	return o.recordedAny(func(c *Continuous) bool { return slices.Contains(c.AddSupertypes, t) })
}

// addedSubtype reports whether an effect gives o subtype t (layer 4).
func (o *Object) addedSubtype(t string) bool {
	return o.recordedAny(func(c *Continuous) bool { return slices.Contains(c.AddSubtypes, t) })
}

func (o *Object) recordedAny(f func(c *Continuous) bool) bool {
	if o.state == nil || o.Zone != ZoneBattlefield {
		return false
	}
	if s := o.state; len(s.Continuous) == 0 && (s.readingStatics || len(s.sources().lang) == 0) {
		return false // no effect and no static to ask: the common case, asked constantly
	}
	found := false
	o.langStaticsOn(func(c *Continuous) { found = found || f(c) }) // layer 4 of language statics
	if found {
		return true
	}
	for i := range o.state.Continuous {
		if c := &o.state.Continuous[i]; c.affects(o) && f(c) {
			return true
		}
	}
	return false
}

// grantedManaAbilities are mana abilities effects give o (layer 6). Only a
// recorded effect (Grant's AnyColorMana) gives "{T}: Add one mana of any
// color": the statics effectsOn adds before them never do, so only the
// recorded ones are asked, in their timestamp order, as effectsOn would.
func (o *Object) grantedManaAbilities() []cards.ManaAbility {
	s := o.state
	if s == nil || o.Zone != ZoneBattlefield || len(s.Continuous) == 0 && len(s.sources().lang) == 0 {
		return nil // no effect and no language static grants one (grantedLangAbilities): asked at each activation
	}
	var out []cards.ManaAbility
	for i := range s.Continuous {
		if c := &s.Continuous[i]; c.AnyColorMana && c.affects(o) {
			out = append(out, cards.ManaAbility{Index: grantedManaIndex, Tap: true, AnyColor: true})
		}
	}
	return append(out, o.grantedLangMana()...) // interp_grant.go
}

// grantedManaIndex is the ability index a granted mana ability answers to,
// past any printed ability.
const grantedManaIndex = 50

// endEffectsOf ends the effects that last until a permanent leaves, when it
// does (CR 611.2b).
func (g *Game) endEffectsOf(left ObjID) {
	g.endContinuous(func(c *Continuous) bool { return c.Until == UntilLeaves && slices.Contains(c.Objects, left) })
	g.returnExiledUntil(left) // interp_exile_until.go
	g.endExiledWith(left)     // interp_linked_exile.go
}

// Grant starts a continuous effect from the resolving spell or ability.
func (w *world) Grant(obj uint32, gr cards.Grant, until string) {
	o := w.g.S.Obj(ObjID(obj))
	if o == nil || o.Zone != ZoneBattlefield {
		return
	}
	w.g.addContinuous(Continuous{Source: w.spell.ID, Controller: w.spell.Controller, Objects: []ObjID{o.ID}, Until: until,
		AddSupertypes: gr.Supertypes, AddSubtypes: gr.Subtypes, AddKeywords: gr.Keywords, AnyColorMana: gr.AnyColorMana, P: gr.P, T: gr.T})
}
