package reducer

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// randomCont is a continuous effect with each field at zero, small,
// large, negative, nil, empty or several.
func randomCont(rng *rand.Rand) *Continuous {
	num := func() int {
		return []int{0, 1, -1, 31, -32, 127, 200, -200, 70000, -70000, 1 << 40}[rng.IntN(11)]
	}
	strs := func() []string {
		switch rng.IntN(3) {
		case 0:
			return nil
		case 1:
			return []string{}
		}
		return []string{"Flying", "", "Legendary"}[:1+rng.IntN(3)]
	}
	colors := func() []cards.Color {
		return [][]cards.Color{nil, {}, {cards.Color(1), cards.Color(4)}}[rng.IntN(3)]
	}
	c := &Continuous{Timestamp: num(), Source: ObjID(uint32(num())), Controller: num(), Until: []string{"", "eot", "leaves"}[rng.IntN(3)],
		AddSupertypes: strs(), AddSubtypes: strs(), AddKeywords: strs(), AnyColorMana: rng.IntN(2) == 0, P: num(), T: num(),
		Rule: []string{"", RuleNoPrevention}[rng.IntN(2)]}
	switch rng.IntN(3) {
	case 1:
		c.Objects = []ObjID{}
	case 2:
		c.Objects = []ObjID{ObjID(uint32(num())), 5}
	}
	if rng.IntN(2) == 0 {
		c.Table = &TableGrant{Types: strs(), Colors: colors(), Abilities: strs()}
	}
	if rng.IntN(2) == 0 {
		b := &Becoming{Types: strs(), AllCreatureTypes: rng.IntN(2) == 0, SetColors: rng.IntN(2) == 0, Colors: colors(),
			SetPT: rng.IntN(2) == 0, P: num(), T: num(), Rules: strs()}
		switch rng.IntN(3) {
		case 1:
			b.Grants = []GrantRef{}
		case 2:
			b.Grants = []GrantRef{{Card: "Bear", K: num()}, {}}
		}
		c.Becomes = b
	}
	return c
}

// randomDecl is a declared card with each field empty or set, given no
// abilities or an empty list.
func randomDecl(rng *rand.Rand) *Declared {
	str := func() string { return []string{"", "2", "{1}{G}", "Creature"}[rng.IntN(4)] }
	strs := func() []string { return [][]string{nil, {}, {"Creature", "Artifact"}}[rng.IntN(3)] }
	d := &Declared{Name: "Test " + str(), ManaCost: str(), Colors: strs(), Supertypes: strs(), Types: strs(), Subtypes: strs(),
		Power: str(), Toughness: str(), Loyalty: str(), Defense: str(), Oracle: str(), Token: rng.IntN(2) == 0, Playtest: rng.IntN(2) == 0}
	if rng.IntN(2) == 0 {
		d.Abilities = []ability.Ability{}
	}
	return d
}

// The continuous effects and declared cards read in place are the ones
// reflection reads, and the forms the codec writes for them are read in
// place: every field at zero, small, large, negative, nil, empty or set.
func TestRareFieldsReadInPlaceAreReflections(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 3000 {
		var v any = randomCont(rng)
		if i%2 == 1 {
			v = randomDecl(rng)
		}
		b := encodedLKI(t, v)
		r := effectReader{w: wireReader{b: b}, names: map[string]string{}}
		var got, want any
		var inPlace bool
		switch v.(type) {
		case *Continuous:
			var c *Continuous
			c, inPlace = r.contAt()
			got = c
			var w *Continuous
			if err := msgpack.Unmarshal(b, &w); err != nil {
				t.Fatal(err)
			}
			want = w
		case *Declared:
			var d *Declared
			d, inPlace = r.declAt()
			got = d
			var w *Declared
			if err := msgpack.Unmarshal(b, &w); err != nil {
				t.Fatal(err)
			}
			want = w
		}
		if !inPlace || r.w.off != len(b) || !reflect.DeepEqual(got, want) {
			t.Fatalf("case %d: in place %v, read %+v to byte %d of %d, reflection reads %+v", i, inPlace, got, r.w.off, len(b), want)
		}
	}
}

