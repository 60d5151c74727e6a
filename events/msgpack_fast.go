package events

import "reflect"

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

// str reads a fixstr, str8 or str16 and returns its bytes (a slice of b).
func (r *fastReader) str() ([]byte, bool) {
	s, j := strAt(r.b, r.i)
	if j < 0 {
		return nil, false
	}
	r.i = j
	return s, true
}

// uint reads a positive fixint or uint8/16/32/64.
func (r *fastReader) uint() (uint64, bool) {
	v, j := uintAt(r.b, r.i)
	if j < 0 {
		return 0, false
	}
	r.i = j
	return v, true
}

// int reads any integer form that fits an int64.
func (r *fastReader) int() (int64, bool) {
	v, j := intAt(r.b, r.i)
	if j < 0 {
		return 0, false
	}
	r.i = j
	return v, true
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

// The envelope's keys as the canonical form writes them, each with its
// fixstr header: compared as one constant, a key is a few word loads and
// compares, with no call.
const (
	keySchema   = "\xa6schema"
	keyMatch    = "\xa5match"
	keySeq      = "\xa3seq"
	keyKind     = "\xa4kind"
	keyActor    = "\xa5actor"
	keyRecorded = "\xa8recorde" // and a "d": nine bytes are compared with a call, eight inline
	keyBody     = "\xa4body"
	keySig      = "\xa3" + sigKey
	keyPrev     = "\xa4prev"
	keyHash     = "\xa4hash"
)

// sealedTail is the length of the envelope's end when both hashes are
// set: the prev and hash keys, each with a bin8 of a hash.
const sealedTail = 2 * (len(keyPrev) + 2 + len(Hash{}))

// decodeFast reads data when it is an event in canonical form; ok false
// sends it to the general decoder. vetted says Check would find nothing:
// what reading settled (a known kind, its body, no effects) and what d
// remembers (the last match id, valid or not) leave it little to ask. d
// caches the last match id, which every input of a replay repeats. With
// keep, a body the fast path reads is read into the event kept there for
// its kind (a Decoder's), not a new one. The envelope's head is held in
// locals and written once into the event that carries the body.
func decodeFast(data []byte, d *decoder, keep *kept) (ev *Event, vetted, ok bool) {
	if len(data) == 0 {
		return nil, false, false
	}
	n := int(data[0]) - 0x80
	if n != len(envelopeKeys) && n != len(envelopeKeys)+1 {
		return nil, false, false
	}
	var schema uint64
	var i int
	if len(data) > 15 && string(data[1:8]) == keySchema && data[8] == SchemaVersion && string(data[9:15]) == keyMatch {
		schema, i = SchemaVersion, 15 // the usual head, compared in three moves
	} else {
		if schema, i = uintAt(data, keyAt(data, 1, keySchema)); i < 0 || schema > SchemaVersion {
			return nil, false, false
		}
		if schema == 0 {
			schema = SchemaVersion
		}
		i = keyAt(data, i, keyMatch)
	}
	m, j := fixstrAt(data, i) // inline; an id of over 31 bytes by a call
	if j >= 0 {
		i = j
	} else if m, i = strAt(data, i); i < 0 {
		return nil, false, false
	}
	if string(m) != d.lastMatch {
		d.lastMatch = string(m)
		d.lastMatchValid = validID(d.lastMatch)
	}
	seq, i := uintAt(data, keyAt(data, i, keySeq))
	if n == len(envelopeKeys) {
		if p, recorded, prev, hash, ok := passAt(data, i); ok {
			x := keptPassOver(keep)
			x.body.Player = players[p]
			out := event(x)
			out.Schema, out.Match, out.Seq, out.Kind, out.Actor, out.Recorded = int(schema), d.lastMatch, seq, KindPass, players[p], recorded
			out.Prev, out.Hash = *prev, *hash
			return out, d.lastMatchValid, true
		}
	}
	k, i := fixstrAt(data, keyAt(data, i, keyKind))
	if i < 0 {
		return nil, false, false
	}
	kind, ok := kindOf(k)
	i = keyAt(data, i, keyActor)
	a, j := fixstrAt(data, i)
	if j < 0 {
		a, j = strAt(data, i)
	}
	i = j
	recorded, i := intAt(data, keyAt(data, keyAt(data, i, keyRecorded), "d"))
	if i = keyAt(data, i, keyBody); i < 0 || !ok {
		return nil, false, false
	}
	r := fastReader{b: data, i: i}
	out, player, checked := fastBody(kind, &r, keep)
	var rawBody []byte // a body left to the msgpack library
	if out == nil {
		r.i = i
		if !r.skip(maxFastDepth) {
			return nil, false, false
		}
		if rawBody = data[i:r.i]; rawBody[0] == msgpackNil {
			return nil, false, false
		}
		out = new(Event)
	}
	out.Schema, out.Match, out.Seq, out.Kind, out.Actor, out.Recorded = int(schema), d.lastMatch, seq, kind, actorName(a), recorded
	i = r.i
	if n == len(envelopeKeys)+1 {
		if i = keyAt(data, i, keySig); i < 0 {
			return nil, false, false // table effects: the general decoder reads them
		}
		r.i = i
		if out.Sig, ok = r.sig(); !ok {
			return nil, false, false
		}
		i = r.i
	}
	if t := data[i:]; len(t) == sealedTail && string(t[:7]) == keyPrev+"\xc4\x20" && string(t[39:46]) == keyHash+"\xc4\x20" {
		out.Prev, out.Hash = *(*Hash)(t[7:39]), *(*Hash)(t[46:]) // a stored input's
	} else {
		i = hashAt(data, keyAt(data, i, keyPrev), &out.Prev)
		if i = hashAt(data, keyAt(data, i, keyHash), &out.Hash); i != len(data) {
			return nil, false, false
		}
	}
	if rawBody == nil {
		vetted = d.lastMatchValid && out.Actor != "" && (out.Actor == TableActor || out.Actor == player && player != "") &&
			(checked || out.Body.Check() == nil)
		return out, vetted, true
	}
	body, _ := NewBody(kind)
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
