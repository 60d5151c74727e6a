package reducer

import (
	"fmt"
	"math/bits"

	"github.com/vmihailenco/msgpack/v5/msgpcode"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Folding stored effects in one pass. A fold that decoded each input's
// effects into a list (DecodeEffectsInto) and then applied the list
// (Game.Apply) wrote every effect's 216 bytes once to read them back once.
// A Folder reads each effect and applies it before it reads the next.
// Priority and the question after it, two effects in three of a stored
// match, are applied straight from their bytes; so are the commonest
// effects of numbers only (a step, a tap, mana), and a card of the
// match's list, whose definition is kept by name; any other effect of
// numbers only is read into one Effect kept for the purpose, and the
// rest by the effectReader into that same Effect. Every effect is applied
// as Game.Apply applies it.

// Folder folds inputs' stored effects into a game; its memory serves every
// input it folds. The zero Folder is ready to use.
type Folder struct {
	r effectReader
	e Effect
	// defs are the definitions of the cards the matches folded listed
	// (OpCard), by name: a tournament's matches list the same cards
	// again and again.
	defs map[string]folderDef
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
	var n, off int
	if len(b) > 0 && msgpcode.IsFixedArray(b[0]) {
		n, off = int(b[0]&msgpcode.FixedArrayMask), 1
	} else {
		w := wireReader{b: b}
		var err error
		if n, err = w.arrayLen(); err != nil {
			return fmt.Errorf("reducer: stored effects: %w", err)
		}
		off = w.off
	}
	if n < 0 || n > len(b) {
		return fmt.Errorf("reducer: stored effects: bad count %d", n)
	}
	// Every effect is counted as applyFolded counts it, all at once:
	// nothing reads the counts while an input's effects are applied.
	s.changes += uint64(n)
	s.placed += uint64(n)
	// The reading place is off, kept here; the effectReader is handed it
	// for an effect of another form. Priority and the question, more than
	// half the effects, and taps and steps are read in the loop itself,
	// from r, the bytes left: a form's length checked once, its bytes are
	// read without a check each.
	for i := 0; i < n; i++ {
		r := b[off:]
		if len(r) < 2 {
			if err := f.slow(s, b, &off); err != nil {
				return fmt.Errorf("reducer: stored effects: effect %d: %w", i, err)
			}
			continue
		}
		switch mask := r[1]; r[0] {
		case byte(OpPriority):
			// Seat and passes, fixints: 0f 41 01 01.
			switch mask {
			case 0:
				s.givePriority(0, 0)
				off += 2
				continue
			case fSeat:
				if len(r) >= 3 && fixint(r[2]) {
					s.givePriority(int(int8(r[2])), 0)
					off += 3
					continue
				}
			case fN:
				if len(r) >= 3 && fixint(r[2]) {
					s.givePriority(0, int(int8(r[2])))
					off += 3
					continue
				}
			case fSeat | fN:
				if len(r) >= 4 && fixint(r[2]) && fixint(r[3]) {
					s.givePriority(int(int8(r[2])), int(int8(r[3])))
					off += 4
					continue
				}
			}
		case byte(OpAsk):
			// A question of its first one or two fields, fixints:
			// 10 cd 10 00 92 01 01.
			if len(r) >= 6 && mask == codeUint16 && r[2] == fAsk>>8 && r[3] == 0 && r[5] <= 0x7f {
				if r[4] == codeFixArray1 {
					s.askShort(Ask(r[5]), 0)
					off += 6
					continue
				}
				if r[4] == codeFixArray2 && len(r) >= 7 && fixint(r[6]) {
					s.askShort(Ask(r[5]), int(int8(r[6])))
					off += 7
					continue
				}
			}
		case byte(OpStep):
			// The active seat, the step and the turn, fixints: 0e 61 01 03 07.
			if mask == fSeat|fStep|fN && len(r) >= 5 && fixint(r[2]) && r[3] <= 0x7f && fixint(r[4]) {
				s.step(int(int8(r[2])), Step(r[3]), int(int8(r[4])))
				off += 5
				continue
			}
			if mask == fStep|fN && len(r) >= 4 && r[2] <= 0x7f && fixint(r[3]) {
				s.step(0, Step(r[2]), int(int8(r[3])))
				off += 4
				continue
			}
		case byte(OpTap), byte(OpUntap):
			// An object id in one, two or three bytes: 04 02 cd 00 5f.
			if mask == fObj && len(r) >= 5 && r[2] == codeUint16 {
				s.mustObj(ObjID(r[3])<<8 | ObjID(r[4])).Tapped = r[0] == byte(OpTap)
				off += 5
				continue
			}
			if mask == fObj {
				if obj, p, ok := numAt(b, off+2); ok {
					s.mustObj(ObjID(obj)).Tapped = r[0] == byte(OpTap)
					off = p
					continue
				}
			}
		case byte(OpCard):
			if mask == codeUint16 {
				if next := f.card(s, b, off); next > off {
					off = next
					continue
				}
			}
		case byte(OpCreate):
			// A card of a library made: 01 5b 01 cd 01 23 cc 45 01 ff.
			if mask&^fSeat == fObj|fCard|fZone|fN {
				if size := createAt(s, r, mask); size > 0 {
					off += size
					continue
				}
			}
		case byte(OpMove):
			// A card drawn, played, put in a graveyard: 02 57 01 cd 01 23 cd 01 40 02 ff.
			if mask&^fSeat == fObj|fTo|fZone|fN {
				if size := moveAt(s, r, mask); size > 0 {
					off += size
					continue
				}
			}
		case byte(OpAddMana):
			// Mana of a colour from a source, a mask of eight bits: 07 cc 83 01 cd 00 4a 03.
			if mask == codeUint8 && len(r) > 2 && r[2]&^(fSeat|fN) == fObj|fColor {
				if size := manaAt(s, r, r[2]); size > 0 {
					off += size
					continue
				}
			}
		case byte(OpOrder):
			if mask == codeUint16 {
				if next := order(s, b, off); next > off {
					off = next
					continue
				}
			}
		}
		if op, mask := r[0], r[1]; op <= 0x7f {
			next := off
			if mask <= 0x7f {
				next = f.numbers(s, b, off, off+2, Op(op), uint(mask))
			} else if mask == codeUint8 && len(r) > 2 {
				// A mask of eight bits: the numbers and Color (mana).
				next = f.numbers(s, b, off, off+3, Op(op), uint(r[2]))
			}
			if next > off {
				off = next
				continue
			}
		}
		if err := f.slow(s, b, &off); err != nil {
			return fmt.Errorf("reducer: stored effects: effect %d: %w", i, err)
		}
	}
	return nil
}

// createAt applies the OpCreate at the start of r whose mask, mask, is
// Obj, Card, Zone and N, with or without Seat, each in a form numAt
// reads, and returns its length; for another form it applies nothing
// and returns 0.
func createAt(s *State, r []byte, mask byte) int {
	var seat, obj, card, zone, n uint64
	p, ok := 2, true
	if mask&fSeat != 0 {
		if seat, p, ok = numAt(r, p); !ok {
			return 0
		}
	}
	if obj, p, ok = numAt(r, p); !ok {
		return 0
	}
	if card, p, ok = numAt(r, p); !ok {
		return 0
	}
	if zone, p, ok = numAt(r, p); !ok {
		return 0
	}
	if n, p, ok = numAt(r, p); !ok {
		return 0
	}
	s.create(ObjID(obj), CardID(card), int(seat), Zone(zone), int(n), "")
	return p
}

// moveAt is createAt for an OpMove whose mask is Obj, To, Zone and N,
// with or without Seat.
func moveAt(s *State, r []byte, mask byte) int {
	var seat, obj, to, zone, n uint64
	p, ok := 2, true
	if mask&fSeat != 0 {
		if seat, p, ok = numAt(r, p); !ok {
			return 0
		}
	}
	if obj, p, ok = numAt(r, p); !ok {
		return 0
	}
	if to, p, ok = numAt(r, p); !ok {
		return 0
	}
	if zone, p, ok = numAt(r, p); !ok {
		return 0
	}
	if n, p, ok = numAt(r, p); !ok {
		return 0
	}
	s.move(ObjID(obj), ObjID(to), int(seat), Zone(zone), int(n), "")
	return p
}

// manaAt is createAt for an OpAddMana whose mask, a uint8, is Obj and
// Color, with or without Seat and N.
func manaAt(s *State, r []byte, mask byte) int {
	var seat, obj, n, color uint64
	p, ok := 3, true
	if mask&fSeat != 0 {
		if seat, p, ok = numAt(r, p); !ok {
			return 0
		}
	}
	if obj, p, ok = numAt(r, p); !ok {
		return 0
	}
	if mask&fN != 0 {
		if n, p, ok = numAt(r, p); !ok {
			return 0
		}
	}
	if color, p, ok = numAt(r, p); !ok {
		return 0
	}
	pl := s.Players[int(seat)]
	pl.Pool = append(pl.Pool, Mana{Color: cards.Color(color), Source: ObjID(obj), Legendary: n&1 != 0, Uncounterable: n&2 != 0})
	return p
}

// The msgpack codes the forms read in line begin with, as constants
// (msgpcode's are variables).
const (
	codeUint8     = 0xcc
	codeUint16    = 0xcd
	codeFixArray1 = 0x91
	codeFixArray2 = 0x92
)

// fixint reports whether c is a msgpack fixint, positive or negative.
func fixint(c byte) bool { return int8(c) >= -32 }

// slow reads the effect at b[*off] with the effectReader and applies it.
func (f *Folder) slow(s *State, b []byte, off *int) error {
	r := &f.r
	r.w, r.err = wireReader{b: b, off: *off}, nil
	if r.names == nil {
		r.names = make(map[string]string)
	}
	e := &f.e
	if q := e.Ask; q != nil {
		r.spare(q)
		e.Ask = nil
	}
	f.dirty = true // even when the reading fails half way
	r.effect(e)
	if r.err != nil {
		return r.err
	}
	*off = r.w.off
	s.change(e) // counted by Apply
	return nil
}

// order applies the OpOrder at b[off] whose mask is the uint16 of List
// and Seat, its ids in numAt's forms, and returns the offset after it: the
// ids are written over the library's in place, as change copies the list
// there, and no list is made. For another form it applies nothing and
// returns off, having written some of the ids where one is of a form
// numAt does not read (the effectReader then reads the effect whole, and
// change writes the whole library again).
func order(s *State, b []byte, off int) int {
	if off+4 >= len(b) {
		return off
	}
	mask := uint(b[off+2])<<8 | uint(b[off+3])
	if mask&^(fSeat|fList) != 0 || mask&fList == 0 {
		return off
	}
	var seat uint64
	p, ok := off+4, true
	if mask&fSeat != 0 {
		if seat, p, ok = numAt(b, p); !ok {
			return off
		}
	}
	var n int
	switch {
	case p < len(b) && msgpcode.IsFixedArray(b[p]):
		n, p = int(b[p]&msgpcode.FixedArrayMask), p+1
	case p+2 < len(b) && b[p] == msgpcode.Array16:
		n, p = int(b[p+1])<<8|int(b[p+2]), p+3
	default:
		return off
	}
	if int(seat) < 0 || int(seat) >= len(s.Players) {
		return off
	}
	lib := s.Players[int(seat)].Library
	if n == 0 || n != len(lib) {
		return off
	}
	for i := range lib {
		var id uint64
		if id, p, ok = numAt(b, p); !ok {
			return off
		}
		lib[i] = ObjID(id)
	}
	return p
}

// folderDef is a card name's definition in a pool.
type folderDef struct {
	pool *cards.Pool
	def  *cards.Card
}

// card applies the OpCard at b[off] whose mask is a uint16 of Seat, Card,
// N and Name, the name a fixstr or str8, and returns the offset after it;
// for any other form, in a match that declares cards of its own
// (cardDef), or where change would panic, it applies nothing and returns
// off. The definition is the one cardDef gives, kept by name and pool.
func (f *Folder) card(s *State, b []byte, off int) int {
	if off+3 >= len(b) || len(s.declared) != 0 {
		return off
	}
	mask := uint(b[off+2])<<8 | uint(b[off+3])
	if mask&^(fSeat|fCard|fN|fName) != 0 || mask&fName == 0 {
		return off
	}
	var seat, card, n uint64
	p, ok := off+4, true
	if mask&fSeat != 0 {
		if seat, p, ok = numAt(b, p); !ok {
			return off
		}
	}
	if mask&fCard != 0 {
		if card, p, ok = numAt(b, p); !ok {
			return off
		}
	}
	if mask&fN != 0 {
		if n, p, ok = numAt(b, p); !ok {
			return off
		}
	}
	if p >= len(b) || int(CardID(card)) != max(len(s.Cards), 1) {
		return off
	}
	var size int
	switch c := b[p]; {
	case msgpcode.IsFixedString(c):
		size, p = int(c&msgpcode.FixedStrMask), p+1
	case c == msgpcode.Str8 && p+1 < len(b):
		size, p = int(b[p+1]), p+2
	default:
		return off
	}
	if size == 0 || p+size > len(b) {
		return off
	}
	name := b[p : p+size]
	d, found := f.defs[string(name)]
	if !found || d.pool != s.pool {
		def, ok := s.cardDef(string(name))
		if !ok {
			return off
		}
		if f.defs == nil {
			f.defs = make(map[string]folderDef)
		}
		d = folderDef{pool: s.pool, def: def}
		if len(f.defs) < maxNames {
			f.defs[string(name)] = d
		}
	}
	s.addCard(d.def, int(seat), int(n))
	return p + size
}

// askShort is askNow of a question of only Ask and Player, written in
// the pending one's place: the strings and options are cleared only where
// they hold something.
func (s *State) askShort(ask Ask, player int) {
	s.paying = 0
	q := &s.Pending
	q.Ask, q.Player, q.Of, q.Resolving, q.N, q.Max = ask, player, 0, 0, 0, 0
	if q.Random != "" || q.Prompt != "" || q.What != "" || q.Options != nil {
		q.Random, q.Prompt, q.What, q.Options = "", "", "", nil
	}
}

// numbers applies the effect at b[at] whose mask sets only number fields
// (the first eight: Seat to Color), each in a form numAt reads, from
// b[off]; it returns the offset after it, or at, applying nothing, for
// any other form. The commonest ops (a step, a tap, mana) are applied
// from the numbers as change applies them (creates and moves, whose
// names are then empty, too); the rest are written into the
// Folder's Effect for change.
func (f *Folder) numbers(s *State, b []byte, at, off int, op Op, mask uint) int {
	// As effectReader.effect reads them: the fields the mask leaves out
	// are zero, and a negative fixint is an unsigned field's two's
	// complement.
	var v [8]uint64
	ok := true
	for m := mask & 0xff; m != 0; m &= m - 1 {
		i := bits.TrailingZeros(m) & 7
		if v[i], off, ok = numAt(b, off); !ok {
			return at
		}
	}
	seat, obj, to, card, zone, step, n, color := v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]
	switch op {
	case OpCreate:
		s.create(ObjID(obj), CardID(card), int(seat), Zone(zone), int(n), "")
	case OpMove:
		s.move(ObjID(obj), ObjID(to), int(seat), Zone(zone), int(n), "")
	case OpTap:
		s.mustObj(ObjID(obj)).Tapped = true
	case OpUntap:
		s.mustObj(ObjID(obj)).Tapped = false
	case OpSick:
		s.mustObj(ObjID(obj)).Sick = n != 0
	case OpStep:
		s.step(int(seat), Step(step), int(n))
	case OpAddMana:
		p := s.Players[int(seat)]
		p.Pool = append(p.Pool, Mana{Color: cards.Color(color), Source: ObjID(obj), Legendary: n&1 != 0, Uncounterable: n&2 != 0})
	case OpLandPlayed:
		s.Players[int(seat)].LandsPlayed++
	default:
		e := &f.e
		if f.dirty {
			f.clean()
		}
		e.Op, e.Seat, e.Obj, e.To, e.Card = op, int(seat), ObjID(obj), ObjID(to), CardID(card)
		e.Zone, e.Step, e.N, e.Color = Zone(zone), Step(step), int(n), cards.Color(color)
		s.change(e)
	}
	return off
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
