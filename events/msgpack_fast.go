package events

import (
	"encoding/binary"
	"math"
	"reflect"
)

// The fast path reads an event in exactly its canonical form (the keys in
// envelopeKeys order, compact integers, no table effects) straight from
// the bytes: no key strings allocated, no reflection for the commonest
// bodies. Replay decodes every stored input, so this is most of what
// decoding costs. Anything else (another key order, other integer forms,
// effects, any doubt) goes to the general decoder, which gives the same
// event or the error, so the two paths never differ in what they accept.

// fastReader walks msgpack bytes; every method reports false on anything
// outside the forms it knows, leaving the event to the general decoder.
type fastReader struct {
	b []byte
	i int
}

// str reads a str8/16 or fixstr and returns its bytes (a slice of b).
func (r *fastReader) str() ([]byte, bool) {
	if r.i >= len(r.b) {
		return nil, false
	}
	c := r.b[r.i]
	var n, h int
	switch {
	case c&0xe0 == 0xa0:
		n, h = int(c&0x1f), 1
	case c == 0xd9 && r.i+2 <= len(r.b):
		n, h = int(r.b[r.i+1]), 2
	case c == 0xda && r.i+3 <= len(r.b):
		n, h = int(binary.BigEndian.Uint16(r.b[r.i+1:])), 3
	default:
		return nil, false
	}
	if r.i+h+n > len(r.b) {
		return nil, false
	}
	s := r.b[r.i+h : r.i+h+n]
	r.i += h + n
	return s, true
}

// key reads want as a fixstr (every envelope key is short enough to be
// one), comparing the bytes whole.
func (r *fastReader) key(want string) bool {
	n := len(want)
	if r.i+1+n > len(r.b) || r.b[r.i] != 0xa0|byte(n) || string(r.b[r.i+1:r.i+1+n]) != want {
		return false
	}
	r.i += 1 + n
	return true
}

// uint reads a positive fixint or uint8/16/32/64.
func (r *fastReader) uint() (uint64, bool) {
	if r.i >= len(r.b) {
		return 0, false
	}
	c, rest := r.b[r.i], r.b[r.i+1:]
	var v uint64
	n := 0
	switch {
	case c <= 0x7f:
		v = uint64(c)
	case c == 0xcc && len(rest) >= 1:
		v, n = uint64(rest[0]), 1
	case c == 0xcd && len(rest) >= 2:
		v, n = uint64(binary.BigEndian.Uint16(rest)), 2
	case c == 0xce && len(rest) >= 4:
		v, n = uint64(binary.BigEndian.Uint32(rest)), 4
	case c == 0xcf && len(rest) >= 8:
		v, n = binary.BigEndian.Uint64(rest), 8
	default:
		return 0, false
	}
	r.i += 1 + n
	return v, true
}

// int reads any integer form that fits an int64.
func (r *fastReader) int() (int64, bool) {
	if r.i >= len(r.b) {
		return 0, false
	}
	c, rest := r.b[r.i], r.b[r.i+1:]
	switch {
	case c >= 0xe0:
		r.i++
		return int64(int8(c)), true
	case c == 0xd0 && len(rest) >= 1:
		r.i += 2
		return int64(int8(rest[0])), true
	case c == 0xd1 && len(rest) >= 2:
		r.i += 3
		return int64(int16(binary.BigEndian.Uint16(rest))), true
	case c == 0xd2 && len(rest) >= 4:
		r.i += 5
		return int64(int32(binary.BigEndian.Uint32(rest))), true
	case c == 0xd3 && len(rest) >= 8:
		r.i += 9
		return int64(binary.BigEndian.Uint64(rest)), true
	}
	at := r.i
	v, ok := r.uint()
	if !ok || v > math.MaxInt64 {
		r.i = at
		return 0, false
	}
	return int64(v), true
}

// hash reads nil (the zero hash) or a bin8 of exactly the hash's size.
func (r *fastReader) hash() (Hash, bool) {
	var h Hash
	if r.i < len(r.b) && r.b[r.i] == msgpackNil {
		r.i++
		return h, true
	}
	if r.i+2+len(h) > len(r.b) || r.b[r.i] != 0xc4 || int(r.b[r.i+1]) != len(h) {
		return h, false
	}
	copy(h[:], r.b[r.i+2:])
	r.i += 2 + len(h)
	return h, true
}

// sig reads a bin8 of exactly SigSize bytes, copied.
func (r *fastReader) sig() ([]byte, bool) {
	if r.i+2+SigSize > len(r.b) || r.b[r.i] != 0xc4 || int(r.b[r.i+1]) != SigSize {
		return nil, false
	}
	s := append([]byte(nil), r.b[r.i+2:r.i+2+SigSize]...)
	r.i += 2 + SigSize
	return s, true
}

