package reducer

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

// wireReader reads every form msgpack.Decoder reads for an int, a uint,
// an array length, a string, a bool and nil, the same values, and leaves a
// value written by reflection to the decoder, after which it reads on.
func TestWireReaderAgreesWithDecoder(t *testing.T) {
	ints := []int64{0, 1, 127, 128, 255, 256, 65535, 65536, math.MaxInt32, math.MaxInt32 + 1, math.MaxInt64,
		-1, -32, -33, -128, -129, -32768, -32769, math.MinInt32, math.MinInt32 - 1, math.MinInt64}
	strs := []string{"", "a", strings.Repeat("b", 31), strings.Repeat("c", 32), strings.Repeat("d", 255),
		strings.Repeat("e", 256), strings.Repeat("f", 65535), strings.Repeat("g", 65536)}
	lens := []int{0, 1, 15, 16, 65535, 65536}
	type odd struct {
		A string
		B []int
	}
	for _, compact := range []bool{true, false} {
		var buf bytes.Buffer
		enc := msgpack.NewEncoder(&buf)
		enc.UseCompactInts(compact)
		must := func(err error) {
			if err != nil {
				t.Fatal(err)
			}
		}
		for _, v := range ints {
			must(enc.EncodeInt(v))
			must(enc.EncodeUint(uint64(v)))
		}
		for _, s := range strs {
			must(enc.EncodeString(s))
			must(enc.EncodeBytes([]byte(s)))
		}
		for _, n := range lens {
			must(enc.EncodeArrayLen(n))
		}
		must(enc.EncodeBool(true))
		must(enc.EncodeBool(false))
		for range 5 {
			must(enc.EncodeNil()) // as an int, a uint, a string, a bool, a length
		}
		must(enc.Encode(odd{A: "x", B: []int{1, 2}}))
		must(enc.EncodeInt(7))
		b := buf.Bytes()

		dec := msgpack.NewDecoder(bytes.NewReader(b))
		r := wireReader{b: b}
		check := func(what string, got, want any, gerr, werr error) {
			t.Helper()
			if got != want || (gerr == nil) != (werr == nil) {
				t.Fatalf("compact %v: %s: read %v (%v), the decoder %v (%v)", compact, what, got, gerr, want, werr)
			}
		}
		for _, v := range ints {
			g, gerr := r.int64()
			w, werr := dec.DecodeInt64()
			check("int", g, w, gerr, werr)
			gu, gerr := r.uint64()
			wu, werr := dec.DecodeUint64()
			check("uint", gu, wu, gerr, werr)
			if g != v {
				t.Fatalf("int %d read as %d", v, g)
			}
		}
		for range strs {
			g, gerr := r.str()
			w, werr := dec.DecodeString()
			check("string", g, w, gerr, werr)
			gb, gerr := r.bytes()
			wb, werr := dec.DecodeBytes()
			check("bytes", string(gb), string(wb), gerr, werr)
		}
		for range lens {
			g, gerr := r.arrayLen()
			w, werr := dec.DecodeArrayLen()
			check("array length", g, w, gerr, werr)
		}
		for range 2 {
			g, gerr := r.boolean()
			w, werr := dec.DecodeBool()
			check("bool", g, w, gerr, werr)
		}
		gi, gerr := r.int64()
		wi, werr := dec.DecodeInt64()
		check("nil int", gi, wi, gerr, werr)
		gu, gerr := r.uint64()
		wu, werr := dec.DecodeUint64()
		check("nil uint", gu, wu, gerr, werr)
		gs, gerr := r.str()
		ws, werr := dec.DecodeString()
		check("nil string", gs, ws, gerr, werr)
		gb, gerr := r.boolean()
		wb, werr := dec.DecodeBool()
		check("nil bool", gb, wb, gerr, werr)
		gl, gerr := r.arrayLen()
		wl, werr := dec.DecodeArrayLen()
		check("nil length", gl, wl, gerr, werr)
		var o odd
		if err := r.decode(&o); err != nil || o.A != "x" || len(o.B) != 2 {
			t.Fatalf("compact %v: reflection: %+v, %v", compact, o, err)
		}
		if v, err := r.int64(); v != 7 || err != nil || r.left() != 0 {
			t.Fatalf("compact %v: after reflection: %d, %v, %d bytes left", compact, v, err, r.left())
		}
		if _, err := r.int64(); err == nil {
			t.Fatal("a read past the end is no error")
		}
	}
}

// Cut short anywhere, a value is an error, never a panic.
func TestWireReaderTruncated(t *testing.T) {
	var buf bytes.Buffer
	enc := msgpack.NewEncoder(&buf)
	_ = enc.EncodeInt(math.MaxInt64)
	_ = enc.EncodeString(strings.Repeat("x", 300))
	_ = enc.EncodeArrayLen(70000)
	b := buf.Bytes()
	for n := range len(b) {
		r := wireReader{b: b[:n]}
		_, e1 := r.int64()
		_, e2 := r.str()
		_, e3 := r.arrayLen()
		if e1 == nil && e2 == nil && e3 == nil {
			t.Fatalf("%d of %d bytes read without an error", n, len(b))
		}
	}
}
