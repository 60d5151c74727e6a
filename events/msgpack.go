package events

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"sync"
	"unicode/utf8"

	"github.com/vmihailenco/msgpack/v5"
)

// The envelope is a msgpack map with these keys, always all of them, always
// in this order. That, plus bodies encoded with sorted map keys and compact
// integers, makes the encoding canonical. An input that carries table
// effects has one more key, "effects", right after "body"; an input
// without them has none, so its bytes are what they were before effects
// existed.
var envelopeKeys = [...]string{"schema", "match", "seq", "kind", "actor", "recorded", "body", "prev", "hash"}

// effectsKey is the optional envelope key of table effects.
const effectsKey = "effects"

// sigKey is the optional envelope key of the actor's signature, right
// after "effects" (or "body"); an unsigned input has none.
const sigKey = "sig"

type encoder struct {
	buf bytes.Buffer
	enc *msgpack.Encoder
}

var encoders = sync.Pool{New: func() any {
	e := &encoder{}
	e.enc = msgpack.NewEncoder(&e.buf)
	e.enc.SetCustomStructTag("json")
	e.enc.SetSortMapKeys(true)
	e.enc.UseCompactInts(true)
	e.enc.SetOmitEmpty(false)
	return e
}}

// AppendCanonical appends the canonical msgpack encoding of e to dst: the
// envelope and the commonest bodies written by hand (msgpack_encode.go),
// the rest by the msgpack library.
func (e *Event) AppendCanonical(dst []byte) []byte {
	keys := len(envelopeKeys)
	if len(e.Effects) > 0 {
		keys++
	}
	if len(e.Sig) > 0 {
		keys++
	}
	dst = appendMapLen(dst, keys)
	dst = appendInt(appendString(dst, "schema"), int64(e.schema()))
	dst = appendString(appendString(dst, "match"), e.Match)
	dst = appendUint(appendString(dst, "seq"), e.Seq)
	dst = appendString(appendString(dst, "kind"), string(e.Kind))
	dst = appendString(appendString(dst, "actor"), e.Actor)
	dst = appendInt(appendString(dst, "recorded"), e.Recorded)
	dst = appendString(dst, "body")
	if e.Body == nil {
		dst = append(dst, msgpackNil)
	} else if out, ok := appendBodyFast(dst, e.Body); ok {
		dst = out
	} else {
		dst = appendLibrary(dst, e.Body)
	}
	if len(e.Effects) > 0 {
		dst = appendLibrary(appendString(dst, effectsKey), e.Effects)
	}
	if len(e.Sig) > 0 {
		dst = appendBin(appendString(dst, sigKey), e.Sig)
	}
	dst = appendHash(appendString(dst, "prev"), e.Prev)
	return appendHash(appendString(dst, "hash"), e.Hash)
}

// appendLibrary appends v as the msgpack library encodes it for the
// canonical form.
func appendLibrary(dst []byte, v any) []byte {
	w := encoders.Get().(*encoder)
	defer encoders.Put(w)
	w.buf.Reset()
	if err := w.enc.Encode(v); err != nil {
		// Writing to a bytes.Buffer fails only on a broken invariant.
		panic(fmt.Sprintf("events: encoding: %v", err))
	}
	return append(dst, w.buf.Bytes()...)
}

// MarshalMsgpack returns the canonical encoding of e.
func (e *Event) MarshalMsgpack() []byte { return e.AppendCanonical(make([]byte, 0, encodeBuf)) }

// DecodeMsgpack reads one event from its msgpack form. Keys may come in any
// order; unknown or repeated keys, trailing bytes and ill-formed bodies are
// errors. The result has passed Check.
func DecodeMsgpack(data []byte) (*Event, error) {
	d := decoders.Get().(*decoder)
	ev, vetted, err := d.decode(data, nil)
	if err == nil {
		decoders.Put(d)
	}
	// A decoder that refused an input is dropped: the msgpack decoder keeps
	// the buffer it grew for a length the input only claimed, and a pooled
	// one grew with every such input.
	return checked(ev, vetted, err)
}

// checked is what DecodeMsgpack returns for what decode gave: the error
// as an *Error, the event once Check passes it.
func checked(ev *Event, vetted bool, err error) (*Event, error) {
	if err != nil {
		var ee *Error
		if errors.As(err, &ee) {
			return nil, ee
		}
		return nil, &Error{Reason: err.Error(), Rule: RuleDecode}
	}
	if vetted {
		return ev, nil
	}
	if ce := ev.Check(); ce != nil {
		return nil, ce
	}
	return ev, nil
}

