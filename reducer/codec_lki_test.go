package reducer

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

// reflected is what the reflective decoder reads from b: an LKI.
func reflected(t *testing.T, b []byte) *LKI {
	t.Helper()
	var l *LKI
	if err := msgpack.Unmarshal(b, &l); err != nil {
		t.Fatal(err)
	}
	return l
}

// encodedLKI is l as the effect codec writes it.
func encodedLKI(t *testing.T, l any) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := msgpack.NewEncoder(&buf)
	enc.UseCompactInts(true)
	if err := enc.Encode(l); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// The LKI read in line is the one reflection reads, for every field at
// zero, small, large and negative, counters nil, empty or several; and a
// map this reader doesn't know (another field, a value in another form)
// is read by reflection, to its end.
func TestLKIReadInLineIsReflections(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	num := func() int {
		return []int{0, 1, -1, 31, -32, 127, 200, -200, 70000, -70000}[rng.IntN(10)]
	}
	for i := range 2000 {
		l := &LKI{Card: CardID(uint32(num())), Power: num(), Toughness: num(), X: num(), Cast: rng.IntN(2) == 0,
			Moved: ObjID(uint32(num())), Spent: num()}
		switch rng.IntN(3) {
		case 1:
			l.Counters = []Counter{}
		case 2:
			for range 1 + rng.IntN(3) {
				l.Counters = append(l.Counters, Counter{Kind: []string{"+1/+1", "loyalty", ""}[rng.IntN(3)], N: num()})
			}
		}
		b := encodedLKI(t, l)
		r := effectReader{w: wireReader{b: b}}
		got := r.lki()
		if r.err != nil || r.w.off != len(b) || !reflect.DeepEqual(got, reflected(t, b)) {
			t.Fatalf("case %d: read %+v (%v) to byte %d of %d, reflection reads %+v", i, got, r.err, r.w.off, len(b), reflected(t, b))
		}
	}
	// The forms the codec writes for the LKIs triggers carry are read in
	// line.
	typical := &LKI{Card: 300, Power: 2, Toughness: -3, Counters: []Counter{{Kind: "+1/+1", N: 1}}, X: 1, Cast: true, Moved: 900, Spent: 4}
	if _, _, inline := lkiAt(encodedLKI(t, typical), 0); !inline {
		t.Errorf("%+v left to reflection", typical)
	}
	type wider struct {
		Card  CardID
		Power int64
		Other string
	}
	for _, v := range []any{
		wider{Card: 3, Power: 2, Other: "x"},     // a field this reader doesn't know
		map[string]any{"Power": int64(-70000)},   // a number in another form
		map[string]any{"Cast": nil, "X": 2},      // nil for a bool
		map[string]any{"Counters": []any{"odd"}}, // a counter in another form
	} {
		b := append(encodedLKI(t, v), 0x07)
		r := effectReader{w: wireReader{b: b}}
		got := r.lki()
		var want *LKI
		err := msgpack.Unmarshal(b[:len(b)-1], &want)
		if (r.err != nil) != (err != nil) || err == nil && !reflect.DeepEqual(got, want) || err == nil && r.w.off != len(b)-1 {
			t.Errorf("%+v: read %+v (%v) to byte %d of %d; reflection reads %+v (%v)", v, got, r.err, r.w.off, len(b)-1, want, err)
		}
	}
}
