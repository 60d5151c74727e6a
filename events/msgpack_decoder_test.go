package events

import (
	"reflect"
	"slices"
	"testing"
)

// A Decoder gives what DecodeMsgpack gives, input after input, whatever
// the event it writes over held before: a body with every field, then one
// with few of the same kind, and refusals between.
func TestDecoderAgreesWithDecodeMsgpack(t *testing.T) {
	var inputs [][]byte
	for _, line := range slices.Concat(fastShapes, generalShapes) {
		ev, err := ParseJSON([]byte(line))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		inputs = append(inputs, fastVariants(ev)...)
	}
	n := len(inputs)
	for i := n - 1; i >= 0; i-- { // the shapes again, the fewest fields first
		inputs = append(inputs, inputs[i])
	}
	eachFixtureEvent(t, func(ev *Event) {
		inputs = append(inputs, fastVariants(ev)...)
	})
	var dc Decoder
	for i, data := range inputs {
		if i%7 == 3 { // refusals between, the fast path's and the general decoder's
			sameAsDecodeMsgpack(t, &dc, data[:len(data)-1])
			sameAsDecodeMsgpack(t, &dc, append(slices.Clip(data), 0))
		}
		sameAsDecodeMsgpack(t, &dc, data)
	}
}

// sameAsDecodeMsgpack fails t when dc reads data otherwise than
// DecodeMsgpack.
func sameAsDecodeMsgpack(t *testing.T, dc *Decoder, data []byte) {
	t.Helper()
	want, werr := DecodeMsgpack(data)
	got, err := dc.Decode(data)
	if !reflect.DeepEqual(err, werr) {
		t.Fatalf("%x: Decoder: %v, DecodeMsgpack: %v", data, err, werr)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%x: Decoder reads\n%#v\nDecodeMsgpack\n%#v", data, got, want)
	}
}

// FuzzDecoder: after inputs of every kind with every field, a Decoder
// reads anything as DecodeMsgpack does.
//
//	go test ./events -run XXX -fuzz FuzzDecoder -fuzztime 30s
func FuzzDecoder(f *testing.F) {
	var primers [][]byte
	for _, line := range slices.Concat(fastShapes, generalShapes) {
		ev, err := ParseJSON([]byte(line))
		if err != nil {
			f.Fatal(err)
		}
		vs := fastVariants(ev)
		primers = append(primers, vs[0])
		for _, v := range vs {
			f.Add(v)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var dc Decoder
		for _, p := range primers {
			if _, err := dc.Decode(p); err != nil {
				t.Fatal(err)
			}
		}
		sameAsDecodeMsgpack(t, &dc, data)
	})
}
