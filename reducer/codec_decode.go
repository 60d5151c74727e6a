package reducer

import (
	"fmt"
	"math/bits"

	"github.com/vmihailenco/msgpack/v5/msgpcode"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Reading stored effects (codec.go has the format): in place, with a
// wireReader, since a seek folds up to a few hundred of them after its
// snapshot. The fields encoded by reflection are rare: LKI, continuous
// effects and declared cards are read in place in the forms the codec
// writes (codec_lki.go, codec_rare.go), the rest (facts, mana
// restrictions, a declared card's abilities) by reflection.

// DecodeEffects reads effects stored by EncodeEffects.
func DecodeEffects(b []byte) ([]Effect, error) {
	return DecodeEffectsInto(nil, b)
}

// DecodeEffectsInto reads effects stored by EncodeEffects into dst's
// memory when it is large enough (its effects are overwritten), else into
// new memory. A fold that applies each input's effects before it reads
// the next (Game.Apply keeps no pointer into them) reuses one slice.
func DecodeEffectsInto(dst []Effect, b []byte) ([]Effect, error) {
	r := effectReader{w: wireReader{b: b}}
	var n int
	if len(b) > 0 && msgpcode.IsFixedArray(b[0]) { // up to 15 effects, most inputs
		n, r.w.off = int(b[0]&msgpcode.FixedArrayMask), 1
	} else {
		var err error
		if n, err = r.w.arrayLen(); err != nil {
			return nil, fmt.Errorf("reducer: stored effects: %w", err)
		}
	}
	if n < 0 || n > len(b) {
		return nil, fmt.Errorf("reducer: stored effects: bad count %d", n)
	}
	// Nearly every input ends asking a question: the questions dst's
	// effects asked are read over rather than made anew.
	for i := range dst {
		if q := dst[i].Ask; q != nil {
			r.spare(q)
			dst[i].Ask = nil
		}
	}
	var effs []Effect
	if n <= cap(dst) {
		effs = dst[:n]
	} else {
		effs = make([]Effect, n)
	}
	for i := range effs {
		e := &effs[i]
		if q := e.Ask; q != nil { // past dst's length
			r.spare(q)
			e.Ask = nil
		}
		r.effect(e)
		if r.err != nil {
			return nil, fmt.Errorf("reducer: stored effects: effect %d: %w", i, r.err)
		}
	}
	return effs, nil
}

// effectReader reads values in a row and keeps the first error, after
// which every read gives zero.
type effectReader struct {
	w      wireReader
	err    error
	spares [4]*Question // questions to read over, spares[:nspare]
	nspare int
	// names, when set, are the strings read before, each kept once
	// (name): a Folder's.
	names map[string]string
	// decls, with names, are the declared cards read before, by their
	// bytes (decl). A card read from them is shared by
	// every effect that declares it, and by the states those make: a
	// declared card is never written to once read.
	decls map[string]*Declared
}

// maxNames bounds effectReader.names: a match's card names, a few
// hundred, and the kinds and outcomes its effects name.
const maxNames = 4096

// name is str for a reader that keeps the strings it reads: the card
// names a match's first input lists, and every match of a tournament
// lists again, and the kinds its effects repeat are made once, not once
// an effect.
func (r *effectReader) name() string {
	p, err := r.w.bytes()
	if err != nil {
		r.fail(err)
		return ""
	}
	if len(p) == 0 {
		return ""
	}
	if v, ok := r.names[string(p)]; ok {
		return v
	}
	v := string(p)
	if len(r.names) < maxNames {
		r.names[v] = v
	}
	return v
}

// fail keeps err and ends the reading.
func (r *effectReader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.w.off = len(r.w.b)
}

// spare keeps q's memory for a question read later.
func (r *effectReader) spare(q *Question) {
	if r.nspare < len(r.spares) {
		r.spares[r.nspare] = q
		r.nspare++
	}
}

// newQuestion returns a question to read into, whose fields the reader
// all writes: a spare one if there is one.
func (r *effectReader) newQuestion() *Question {
	if r.nspare == 0 {
		return &Question{}
	}
	r.nspare--
	return r.spares[r.nspare]
}

// numAt reads an int at b[off] in the forms nearly all of an effect's
// numbers take: a fixint (either sign), a uint8, a uint16. It gives the
// value as wireReader.uint64 does (as wireReader.int64 does, read as an
// int64) and the offset after it; ok is false for another form, or past
// the end.
func numAt(b []byte, off int) (v uint64, next int, ok bool) {
	if off < len(b) {
		c := b[off]
		if int8(c) >= -32 {
			return uint64(int8(c)), off + 1, true
		}
		if off+2 < len(b) { // a uint8 this near the end is left to the slow path
			if c == msgpcode.Uint8 {
				return uint64(b[off+1]), off + 2, true
			}
			if c == msgpcode.Uint16 {
				return uint64(b[off+1])<<8 | uint64(b[off+2]), off + 3, true
			}
		}
	}
	return 0, off, false
}

// uint reads an unsigned int: a fixint in line, as wireReader.uint64
// reads it (a negative one as its two's complement).
func (r *effectReader) uint() uint64 {
	if c, ok := r.w.fixint(); ok {
		return uint64(c)
	}
	return r.uintSlow()
}

// uintSlow reads the other forms: a uint8 or uint16 (object ids, the
// masks of effects with a question) in place, the rest through the
// wireReader.
func (r *effectReader) uintSlow() uint64 {
	if w := &r.w; w.off+3 <= len(w.b) {
		switch p := w.b[w.off:]; p[0] {
		case msgpcode.Uint8:
			w.off += 2
			return uint64(p[1])
		case msgpcode.Uint16:
			w.off += 3
			return uint64(p[1])<<8 | uint64(p[2])
		}
	}
	if r.err != nil {
		return 0
	}
	v, err := r.w.uint64()
	if err != nil {
		r.fail(err)
	}
	return v
}

// int reads an int; a fixint in line.
func (r *effectReader) int() int {
	if c, ok := r.w.fixint(); ok {
		return int(c)
	}
	return r.intSlow()
}

func (r *effectReader) intSlow() int {
	if r.err != nil {
		return 0
	}
	v, err := r.w.int64()
	if err != nil {
		r.fail(err)
	}
	return int(v)
}

func (r *effectReader) str() string {
	if r.err != nil {
		return ""
	}
	if r.names != nil {
		return r.name()
	}
	v, err := r.w.str()
	if err != nil {
		r.fail(err)
	}
	return v
}

// arrayLen is the length of an array, 0 for nil; a length over
// maxStoredList is an error.
func (r *effectReader) arrayLen() int {
	if r.err != nil {
		return 0
	}
	n, err := r.w.arrayLen()
	if err != nil {
		r.fail(err)
		return 0
	}
	if n > maxStoredList {
		r.fail(fmt.Errorf("list of %d entries", n))
		return 0
	}
	return max(n, 0)
}

func (r *effectReader) decode(v any) {
	if r.err == nil {
		if err := r.w.decode(v); err != nil {
			r.fail(err)
		}
	}
}

// effect reads one effect into e, whose Ask is nil. Each field is
// written, or cleared where it held something: e is memory an effect was
// read into before, and clearing it whole (216 bytes, pointers among
// them) was half the cost of reading it while the collector ran.
func (r *effectReader) effect(e *Effect) {
	// The op, the mask and the eight number fields are read in line, in
	// their common forms (numAt), from b at off; only the fields the
	// mask sets are visited.
	b, off := r.w.b, r.w.off
	op, next, ok := numAt(b, off)
	if !ok {
		op = r.uintSlow()
		next = r.w.off
	}
	mask, off, ok := numAt(b, next)
	if !ok {
		r.w.off = next
		mask = r.uintSlow()
		off = r.w.off
	}
	e.Op = Op(op)
	if r.err != nil {
		return
	}
	var v [8]uint64
	for m := uint(mask) & 0xff; m != 0; m &= m - 1 {
		i := bits.TrailingZeros(m) & 7
		if v[i], off, ok = numAt(b, off); ok {
			continue
		}
		r.w.off = off
		if 1<<i&(fSeat|fN) != 0 {
			v[i] = uint64(r.intSlow())
		} else {
			v[i] = r.uintSlow()
		}
		off = r.w.off
	}
	r.w.off = off
	e.Seat, e.Obj, e.To, e.Card = int(v[0]), ObjID(v[1]), ObjID(v[2]), CardID(v[3])
	e.Zone, e.Step, e.N, e.Color = Zone(v[4]), Step(v[5]), int(v[6]), cards.Color(v[7])
	if mask&fKind != 0 {
		e.Kind = r.str()
	} else if e.Kind != "" {
		e.Kind = ""
	}
	if mask&fName != 0 {
		e.Name = r.str()
	} else if e.Name != "" {
		e.Name = ""
	}
	if mask&fList != 0 {
		e.List = nil
		if n := r.listLen(); n >= 0 {
			e.List = make([]ObjID, n)
			for i := range e.List {
				e.List[i] = ObjID(r.uint())
			}
		}
	} else if e.List != nil {
		e.List = nil
	}
	if mask&fTargets != 0 {
		e.Targets = nil
		if n := r.listLen(); n >= 0 {
			e.Targets = make([]Target, n/2)
			for i := range e.Targets {
				e.Targets[i] = Target{Obj: uint32(r.uint()), Player: r.int()}
			}
		}
	} else if e.Targets != nil {
		e.Targets = nil
	}
	if mask&fAsk != 0 && r.err == nil {
		e.Ask = r.newQuestion()
		r.question(e.Ask)
	}
	if mask&(fLKI|fEventLKI|fCont|fDecl|fInts|fFacts|fSpend) == 0 {
		// None of the rare fields: clear what the memory held of them.
		e.Event, e.EventSeat = 0, 0
		if mask&fEvent != 0 {
			e.Event = ObjID(r.uint())
		}
		if mask&fEventSeat != 0 {
			e.EventSeat = r.int()
		}
		if e.LKI != nil || e.EventLKI != nil || e.Cont != nil || e.Decl != nil || e.Ints != nil || e.Facts != nil || e.Spend != nil {
			e.LKI, e.EventLKI, e.Cont, e.Decl, e.Ints, e.Facts, e.Spend = nil, nil, nil, nil, nil, nil, nil
		}
		return
	}
	// The decoder reads into what a pointer points to: each starts nil.
	e.LKI, e.EventLKI, e.Cont, e.Decl, e.Ints, e.Facts, e.Spend = nil, nil, nil, nil, nil, nil, nil
	e.Event, e.EventSeat = 0, 0
	if mask&fLKI != 0 {
		e.LKI = r.lki()
	}
	if mask&fEvent != 0 {
		e.Event = ObjID(r.uint())
	}
	if mask&fEventSeat != 0 {
		e.EventSeat = r.int()
	}
	if mask&fEventLKI != 0 {
		e.EventLKI = r.lki()
	}
	if mask&fCont != 0 {
		e.Cont = r.cont()
	}
	if mask&fDecl != 0 {
		e.Decl = r.decl()
	}
	if mask&fInts != 0 {
		if n := r.listLen(); n >= 0 {
			e.Ints = make([]int, n)
			for i := range e.Ints {
				e.Ints[i] = r.int()
			}
		}
	}
	if mask&fFacts != 0 {
		r.decode(&e.Facts)
	}
	if mask&fSpend != 0 {
		r.decode(&e.Spend)
	}
}

// listLen reads the length of a list of an effect: -1 for nil, which
// leaves the field nil, as the length of a list that is not there.
func (r *effectReader) listLen() int {
	if r.err != nil {
		return -1
	}
	n, err := r.w.arrayLen()
	if err != nil {
		r.fail(err)
		return -1
	}
	if n > len(r.w.b) {
		r.fail(fmt.Errorf("list of %d entries", n))
		return -1
	}
	return n
}

// question reads a question (codec_question.go has its forms) into q,
// memory a question may have been read into before: each field is
// written, a string or the options cleared only where they held
// something.
func (r *effectReader) question(q *Question) {
	if r.shortQuestion(q) {
		return
	}
	c, err := r.w.peek()
	if err != nil {
		r.fail(err)
		return
	}
	if !msgpcode.IsFixedArray(c) && c != msgpcode.Array16 && c != msgpcode.Array32 {
		*q = Question{}
		r.decode(q) // the map form of older stores
		return
	}
	var n int
	if msgpcode.IsFixedArray(c) {
		n = int(c & msgpcode.FixedArrayMask)
		r.w.off++
	} else {
		n = r.arrayLen()
	}
	if n > questionFields {
		r.fail(fmt.Errorf("question of %d fields, want at most %d", n, questionFields))
		return
	}
	// The fields left out at the end are zero.
	var ask Ask
	var player, of, num, most int
	var resolving ObjID
	if n > 0 {
		ask = Ask(r.uint())
	}
	if n > 1 {
		player = r.int()
	}
	if n > 2 {
		q.Random = r.str()
	} else if q.Random != "" {
		q.Random = ""
	}
	if n > 3 {
		of = r.int()
	}
	if n > 4 {
		resolving = ObjID(r.uint())
	}
	if n > 5 {
		num = r.int()
	}
	if n > 6 {
		most = r.int()
	}
	q.Ask, q.Player, q.Of, q.Resolving, q.N, q.Max = ask, player, of, resolving, num, most
	if n > 7 {
		q.Prompt = r.str()
	} else if q.Prompt != "" {
		q.Prompt = ""
	}
	if n > 8 {
		q.What = r.str()
	} else if q.What != "" {
		q.What = ""
	}
	if q.Options != nil {
		q.Options = nil
	}
	if n > 9 {
		if k := r.arrayLen(); k > 0 {
			q.Options = make([]string, k)
			for i := range q.Options {
				q.Options[i] = r.str()
			}
		}
	}
}

// shortQuestion reads the question most inputs end asking, priority to a
// player: an array of its first one or two fields, fixints. It reads
// nothing and reports false for any other.
func (r *effectReader) shortQuestion(q *Question) bool {
	one, two := msgpcode.FixedArrayLow|1, msgpcode.FixedArrayLow|2
	b, off := r.w.b, r.w.off
	if off+2 >= len(b) || b[off] != one && b[off] != two || b[off+1] > 0x7f {
		return false
	}
	ask, player, next := Ask(b[off+1]), 0, off+2
	if b[off] == two {
		c := int8(b[off+2])
		if c < -32 {
			return false
		}
		player, next = int(c), off+3
	}
	q.Ask, q.Player, q.Of, q.Resolving, q.N, q.Max = ask, player, 0, 0, 0, 0
	if q.Random != "" || q.Prompt != "" || q.What != "" || q.Options != nil {
		q.Random, q.Prompt, q.What, q.Options = "", "", "", nil
	}
	r.w.off = next
	return true
}
