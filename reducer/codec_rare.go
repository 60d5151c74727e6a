package reducer

import (
	"github.com/vmihailenco/msgpack/v5/msgpcode"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// A continuous effect that begins (Effect.Cont) and a card the match
// declares (Effect.Decl) are written by reflection: a map by field name.
// They are read here in place, each value as msgpack reads it into its
// field, which cost a tenth of the reflective decoder's. A form this
// reader leaves alone (a key it doesn't name or meets twice, an array for
// a map, a declared card's abilities, bytes that end early) is read by
// reflection from the value's start, so a field added to either is read
// as before and a damaged one fails as before.

// cont reads a continuous effect.
func (r *effectReader) cont() *Continuous {
	if r.err != nil {
		return nil
	}
	start := r.w.off
	if c, ok := r.contAt(); ok {
		return c
	}
	r.w.off = start
	var c *Continuous
	r.decode(&c)
	return c
}

// decl reads a declared card. The abilities a card is given are read by
// reflection, with the rest; a Folder's reader keeps the cards it read by
// their bytes (decls) and reads the same bytes again as the card it kept:
// a tournament's matches declare the same cards.
func (r *effectReader) decl() *Declared {
	if r.err != nil {
		return nil
	}
	start := r.w.off
	var raw []byte
	if r.names != nil && r.w.skip() == nil {
		raw = r.w.b[start:r.w.off]
		if d, ok := r.decls[string(raw)]; ok {
			return d
		}
	}
	r.w.off = start
	d, ok := r.declAt()
	if !ok {
		r.w.off, d = start, nil
		r.decode(&d)
	}
	if raw != nil && r.err == nil && r.w.off == start+len(raw) && len(r.decls) < maxDecls {
		if r.decls == nil {
			r.decls = make(map[string]*Declared)
		}
		r.decls[string(raw)] = d
	}
	return d
}

// maxDecls bounds effectReader.decls.
const maxDecls = 256

// fieldsAt reads the length of a map that holds a struct's fields; ok is
// false for nil or another form, and for one longer than the bytes left.
func (w *wireReader) fieldsAt() (n int, ok bool) {
	if w.off >= len(w.b) {
		return 0, false
	}
	c := w.b[w.off]
	switch {
	case msgpcode.IsFixedMap(c):
		n = int(c & msgpcode.FixedMapMask)
		w.off++
	case c == msgpcode.Map16:
		w.off++
		v, err := w.number(2)
		if err != nil {
			return 0, false
		}
		n = int(v)
	default:
		return 0, false
	}
	return n, 2*n <= w.left()
}

// field reads a field's name and marks its bit (the field's index) in
// seen; ok is false for a name met before.
func (w *wireReader) field(seen *uint32, names func([]byte) int) (int, bool) {
	key, err := w.bytes()
	if err != nil {
		return 0, false
	}
	i := names(key)
	if i < 0 || *seen&(1<<i) != 0 {
		return 0, false
	}
	*seen |= 1 << i
	return i, true
}

// text reads a string as effectReader.str does, its failure reported.
func (r *effectReader) text() (string, bool) {
	p, err := r.w.bytes()
	if err != nil {
		return "", false
	}
	if len(p) == 0 {
		return "", true
	}
	if v, ok := r.names[string(p)]; ok {
		return v, true
	}
	v := string(p)
	if r.names != nil && len(r.names) < maxNames {
		r.names[v] = v
	}
	return v, true
}

// texts reads a []string as msgpack does: nil is nil, empty is empty.
func (r *effectReader) texts() ([]string, bool) {
	n, err := r.w.arrayLen()
	if err != nil || n > r.w.left() {
		return nil, false
	}
	if n < 0 {
		return nil, true
	}
	out := make([]string, n)
	for i := range out {
		var ok bool
		if out[i], ok = r.text(); !ok {
			return nil, false
		}
	}
	return out, true
}

// colors reads a []cards.Color, which msgpack writes as bytes.
func (w *wireReader) colors() ([]cards.Color, bool) {
	if w.isNil() {
		return nil, true
	}
	p, err := w.bytes()
	if err != nil {
		return nil, false
	}
	out := make([]cards.Color, len(p))
	for i, c := range p {
		out[i] = cards.Color(c)
	}
	return out, true
}

// integer reads an int of any form, as msgpack reads one into an int.
func (w *wireReader) integer() (int, bool) {
	v, err := w.int64()
	return int(v), err == nil
}

func contField(key []byte) int {
	switch string(key) {
	case "Timestamp":
		return 0
	case "Source":
		return 1
	case "Controller":
		return 2
	case "Objects":
		return 3
	case "Until":
		return 4
	case "AddSupertypes":
		return 5
	case "AddSubtypes":
		return 6
	case "AddKeywords":
		return 7
	case "AnyColorMana":
		return 8
	case "P":
		return 9
	case "T":
		return 10
	case "Rule":
		return 11
	case "Table":
		return 12
	case "Becomes":
		return 13
	}
	return -1
}

// contAt reads a continuous effect in place; ok is false for a form left
// to reflection.
func (r *effectReader) contAt() (*Continuous, bool) {
	w := &r.w
	n, ok := w.fieldsAt()
	if !ok {
		return nil, false
	}
	c := &Continuous{}
	var seen uint32
	for range n {
		i, ok := w.field(&seen, contField)
		if !ok {
			return nil, false
		}
		switch i {
		case 0:
			c.Timestamp, ok = w.integer()
		case 1:
			var v uint64
			v, ok = w.unsigned()
			c.Source = ObjID(v)
		case 2:
			c.Controller, ok = w.integer()
		case 3:
			c.Objects, ok = w.objects()
		case 4:
			c.Until, ok = r.text()
		case 5:
			c.AddSupertypes, ok = r.texts()
		case 6:
			c.AddSubtypes, ok = r.texts()
		case 7:
			c.AddKeywords, ok = r.texts()
		case 8:
			c.AnyColorMana, ok = w.flag()
		case 9:
			c.P, ok = w.integer()
		case 10:
			c.T, ok = w.integer()
		case 11:
			c.Rule, ok = r.text()
		case 12:
			if !w.isNil() {
				c.Table, ok = r.tableGrant()
			}
		case 13:
			if !w.isNil() {
				c.Becomes, ok = r.becoming()
			}
		}
		if !ok {
			return nil, false
		}
	}
	return c, true
}

// unsigned reads an unsigned int of any form.
func (w *wireReader) unsigned() (uint64, bool) {
	v, err := w.uint64()
	return v, err == nil
}

// flag reads a bool.
func (w *wireReader) flag() (bool, bool) {
	v, err := w.boolean()
	return v, err == nil
}

// objects reads a []ObjID as msgpack does: nil is nil, empty is empty.
func (w *wireReader) objects() ([]ObjID, bool) {
	n, err := w.arrayLen()
	if err != nil || n > w.left() {
		return nil, false
	}
	if n < 0 {
		return nil, true
	}
	out := make([]ObjID, n)
	for i := range out {
		v, err := w.uint64()
		if err != nil {
			return nil, false
		}
		out[i] = ObjID(v)
	}
	return out, true
}

func tableGrantField(key []byte) int {
	switch string(key) {
	case "Types":
		return 0
	case "Colors":
		return 1
	case "Abilities":
		return 2
	}
	return -1
}

func (r *effectReader) tableGrant() (*TableGrant, bool) {
	w := &r.w
	n, ok := w.fieldsAt()
	if !ok {
		return nil, false
	}
	t := &TableGrant{}
	var seen uint32
	for range n {
		i, ok := w.field(&seen, tableGrantField)
		if !ok {
			return nil, false
		}
		switch i {
		case 0:
			t.Types, ok = r.texts()
		case 1:
			t.Colors, ok = w.colors()
		case 2:
			t.Abilities, ok = r.texts()
		}
		if !ok {
			return nil, false
		}
	}
	return t, true
}

func becomingField(key []byte) int {
	switch string(key) {
	case "types":
		return 0
	case "all_types":
		return 1
	case "set_colors":
		return 2
	case "colors":
		return 3
	case "set_pt":
		return 4
	case "p":
		return 5
	case "t":
		return 6
	case "rules":
		return 7
	case "grants":
		return 8
	}
	return -1
}

func (r *effectReader) becoming() (*Becoming, bool) {
	w := &r.w
	n, ok := w.fieldsAt()
	if !ok {
		return nil, false
	}
	b := &Becoming{}
	var seen uint32
	for range n {
		i, ok := w.field(&seen, becomingField)
		if !ok {
			return nil, false
		}
		switch i {
		case 0:
			b.Types, ok = r.texts()
		case 1:
			b.AllCreatureTypes, ok = w.flag()
		case 2:
			b.SetColors, ok = w.flag()
		case 3:
			b.Colors, ok = w.colors()
		case 4:
			b.SetPT, ok = w.flag()
		case 5:
			b.P, ok = w.integer()
		case 6:
			b.T, ok = w.integer()
		case 7:
			b.Rules, ok = r.texts()
		case 8:
			b.Grants, ok = r.grants()
		}
		if !ok {
			return nil, false
		}
	}
	return b, true
}

// grants reads a []GrantRef, each a map of card and k.
func (r *effectReader) grants() ([]GrantRef, bool) {
	w := &r.w
	n, err := w.arrayLen()
	if err != nil || n > w.left() {
		return nil, false
	}
	if n < 0 {
		return nil, true
	}
	out := make([]GrantRef, n)
	for i := range out {
		fields, ok := w.fieldsAt()
		if !ok {
			return nil, false
		}
		var seen uint32
		for range fields {
			f, ok := w.field(&seen, func(key []byte) int {
				switch string(key) {
				case "card":
					return 0
				case "k":
					return 1
				}
				return -1
			})
			if !ok {
				return nil, false
			}
			if f == 0 {
				out[i].Card, ok = r.text()
			} else {
				out[i].K, ok = w.integer()
			}
			if !ok {
				return nil, false
			}
		}
	}
	return out, true
}

func declField(key []byte) int {
	switch string(key) {
	case "Name":
		return 0
	case "ManaCost":
		return 1
	case "Colors":
		return 2
	case "Supertypes":
		return 3
	case "Types":
		return 4
	case "Subtypes":
		return 5
	case "Power":
		return 6
	case "Toughness":
		return 7
	case "Loyalty":
		return 8
	case "Defense":
		return 9
	case "Oracle":
		return 10
	case "Abilities":
		return 11
	case "Token":
		return 12
	case "Playtest":
		return 13
	}
	return -1
}

// declAt reads a declared card in place; ok is false for a form left to
// reflection, and for a card given abilities.
func (r *effectReader) declAt() (*Declared, bool) {
	w := &r.w
	n, ok := w.fieldsAt()
	if !ok {
		return nil, false
	}
	d := &Declared{}
	var seen uint32
	for range n {
		i, ok := w.field(&seen, declField)
		if !ok {
			return nil, false
		}
		switch i {
		case 0:
			d.Name, ok = r.text()
		case 1:
			d.ManaCost, ok = r.text()
		case 2:
			d.Colors, ok = r.texts()
		case 3:
			d.Supertypes, ok = r.texts()
		case 4:
			d.Types, ok = r.texts()
		case 5:
			d.Subtypes, ok = r.texts()
		case 6:
			d.Power, ok = r.text()
		case 7:
			d.Toughness, ok = r.text()
		case 8:
			d.Loyalty, ok = r.text()
		case 9:
			d.Defense, ok = r.text()
		case 10:
			d.Oracle, ok = r.text()
		case 11:
			// None (nil) or an empty list; given abilities go to
			// reflection.
			var k int
			k, ok = r.listAt()
			switch {
			case k < 0:
				d.Abilities = nil
			case k == 0:
				d.Abilities = []ability.Ability{}
			default:
				ok = false
			}
		case 12:
			d.Token, ok = w.flag()
		case 13:
			d.Playtest, ok = w.flag()
		}
		if !ok {
			return nil, false
		}
	}
	return d, true
}

// listAt reads an array's length, -1 for nil.
func (r *effectReader) listAt() (int, bool) {
	n, err := r.w.arrayLen()
	return n, err == nil
}