// decoder is a msgpack decoder over a byte slice, set up for bodies: json
// tags, unknown fields refused. The msgpack decoder is made on first use:
// an input the fast path reads whole needs none.
type decoder struct {
	r         bytes.Reader
	dec       *msgpack.Decoder
	inUse     bool   // dec points at input bytes
	lastMatch string // the match id decodeFast read last
	// lastMatchValid: lastMatch is a valid match id.
	lastMatchValid bool
}

var decoders = sync.Pool{New: func() any { return &decoder{} }}

// reset points the decoder at data.
func (d *decoder) reset(data []byte) {
	if d.dec == nil {
		d.dec = msgpack.NewDecoder(&d.r)
		d.dec.SetCustomStructTag("json")
		d.dec.DisallowUnknownFields(true)
	}
	d.r.Reset(data)
	d.dec.ResetReader(&d.r)
	d.inUse = data != nil
}

// decode reads data; vetted says Check would pass the event. With keep,
// the fast path reads into the events kept there (a Decoder's).
func (d *decoder) decode(data []byte, keep *kept) (ev *Event, vetted bool, err error) {
	if len(data) > MaxInputSize {
		return nil, false, oversize(len(data))
	}
	ev, vetted, ok := decodeFast(data, d, keep)
	return d.finish(data, ev, vetted, ok)
}

// oversize is the error of an input of n bytes, over MaxInputSize.
func oversize(n int) error {
	return &Error{Reason: fmt.Sprintf("%d bytes is over the %d-byte input limit", n, MaxInputSize), Rule: RuleSize}
}

// finish is decode after the fast path: the general decoder reads data
// where the fast path did not (ok false).
func (d *decoder) finish(data []byte, ev *Event, vetted, ok bool) (*Event, bool, error) {
	var err error
	if !ok {
		ev, err = decodeGeneral(data, d)
	}
	if d.inUse {
		d.reset(nil) // a decoder kept for later keeps no input alive
	}
	return ev, vetted, err
}

// decodeGeneral reads an event in any form the format allows, and words
// the error of one it doesn't.
func decodeGeneral(data []byte, d *decoder) (*Event, error) {
	d.reset(data)
	dec := d.dec
	n, err := dec.DecodeMapLen()
	if err != nil {
		return nil, fmt.Errorf("not a msgpack map: %v", err)
	}
	if n < 0 {
		return nil, errors.New("not a msgpack map: nil")
	}
	ev := &Event{}
	var rawBody []byte // a slice of data
	var seen uint16    // bit i: envelopeKeys[i] read
	var effects bool   // the effects key read
	var signed bool    // the sig key read
	for i := 0; i < n; i++ {
		key, err := dec.DecodeString()
		if err != nil {
			return nil, fmt.Errorf("key %d: %v", i, err)
		}
		if key == effectsKey {
			if effects {
				return nil, fmt.Errorf("%s: repeated key", key)
			}
			effects = true
			if err := dec.Decode(&ev.Effects); err != nil {
				return nil, &Error{Field: key, Reason: err.Error(), Rule: RuleTableForm}
			}
			if len(ev.Effects) == 0 {
				ev.Effects = nil
			}
			continue
		}
		if key == sigKey {
			if signed {
				return nil, fmt.Errorf("%s: repeated key", key)
			}
			signed = true
			if ev.Sig, err = decodeSig(dec); err != nil {
				return nil, &Error{Field: key, Reason: err.Error(), Rule: RuleDecode}
			}
			continue
		}
		if k := envelopeKeyIndex(key); k >= 0 {
			if seen&(1<<k) != 0 {
				return nil, fmt.Errorf("%s: repeated key", key)
			}
			seen |= 1 << k
		}
		if key == "body" {
			// The body is decoded once its kind is known: keep its place.
			from := len(data) - d.r.Len()
			if err := dec.Skip(); err != nil {
				return nil, &Error{Field: key, Reason: err.Error(), Rule: RuleDecode}
			}
			if raw := data[from : len(data)-d.r.Len()]; !(len(raw) == 1 && raw[0] == msgpackNil) {
				rawBody = raw
			}
			continue
		}
		if err := decodeEnvelopeField(dec, key, ev); err != nil {
			return nil, err
		}
	}
	if r := d.r.Len(); r != 0 {
		return nil, fmt.Errorf("%d trailing bytes after the event", r)
	}
	if ev.Schema == 0 {
		ev.Schema = SchemaVersion
	}
	if rawBody == nil {
		return ev, nil // Check reports the missing body
	}
	body, ok := NewBody(ev.Kind)
	if !ok {
		return ev, nil // Check reports the unknown kind
	}
	d.reset(rawBody)
	if err := dec.Decode(body); err != nil {
		return nil, &Error{Match: ev.Match, Seq: ev.Seq, Field: "body", Reason: err.Error(), Rule: RuleBody}
	}
	if !validText(reflect.ValueOf(body)) || !validText(reflect.ValueOf(ev.Effects)) {
		// The JSON form could not carry it: encoding/json would write U+FFFD.
		return nil, &Error{Match: ev.Match, Seq: ev.Seq, Field: "body", Reason: "a string is not valid UTF-8", Rule: RuleBody}
	}
	ev.Body = body
	return ev, nil
}

