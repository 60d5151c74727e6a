package reducer

import (
	"fmt"
	"math/bits"

	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// Folding stored effects in one pass. A fold that decoded each input's
// effects into a list (DecodeEffectsInto) and then applied the list
// (Game.Apply) wrote every effect's 216 bytes once to read them back once.
// A Folder reads each effect and applies it before it reads the next.
// Priority and the question after it, two effects in three of a stored
// match, are applied straight from their bytes; an effect of numbers only
// (a step, a tap, mana) is read into one Effect kept for the purpose with
// its numbers in line; any other is read by the effectReader into that
// same Effect. Every effect is applied as Game.Apply applies it.

// Folder folds inputs' stored effects into a game; its memory serves every
// input it folds. The zero Folder is ready to use.
type Folder struct {
	r effectReader
	e Effect
	q Question
	// dirty is set when e holds more than numbers (read by the
	// effectReader): the next effect of numbers only clears the rest.
	dirty bool
}

// Apply folds b, the effects stored for one input (EncodeEffects), into
// g: the same state as g.Apply of DecodeEffects(b). Bytes that are not
// stored effects are an error, found where the bad effect is read: the
// effects before it have been applied, and g is then only good to drop.
// Like Game.Apply it panics on effects that don't fit the state.
func (f *Folder) Apply(g *Game, b []byte) error {
	s := g.S
	s.link()
	r := &f.r
	r.w, r.err = wireReader{b: b}, nil
	if r.names == nil {
		r.names = make(map[string]string)
	}
	var n int
	if len(b) > 0 && msgpcode.IsFixedArray(b[0]) {
		n, r.w.off = int(b[0]&msgpcode.FixedArrayMask), 1
	} else {
		var err error
		if n, err = r.w.arrayLen(); err != nil {
			return fmt.Errorf("reducer: stored effects: %w", err)
		}
	}
	if n < 0 || n > len(b) {
		return fmt.Errorf("reducer: stored effects: bad count %d", n)
	}
	for i := 0; i < n; i++ {
		if f.quick(s) {
			continue
		}
		e := &f.e
		if q := e.Ask; q != nil {
			r.spare(q)
			e.Ask = nil
		}
		f.dirty = true // even when the reading fails half way
		r.effect(e)
		if r.err != nil {
			return fmt.Errorf("reducer: stored effects: effect %d: %w", i, r.err)
		}
		s.applyFolded(e)
	}
	return nil
}

// quick applies the effect at the reader's place when it takes one of
// the forms read in line, and reports whether it did; otherwise it reads
// nothing.
func (f *Folder) quick(s *State) bool {
	b, off := f.r.w.b, f.r.w.off
	if off+1 >= len(b) {
		return false
	}
	op, mask := b[off], b[off+1]
	switch {
	case op == byte(OpPriority) && mask&^(fSeat|fN) == 0:
		// Seat and passes, fixints: 0f 41 01 01.
		seat, passes, p := 0, 0, off+2
		if mask&fSeat != 0 {
			if p >= len(b) || int8(b[p]) < -32 {
				return false
			}
			seat, p = int(int8(b[p])), p+1
		}
		if mask&fN != 0 {
			if p >= len(b) || int8(b[p]) < -32 {
				return false
			}
			passes, p = int(int8(b[p])), p+1
		}
		f.r.w.off = p
		s.changes++
		s.placed++
		s.givePriority(seat, passes)
		return true
	case op == byte(OpAsk) && mask == msgpcode.Uint16:
		// A question of its first one or two fields: 10 cd 10 00 92 01 01.
		if off+5 >= len(b) || b[off+2] != fAsk>>8 || b[off+3] != 0 {
			return false
		}
		c, ask, p := b[off+4], b[off+5], off+6
		player := 0
		switch {
		case ask > 0x7f:
			return false
		case c == msgpcode.FixedArrayLow|1:
		case c == msgpcode.FixedArrayLow|2 && p < len(b) && int8(b[p]) >= -32:
			player, p = int(int8(b[p])), p+1
		default:
			return false
		}
		f.r.w.off = p
		f.q = Question{Ask: Ask(ask), Player: player}
		s.changes++
		s.placed++
		s.askNow(&f.q)
		return true
	case op <= 0x7f && mask <= 0x7f:
		return f.numbers(s, b, off+2, Op(op), uint(mask))
	}
	return false
}

// numbers applies an effect whose mask sets only number fields (not
// Color, the eighth), each a fixint, a uint8 or a uint16 (object ids),
// at b[off]; it reads nothing and reports false for any other form.
func (f *Folder) numbers(s *State, b []byte, off int, op Op, mask uint) bool {
	var v [8]int
	for m := mask; m != 0; m &= m - 1 {
		if off >= len(b) {
			return false
		}
		x := 0
		switch c := b[off]; {
		case int8(c) >= -32:
			x, off = int(int8(c)), off+1
		case c == msgpcode.Uint8 && off+1 < len(b):
			x, off = int(b[off+1]), off+2
		case c == msgpcode.Uint16 && off+2 < len(b):
			x, off = int(b[off+1])<<8|int(b[off+2]), off+3
		default:
			return false
		}
		v[bits.TrailingZeros(m)&7] = x
	}
	f.r.w.off = off
	e := &f.e
	if f.dirty {
		f.clean()
	}
	// As effectReader.effect reads them: the unsigned fields from a
	// negative fixint as its two's complement.
	e.Op, e.Seat, e.Obj, e.To, e.Card = op, v[0], ObjID(uint64(v[1])), ObjID(uint64(v[2])), CardID(uint64(v[3]))
	e.Zone, e.Step, e.N, e.Color = Zone(uint64(v[4])), Step(uint64(v[5])), v[6], 0
	s.applyFolded(e)
	return true
}

// clean clears what the effectReader left in e besides numbers; a
// question's memory is kept to read the next into.
func (f *Folder) clean() {
	e := &f.e
	if q := e.Ask; q != nil {
		f.r.spare(q)
	}
	*e = Effect{}
	f.dirty = false
}
