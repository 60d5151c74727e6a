package bus

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

// TestPackRoundTrip: inputs put in a pack come out of SplitPack as they
// went in, in order; a message that is one input is not a pack.
func TestPackRoundTrip(t *testing.T) {
	inputs := [][]byte{[]byte(`{"kind":"pass"}`), {0x81, 0xa1, 'k', 0x01}, bytes.Repeat([]byte{7}, 70000)}
	buf := StartPack(nil)
	for _, in := range inputs {
		var start int
		buf, start = StartPackInput(buf)
		buf = append(buf, in...)
		EndPackInput(buf, start)
	}
	if !IsPack(buf) || PackLen(buf) != 3 || PackCount(buf) != 3 {
		t.Fatalf("IsPack %v, PackLen %d, PackCount %d; want a pack of 3", IsPack(buf), PackLen(buf), PackCount(buf))
	}
	var got [][]byte
	if err := SplitPack(buf, func(i int, in []byte) { got = append(got, in) }); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(inputs) {
		t.Fatalf("%d inputs out, want %d", len(got), len(inputs))
	}
	for i := range inputs {
		if !bytes.Equal(got[i], inputs[i]) {
			t.Errorf("input %d changed", i)
		}
	}
	for _, one := range inputs[:2] {
		if IsPack(one) {
			t.Errorf("%q taken for a pack", one)
		}
	}
	// Short forms a msgpack library writes are read too.
	short := []byte{0x92, 0xc4, 1, 'a', 0xc5, 0, 2, 'b', 'c'}
	got = nil
	if err := SplitPack(short, func(i int, in []byte) { got = append(got, in) }); err != nil || fmt.Sprintf("%s", got) != "[a bc]" {
		t.Fatalf("short forms: %s, %v", got, err)
	}
}

// TestPackMalformed: a pack cut short, with bytes after it, or holding
// something other than bin is refused before any input is handed out.
func TestPackMalformed(t *testing.T) {
	for _, data := range [][]byte{
		{0x92, 0xc4, 1, 'a'},              // one input of two
		{0x91, 0xc4, 3, 'a'},              // cut short
		{0x91, 0xc4, 1, 'a', 'x'},         // a byte after
		{0x91, 0xa1, 'a'},                 // a string, not bin
		{0x91, 0xc4, 0},                   // an empty input
		{0xdd, 0, 0},                      // a header cut short
		{0xdc, 0, 1, 0xc6, 0, 0, 0, 9, 1}, // cut short, bin 32
	} {
		called := false
		err := SplitPack(data, func(int, []byte) { called = true })
		if !errors.Is(err, ErrPack) || called {
			t.Errorf("% x: err %v, called %v; want ErrPack and no input", data, err, called)
		}
	}
}

// TestPackID names the inputs a pack holds and its sending.
func TestPackID(t *testing.T) {
	if got := PackID("m1", 2, 33, 0); got != "m1:2-33" {
		t.Errorf("PackID = %q", got)
	}
	if got := PackID("m1", 2, 33, 2); got != "m1:2-33.2" {
		t.Errorf("PackID again = %q", got)
	}
}
