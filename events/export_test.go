package events

import (
	"fmt"
	"reflect"
)

// DecodeBothWays decodes data with the fast path and the general decoder
// and fails when the fast path takes an input the general decoder reads
// otherwise, or vets one Check refuses. It says which path read the body: "fast" (no reflection),
// "reflect" (the fast envelope, the msgpack library's body), or "" when
// the fast path left the input to the general decoder.
func DecodeBothWays(data []byte) (string, error) {
	d := decoders.Get().(*decoder)
	fastEv, vetted, ok := decodeFast(data, d, nil)
	general, err := decodeGeneral(data, d)
	d.reset(nil)
	if err == nil {
		decoders.Put(d) // as decodeMsgpack: one that refused has grown
	}
	if !ok {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("fast path took %x, the general decoder refuses it: %v", data, err)
	}
	if !reflect.DeepEqual(fastEv, general) {
		return "", fmt.Errorf("fast path reads %x as\n%#v\nthe general decoder as\n%#v", data, fastEv, general)
	}
	if vetted {
		if ce := general.Check(); ce != nil {
			return "", fmt.Errorf("fast path vetted %x, Check refuses it: %v", data, ce)
		}
	}
	if out, _, _ := fastBody(fastEv.Kind, &fastReader{b: bodyBytes(data)}, nil); out != nil {
		return "fast", nil
	}
	return "reflect", nil
}

// bodyBytes finds the body of an event in canonical form.
func bodyBytes(data []byte) []byte {
	r := fastReader{b: data, i: 1}
	for r.i < len(data) {
		k, _ := r.str()
		from := r.i
		r.skip(maxFastDepth)
		if string(k) == "body" {
			return data[from:r.i]
		}
	}
	return nil
}

// AppendCanonicalLibrary is the canonical encoding as the msgpack library
// writes it whole (msgpack_encode_test.go).
func (e *Event) AppendCanonicalLibrary(dst []byte) []byte { return e.appendCanonicalLibrary(dst) }