// skip steps over one value of any type, to depth levels of nesting.
func (r *fastReader) skip(depth int) bool {
	if r.i >= len(r.b) || depth == 0 {
		return false
	}
	c := r.b[r.i]
	r.i++
	size := func(n int) (int, bool) { // a big-endian length of n bytes
		if r.i+n > len(r.b) {
			return 0, false
		}
		var v int
		for _, x := range r.b[r.i : r.i+n] {
			v = v<<8 | int(x)
		}
		r.i += n
		return v, true
	}
	bytesOf := func(n int, ok bool) bool {
		if !ok || n < 0 || r.i+n > len(r.b) {
			return false
		}
		r.i += n
		return true
	}
	items := func(n int, ok bool) bool {
		for ; ok && n > 0; n-- {
			ok = r.skip(depth - 1)
		}
		return ok
	}
	switch {
	case c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3:
		return true
	case c&0xf0 == 0x80:
		return items(2*int(c&0x0f), true)
	case c&0xf0 == 0x90:
		return items(int(c&0x0f), true)
	case c&0xe0 == 0xa0:
		return bytesOf(int(c&0x1f), true)
	}
	switch c {
	case 0xcc, 0xd0:
		return bytesOf(1, true)
	case 0xcd, 0xd1:
		return bytesOf(2, true)
	case 0xca, 0xce, 0xd2:
		return bytesOf(4, true)
	case 0xcb, 0xcf, 0xd3:
		return bytesOf(8, true)
	case 0xc4, 0xd9:
		return bytesOf(size(1))
	case 0xc5, 0xda:
		return bytesOf(size(2))
	case 0xc6, 0xdb:
		return bytesOf(size(4))
	case 0xdc:
		n, ok := size(2)
		return items(n, ok)
	case 0xdd:
		n, ok := size(4)
		return items(n, ok)
	case 0xde:
		n, ok := size(2)
		return items(2*n, ok)
	case 0xdf:
		n, ok := size(4)
		return items(2*n, ok)
	}
	return false // ext types and the unused code: the general decoder says
}

// kindOf finds a Kind by its bytes without allocating.
func kindOf(b []byte) (Kind, bool) {
	switch Kind(b) {
	case KindPass:
		return KindPass, true
	case KindActivate:
		return KindActivate, true
	case KindPlayLand:
		return KindPlayLand, true
	case KindCast:
		return KindCast, true
	case KindAttack:
		return KindAttack, true
	case KindRandom:
		return KindRandom, true
	case KindChoose:
		return KindChoose, true
	case KindKeep:
		return KindKeep, true
	case KindBlock:
		return KindBlock, true
	case KindConcede:
		return KindConcede, true
	case KindMulligan:
		return KindMulligan, true
	case KindMatchStarted:
		return KindMatchStarted, true
	case KindSetup:
		return KindSetup, true
	}
	return "", false
}

// decodeFast reads data when it is an event in canonical form; ok false
// sends it to the general decoder. vetted says Check would find nothing:
// what reading settled (a known kind, its body, no effects) and what d
// remembers (the last match id, valid or not) leave it little to ask. d
// caches the last match id, which every input of a replay repeats. With
// keep, a body the fast path reads is read into the event kept there for
// its kind (a Decoder's), not a new one.
func decodeFast(data []byte, d *decoder, keep *kept) (ev *Event, vetted, ok bool) {
	r := fastReader{b: data}
	var e Event // the envelope's head, copied into the event with its body
	if len(data) == 0 {
		return nil, false, false
	}
	n := int(data[0]) - 0x80
	if n != len(envelopeKeys) && n != len(envelopeKeys)+1 {
		return nil, false, false
	}
	r.i = 1
	if !r.key("schema") {
		return nil, false, false
	}
	schema, ok := r.uint()
	if !ok || schema > SchemaVersion {
		return nil, false, false
	}
	e.Schema = int(schema)
	if e.Schema == 0 {
		e.Schema = SchemaVersion
	}
	if !r.key("match") {
		return nil, false, false
	}
	m, ok := r.str()
	if !ok {
		return nil, false, false
	}
	if string(m) != d.lastMatch {
		d.lastMatch = string(m)
		d.lastMatchValid = validID(d.lastMatch)
	}
	e.Match = d.lastMatch
	if !r.key("seq") {
		return nil, false, false
	}
	if e.Seq, ok = r.uint(); !ok || !r.key("kind") {
		return nil, false, false
	}
	k, ok := r.str()
	if !ok {
		return nil, false, false
	}
	if e.Kind, ok = kindOf(k); !ok || !r.key("actor") {
		return nil, false, false
	}
	a, ok := r.str()
	if !ok || !r.key("recorded") {
		return nil, false, false
	}
	e.Actor = actorName(a)
	if e.Recorded, ok = r.int(); !ok || !r.key("body") {
		return nil, false, false
	}
	from := r.i
	out, player := fastBody(&e, &r, keep)
	var rawBody []byte // a body left to the msgpack library
	if out == nil {
		r.i = from
		if !r.skip(maxFastDepth) {
			return nil, false, false
		}
		if rawBody = data[from:r.i]; rawBody[0] == msgpackNil {
			return nil, false, false
		}
		out = new(Event)
		*out = e
	}
	if n == len(envelopeKeys)+1 {
		if !r.key(sigKey) {
			return nil, false, false // table effects: the general decoder reads them
		}
		if out.Sig, ok = r.sig(); !ok {
			return nil, false, false
		}
	}
	if !r.key("prev") {
		return nil, false, false
	}
	if out.Prev, ok = r.hash(); !ok || !r.key("hash") {
		return nil, false, false
	}
	if out.Hash, ok = r.hash(); !ok || r.i != len(data) {
		return nil, false, false
	}
	if rawBody == nil {
		vetted = d.lastMatchValid && out.Actor != "" && out.Body.Check() == nil &&
			(out.Actor == TableActor || out.Actor == player && player != "")
		return out, vetted, true
	}
	body, _ := NewBody(e.Kind)
	d.reset(rawBody)
	if err := d.dec.Decode(body); err != nil || !validText(reflect.ValueOf(body)) {
		return nil, false, false // the general decoder words the error
	}
	out.Body = body
	return out, false, true
}

// maxFastDepth bounds the nesting skip walks; deeper bodies take the
// general path.
const maxFastDepth = 32