// envelopeKeyIndex is key's place in envelopeKeys, or -1.
func envelopeKeyIndex(key string) int {
	for i, k := range envelopeKeys {
		if k == key {
			return i
		}
	}
	return -1
}

func decodeEnvelopeField(dec *msgpack.Decoder, key string, ev *Event) error {
	var err error
	switch key {
	case "schema":
		var v int64
		v, err = dec.DecodeInt64()
		ev.Schema = int(v)
		if err == nil && (v < 0 || v > SchemaVersion) {
			return &Error{Field: "schema", Reason: fmt.Sprintf("version %d is not supported", v), Rule: RuleDecode}
		}
	case "match":
		ev.Match, err = dec.DecodeString()
	case "seq":
		ev.Seq, err = dec.DecodeUint64()
	case "kind":
		var s string
		s, err = dec.DecodeString()
		ev.Kind = Kind(s)
	case "actor":
		ev.Actor, err = dec.DecodeString()
	case "recorded":
		ev.Recorded, err = dec.DecodeInt64()
	case "prev":
		ev.Prev, err = decodeHash(dec)
	case "hash":
		ev.Hash, err = decodeHash(dec)
	default:
		return &Error{Field: key, Reason: "unknown envelope key", Rule: RuleDecode}
	}
	if err != nil {
		return &Error{Field: key, Reason: err.Error(), Rule: RuleDecode}
	}
	return nil
}

// validText reports whether every string in v, map keys included, is valid
// UTF-8.
func validText(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		return utf8.ValidString(v.String())
	case reflect.Pointer, reflect.Interface:
		return v.IsNil() || validText(v.Elem())
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if !validText(v.Index(i)) {
				return false
			}
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if !validText(v.Field(i)) {
				return false
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if !validText(it.Key()) || !validText(it.Value()) {
				return false
			}
		}
	}
	return true
}

// EncodeMsgpack writes c with its keys sorted. The msgpack library sorts the
// keys of map[string]string, map[string]bool and map[string]any only; any
// other map comes out in Go's random iteration order, and the hash with it.
func (c Counters) EncodeMsgpack(enc *msgpack.Encoder) error {
	if c == nil {
		return enc.EncodeNil()
	}
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if err := enc.EncodeMapLen(len(keys)); err != nil {
		return err
	}
	for _, k := range keys {
		if err := enc.EncodeString(k); err != nil {
			return err
		}
		if err := enc.EncodeInt(int64(c[k])); err != nil {
			return err
		}
	}
	return nil
}

const msgpackNil = 0xc0

// decodeHash reads the length first and then exactly the hash's bytes:
// DecodeBytes would allocate whatever length the input claims (up to 4 GiB for
// an 11-byte input) before finding the bytes are not there.
func decodeHash(dec *msgpack.Decoder) (Hash, error) {
	var h Hash
	n, err := dec.DecodeBytesLen()
	if err != nil {
		return h, err
	}
	if n == -1 {
		return h, nil
	}
	if n != len(h) {
		return h, fmt.Errorf("want %d bytes, got %d", len(h), n)
	}
	err = dec.ReadFull(h[:])
	return h, err
}

// decodeSig reads a signature: the length first, exactly SigSize bytes, so
// that a claimed length allocates nothing it does not read. A nil or empty
// sig is refused: an unsigned input has no "sig" key, and one event must
// not have two encodings.
func decodeSig(dec *msgpack.Decoder) ([]byte, error) {
	n, err := dec.DecodeBytesLen()
	if err != nil {
		return nil, err
	}
	if n != SigSize {
		return nil, fmt.Errorf("want a signature of %d bytes, got %d", SigSize, n)
	}
	b := make([]byte, n)
	return b, dec.ReadFull(b)
}
