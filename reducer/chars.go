package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Characteristics of objects as the rules see them now (CR 109.3): printed
// values plus counters and effects.

// def is the object's characteristics source: the face cast or up (see
// faces.go), or the card.
// Small enough to be inlined: it is asked constantly, and most objects
// show their card.
func (o *Object) def() *cards.Card {
	if o.Face != "" && o.Def != nil {
		return o.faceDef()
	}
	return o.Def
}

// faceDef is def for an object with a face named.
func (o *Object) faceDef() *cards.Card {
	if f := o.Def.FaceUp(o.Face); f != nil {
		return f
	}
	if f := o.grantedFace(); f != nil {
		return f // cast as a granted Adventure (NPC-1)
	}
	return o.Def
}

// Is reports whether the object has card type t; abilities have none. A
// table effect may add one (table_state.go).
func (o *Object) Is(t string) bool {
	d := o.def()
	if d == nil || o.isAbility() {
		return false
	}
	return d.Is(t) || len(o.state.continuousOf()) > 0 && (o.tableType(t) || o.becomesType(t))
}

// isAbility reports whether the object is an activated or triggered ability
// on the stack, or one the table put there.
func (o *Object) isAbility() bool { return o.Ability > 0 || o.Trigger > 0 || o.Text != "" }

// Name is the object's name; an ability is named after its source.
func (o *Object) Name() string {
	d := o.def()
	switch {
	case d == nil:
		return ""
	case o.isAbility():
		return d.Name + "'s ability"
	}
	return d.Name
}

// Power is printed power plus +1/+1 and -1/-1 counters and effects
// (layer 7).
func (o *Object) Power() int {
	p, _ := o.basePT()
	mp, _ := o.modPT()
	return p + o.counter("+1/+1") - o.counter("-1/-1") + o.PumpP + mp
}

// Toughness is printed toughness plus counters and effects (layer 7).
func (o *Object) Toughness() int {
	_, t := o.basePT()
	_, mt := o.modPT()
	return t + o.counter("+1/+1") - o.counter("-1/-1") + o.PumpT + mt
}

func (o *Object) counter(kind string) int {
	for _, c := range o.Counters {
		if c.Kind == kind {
			return c.N
		}
	}
	return 0
}

// Has reports whether the object has keyword k ("Flying", "First strike"),
// printed or given by an effect (layer 6).
func (o *Object) Has(k string) bool {
	d := o.def()
	if d != nil && slices.ContainsFunc(d.Keywords, func(x string) bool { return equalFold(x, k) }) {
		return true
	}
	if d != nil && d.Levels != nil && o.Zone == ZoneBattlefield {
		if l := d.LevelFor(o.counter("level")); l != nil && slices.ContainsFunc(l.Keywords, func(x string) bool { return equalFold(x, k) }) {
			return true // a leveler's bracket (CR 711)
		}
	}
	return o.hasAdded(k)
}

// Colors are the object's colours, as printed or as a table effect sets
// them (layer 5).
func (o *Object) Colors() []cards.Color {
	if len(o.state.continuousOf()) > 0 {
		if cs, ok := o.setColors(); ok { // interp_becomes.go
			return cs
		}
	}
	if d := o.def(); d != nil {
		return d.Colors
	}
	return nil
}

// IsColor reports whether the object is colour c.
func (o *Object) IsColor(c cards.Color) bool { return slices.Contains(o.Colors(), c) }

// ManaValue of the object (CR 202.3), from its mana cost alone (MV-1),
// with X as chosen on the stack and 0 elsewhere. A split card not
// cast as one half has the combined mana cost of its halves (MV-2, CR
// 709.4); on the stack as one half, that half's. A transformed permanent
// has its front face's (CR 712), a melded one its two front faces'
// together (CR 712).
func (o *Object) ManaValue() int {
	d := o.def()
	if d == nil {
		return 0
	}
	switch {
	case o.Melded != 0:
		return o.meldedValue()
	case o.Face != "" && o.Def.Layout == "transform" && len(o.Def.Faces) == 2 && d == o.Def.Faces[1]:
		return o.Def.Faces[0].Cost.Value(0)
	}
	x := 0
	if o.Zone == ZoneStack && !o.isAbility() {
		x = o.X
	}
	if d.Layout == "split" && len(d.Faces) > 0 && (o.Face == "" || o.fused()) { // fused: CR 702.102c
		v := 0
		for _, f := range d.Faces {
			v += f.Cost.Value(x)
		}
		return v
	}
	return d.Cost.Value(x)
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		ca, cb := a[i], b[i]
		if 'A' <= ca && ca <= 'Z' {
			ca += 'a' - 'A'
		}
		if 'A' <= cb && cb <= 'Z' {
			cb += 'a' - 'A'
		}
		if ca != cb {
			return false
		}
	}
	return true
}

// IsLegendary reports whether the object has the legendary supertype,
// printed or given by an effect (MANA-8, ADV-15).
func (o *Object) IsLegendary() bool { return o.HasSupertype("Legendary") }

// HasSupertype reports whether the object has supertype t after
// type-changing effects (layer 4).
func (o *Object) HasSupertype(t string) bool {
	d := o.def()
	return d != nil && d.HasSuper(t) || o.addedSupertype(t)
}

// HasSubtype reports whether the object has subtype t after type-changing
// effects (layer 4); a changeling has every creature type (CR 702.73a).
func (o *Object) HasSubtype(t string) bool {
	d := o.def()
	return d != nil && d.HasSub(t) || o.addedSubtype(t) || len(o.state.continuousOf()) > 0 && o.becomesCreatureType(t) ||
		d != nil && !o.isAbility() && d.HasKeyword("Changeling") && cards.IsCreatureType(t) // printed: the cheap check
}
