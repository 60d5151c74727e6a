package events

import (
	"bytes"
	"testing"
)

// appendCanonicalLibrary is the canonical encoding as the msgpack library
// writes it whole, envelope and body: what AppendCanonical wrote before
// the hand-written path, and must still write.
func (e *Event) appendCanonicalLibrary(dst []byte) []byte {
	w := encoders.Get().(*encoder)
	defer encoders.Put(w)
	w.buf.Reset()
	enc := w.enc
	must := func(err error) {
		if err != nil {
			panic(err)
		}
	}
	keys := len(envelopeKeys)
	if len(e.Effects) > 0 {
		keys++
	}
	if len(e.Sig) > 0 {
		keys++
	}
	must(enc.EncodeMapLen(keys))
	must(enc.EncodeString("schema"))
	must(enc.EncodeInt(int64(e.schema())))
	must(enc.EncodeString("match"))
	must(enc.EncodeString(e.Match))
	must(enc.EncodeString("seq"))
	must(enc.EncodeUint(e.Seq))
	must(enc.EncodeString("kind"))
	must(enc.EncodeString(string(e.Kind)))
	must(enc.EncodeString("actor"))
	must(enc.EncodeString(e.Actor))
	must(enc.EncodeString("recorded"))
	must(enc.EncodeInt(e.Recorded))
	must(enc.EncodeString("body"))
	if e.Body == nil {
		must(enc.EncodeNil())
	} else {
		must(enc.Encode(e.Body))
	}
	if len(e.Effects) > 0 {
		must(enc.EncodeString(effectsKey))
		must(enc.Encode(e.Effects))
	}
	if len(e.Sig) > 0 {
		must(enc.EncodeString(sigKey))
		must(enc.EncodeBytes(e.Sig))
	}
	for i, h := range []Hash{e.Prev, e.Hash} {
		must(enc.EncodeString(envelopeKeys[len(envelopeKeys)-2+i]))
		if h.IsZero() {
			must(enc.EncodeNil())
		} else {
			must(enc.EncodeBytes(h[:]))
		}
	}
	return append(dst, w.buf.Bytes()...)
}

// sameEncoding fails t where the hand-written encoding of ev (as given,
// sealed, signed, with a large seq and a negative recorded time) differs
// from the library's, and reports whether the body was written by hand.
func sameEncoding(t *testing.T, ev *Event) bool {
	t.Helper()
	variants := []*Event{ev}
	sealed := *ev
	sealed.Seal()
	signed := sealed
	signed.Sig = bytes.Repeat([]byte{7}, SigSize)
	odd := signed
	odd.Seq, odd.Recorded, odd.Schema = 1<<40+3, -1<<33, 0
	variants = append(variants, &sealed, &signed, &odd)
	for _, v := range variants {
		got, want := v.AppendCanonical([]byte{1}), v.appendCanonicalLibrary([]byte{1})
		if !bytes.Equal(got, want) {
			t.Fatalf("%s seq %d (%s): written by hand\n%x\nby the library\n%x", v.Match, v.Seq, v.Kind, got, want)
		}
	}
	_, ok := appendBodyFast(nil, ev.Body)
	return ok
}

// The hand-written encoding is the library's, byte for byte, on every
// shape the fast decoder knows, on the shapes it leaves to the library,
// and on every input of the fixture matches.
func TestEncodeFastAgrees(t *testing.T) {
	for _, line := range append(append([]string(nil), fastShapes...), generalShapes...) {
		ev, err := ParseJSON([]byte(line))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		sameEncoding(t, ev)
	}
	total, byHand := 0, 0
	eachFixtureEvent(t, func(ev *Event) {
		total++
		if sameEncoding(t, ev) {
			byHand++
		}
	})
	t.Logf("%d fixture inputs, %d bodies written by hand", total, byHand)
	if byHand*10 < total*9 {
		t.Errorf("only %d of %d bodies were written by hand", byHand, total)
	}
}

// Bodies the library writes differently than a plain walk would: a nil
// list without omitempty, an empty one with it, a typed nil body, and
// strings and lists past every short header.
func TestEncodeFastEdges(t *testing.T) {
	long := string(bytes.Repeat([]byte{'x'}, 70000))
	many := make([]string, 70000)
	for _, b := range []Body{
		&Choose{Player: "p1"}, &Choose{Player: "p1", Answer: Answer{}},
		&Keep{Player: "p1", Bottom: []Ref{}}, (*Pass)(nil),
		&Pass{Player: long[:31]}, &Pass{Player: long[:32]}, &Pass{Player: long[:255]}, &Pass{Player: long[:256]}, &Pass{Player: long},
		&Random{Of: "shuffle", Order: many[:15]}, &Random{Of: "shuffle", Order: many[:16]}, &Random{Of: "shuffle", Order: many},
		&Random{Of: "die", Roll: -40}, &Cast{Player: "p1", Card: "o1", X: -1, Modes: []int{0, 200, 70000, -5, 1 << 40}},
		&Cast{Player: "p1", Card: "o1", Face: "a", X: 1, Targets: []Ref{"a"}, Modes: []int{1}, Delve: []Ref{"a"}, Improvise: []Ref{"a"},
			Harmonize: "a", Pay: []Payment{{Mana: "G"}}, Kicked: true, Kicks: 1, Entwine: true, Convoke: []Ref{"a"}, Conspire: []Ref{"a"},
			Permission: "a", Replicate: 1, Prototype: true, Alternative: "a", CostChoices: CostChoices{Sacrifice: []Ref{"a"}}},
	} {
		sameEncoding(t, &Event{Match: "m-1", Seq: 3, Kind: KindChoose, Actor: "p1", Body: b})
	}
}

// FuzzEncodeFast: whatever decodes is written by hand exactly as the
// library writes it.
//
//	go test ./events -run XXX -fuzz FuzzEncodeFast -fuzztime 30s
func FuzzEncodeFast(f *testing.F) {
	for _, line := range append(append([]string(nil), fastShapes...), generalShapes...) {
		ev, err := ParseJSON([]byte(line))
		if err != nil {
			f.Fatal(err)
		}
		for _, v := range fastVariants(ev) {
			f.Add(v)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > MaxInputSize {
			return
		}
		ev, err := DecodeMsgpack(data)
		if err != nil {
			return
		}
		sameEncoding(t, ev)
	})
}