// A form the in-place reader leaves alone is read by reflection from the
// value's start, to its end, or fails as reflection fails.
func TestRareFieldsOtherFormsGoToReflection(t *testing.T) {
	given := &Declared{Name: "Given", Types: []string{"Creature"}, Power: "1", Toughness: "1",
		Abilities: []ability.Ability{{Kind: ability.Keyword, Keyword: &ability.KeywordAbility{Name: "flying"}}}}
	for _, v := range []any{
		given,
		map[string]any{"Timestamp": 1, "Other": 2},             // a field this reader doesn't know
		map[string]any{"Source": "x"},                          // a value in another form
		map[string]any{"Table": []any{nil, nil, nil}},          // an array for a struct
		map[string]any{"Becomes": map[string]any{"grants": 1}}, // a list in another form
		[]any{1, 2},
		nil,
	} {
		b := append(encodedLKI(t, v), 0x07)
		for _, cont := range []bool{true, false} {
			r := effectReader{w: wireReader{b: b}}
			var got, want any
			var err error
			if cont {
				got = r.cont()
				var w *Continuous
				err = msgpack.Unmarshal(b[:len(b)-1], &w)
				want = w
			} else {
				got = r.decl()
				var w *Declared
				err = msgpack.Unmarshal(b[:len(b)-1], &w)
				want = w
			}
			if (r.err != nil) != (err != nil) || err == nil && (!reflect.DeepEqual(got, want) || r.w.off != len(b)-1) {
				t.Errorf("%+v: read %+v (%v) to byte %d of %d; reflection reads %+v (%v)", v, got, r.err, r.w.off, len(b)-1, want, err)
			}
		}
	}
}

// A declared card given abilities is read by reflection once per Folder:
// the same bytes again read as the card kept, to the same place, and
// other bytes as their own card.
func TestDeclaredCardsKeptByTheirBytes(t *testing.T) {
	card := func(name string) *Declared {
		return &Declared{Name: name, Types: []string{"Creature"}, Power: "1", Toughness: "1",
			Abilities: []ability.Ability{{Kind: ability.Keyword, Keyword: &ability.KeywordAbility{Name: "flying"}}}}
	}
	one, two := encodedLKI(t, card("One")), encodedLKI(t, card("Two"))
	b := append(append(append([]byte{}, one...), two...), one...)
	r := effectReader{w: wireReader{b: b}, names: map[string]string{}}
	first, second, again := r.decl(), r.decl(), r.decl()
	if r.err != nil || r.w.off != len(b) {
		t.Fatalf("read to byte %d of %d: %v", r.w.off, len(b), r.err)
	}
	if first != again || first == second || !reflect.DeepEqual(first, card("One")) || !reflect.DeepEqual(second, card("Two")) {
		t.Errorf("read %+v, %+v, %+v", first, second, again)
	}
	// Without a Folder's names, each is read anew.
	r = effectReader{w: wireReader{b: b}}
	if d, _, d2 := r.decl(), r.decl(), r.decl(); d == d2 || !reflect.DeepEqual(d, d2) {
		t.Errorf("read %p %+v and %p %+v", d, d, d2, d2)
	}
}

// skip reads over a value as msgpack.Decoder.Skip does: to the same
// byte, or failing where it fails.
func FuzzWireSkip(f *testing.F) {
	for _, v := range []any{nil, 1, -70000, 1.5, "str", []byte{1, 2}, []any{1, []any{2, map[string]any{"a": nil}}},
		map[string]any{"x": []any{true, false}}, randomCont(rand.New(rand.NewPCG(5, 6)))} {
		b, err := msgpack.Marshal(v)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte{0xd4, 1, 2, 0xc7, 1, 9, 9, 0xd8, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		r := wireReader{b: b}
		err := r.skip()
		dec := msgpack.NewDecoder(bytes.NewReader(b))
		want := dec.Skip()
		rest := 0
		if want == nil {
			rest = dec.Buffered().(*bytes.Reader).Len()
		}
		if (err == nil) != (want == nil) || err == nil && r.left() != rest {
			t.Fatalf("% x: skip to byte %d (%v); msgpack leaves %d bytes (%v)", b, r.off, err, rest, want)
		}
	})
}
