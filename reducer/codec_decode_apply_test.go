package reducer

import (
	"fmt"
	"slices"
	"strconv"
	"testing"
	"unsafe"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// A Folder reaches the state Game.Apply of the decoded effects reaches,
// input by input, over every fixture game; one Folder serves them all, as
// a fold's serves its matches.
func TestFolderIsApply(t *testing.T) {
	var f Folder
	for _, name := range []string{"bolt-race", "green-red", "discover", "populate", "adventure-enablers", "mana-abilities", "table-effects", "table-bowmasters"} {
		want, got := New(nil), New(nil)
		for i, effs := range fixtureEffects(t, name) {
			b := EncodeEffects(effs)
			decoded, err := DecodeEffects(b)
			if err != nil {
				t.Fatal(err)
			}
			want.Apply(decoded)
			if err := f.Apply(got, b); err != nil {
				t.Fatalf("%s input %d: %v", name, i+1, err)
			}
			if want.S.Digest() != got.S.Digest() {
				t.Fatalf("%s input %d: the folded state differs from the applied one", name, i+1)
			}
		}
	}
}

// The forms read in line take their numbers in every width msgpack has;
// the wider ones go the effectReader's way to the same state.
func TestFolderReadsWideForms(t *testing.T) {
	base := New(nil)
	for _, effs := range fixtureEffects(t, "bolt-race")[:3] {
		base.Apply(effs)
	}
	for _, b := range [][]byte{
		{0x92, 0x0f, 0x41, 0x01, 0x02, 0x10, 0xcd, 0x10, 0x00, 0x92, 0x01, 0x01},                   // priority, then a question
		{0x92, 0x0f, 0xcc, 0x41, 0xd0, 0x01, 0xd1, 0x00, 0x02, 0x10, 0xcd, 0x10, 0x00, 0x91, 0x01}, // the same, wide
		{0x91, 0x10, 0xce, 0x00, 0x00, 0x10, 0x00, 0x92, 0xcc, 0x01, 0xd0, 0x01},                   // a wide question
		{0x91, 0x0e, 0x61, 0x01, 0xcc, 0x05, 0xcd, 0x00, 0x03},                                     // a step, its numbers wide
		{0x91, 0x0f, 0x41, 0xff, 0x00},                                                             // priority to nobody
	} {
		want, got := base.Clone(), base.Clone()
		effs, err := DecodeEffects(b)
		if err != nil {
			t.Fatalf("% x: %v", b, err)
		}
		want.Apply(effs)
		var f Folder
		if err := f.Apply(got, b); err != nil {
			t.Fatalf("% x: %v", b, err)
		}
		if want.S.Digest() != got.S.Digest() {
			t.Fatalf("% x: the folded state differs from the applied one", b)
		}
	}
}

// Folding a pass's effects again and again allocates nothing.
func TestFolderAllocatesNothing(t *testing.T) {
	g := New(nil)
	for _, effs := range fixtureEffects(t, "bolt-race")[:3] {
		g.Apply(effs)
	}
	b := EncodeEffects([]Effect{
		{Op: OpPriority, Seat: 1, N: 1},
		{Op: OpStep, Seat: 1, Step: StepDraw, N: 3},
		{Op: OpAsk, Ask: &Question{Ask: AskPriority, Player: 1}},
	})
	var f Folder
	if n := testing.AllocsPerRun(100, func() {
		if err := f.Apply(g, b); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("%.1f allocations a fold of a pass, want 0", n)
	}
}

// FuzzFolderApply: on any bytes a Folder does what decoding and
// Game.Apply do: bytes that don't decode are an error (or, where an
// effect before the bad one doesn't fit, a panic), effects that don't fit
// the state a panic, and any others the same state.
func FuzzFolderApply(f *testing.F) {
	inputs := fixtureEffects(f, "bolt-race")
	base := New(nil)
	for _, effs := range inputs[:3] {
		base.Apply(effs)
	}
	for _, effs := range inputs[3:] {
		f.Add(EncodeEffects(effs))
	}
	var fold Folder
	f.Fuzz(func(t *testing.T, b []byte) {
		effs, decodeErr := DecodeEffects(b)
		want, got := base.Clone(), base.Clone()
		wantPanic := decodeErr == nil && panics(func() { want.Apply(effs) }) != nil
		var err error
		gotPanic := panics(func() { err = fold.Apply(got, b) })
		switch {
		case decodeErr != nil:
			if err == nil && gotPanic == nil {
				t.Fatalf("% x: folded, where decoding fails: %v", b, decodeErr)
			}
		case wantPanic != (gotPanic != nil):
			t.Fatalf("% x: Apply panics %v, the Folder %v (%v)", b, wantPanic, gotPanic, err)
		case wantPanic:
		case err != nil:
			t.Fatalf("% x: decodes, and the Folder fails: %v", b, err)
		case want.S.Digest() != got.S.Digest():
			t.Fatalf("% x: the folded state differs from the applied one", b)
		}
	})
}

// panics runs fn and returns what it panicked with, as an error; nil if
// it returned.
func panics(fn func()) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	fn()
	return nil
}

// A Folder's reader makes each name once: read again, a name is the same
// string; past maxNames, new names are still read, and not kept.
func TestFolderKeepsNames(t *testing.T) {
	r := effectReader{names: map[string]string{}}
	r.w = wireReader{b: []byte("\xa5Shock\xa5Shock")}
	if a, b := r.str(), r.str(); a != "Shock" || b != "Shock" || unsafe.StringData(a) != unsafe.StringData(b) {
		t.Fatalf("read %q and %q, apart", a, b)
	}
	for i := len(r.names); i < maxNames; i++ {
		r.names[strconv.Itoa(i)] = ""
	}
	r.w = wireReader{b: []byte("\xa3new")}
	if v := r.str(); v != "new" || len(r.names) != maxNames {
		t.Fatalf("read %q, kept %d names, want %d", v, len(r.names), maxNames)
	}
}

// A Folder keeps each listed card's definition by name and pool: folded
// over a game of another pool, the same list gives that pool's
// definitions, as Apply does.
func TestFolderCardsAreThePools(t *testing.T) {
	first := fixtureEffects(t, "bolt-race")[0]
	b := EncodeEffects(first)
	var f Folder
	for _, pool := range []*cards.Pool{nil, drivePool(), nil} {
		want, got := New(pool), New(pool)
		want.Apply(first)
		if err := f.Apply(got, b); err != nil {
			t.Fatal(err)
		}
		if len(got.S.Cards) < 2 || len(got.S.Cards) != len(want.S.Cards) {
			t.Fatalf("%d cards folded, %d applied", len(got.S.Cards), len(want.S.Cards))
		}
		for i := range want.S.Cards {
			if got.S.Cards[i] != want.S.Cards[i] {
				t.Fatalf("card %d: folded %+v, applied %+v", i, got.S.Cards[i], want.S.Cards[i])
			}
		}
	}
}

// A library's order is written in place, and an id of a form read only
// by the effectReader, past ids written already, leaves the whole effect
// to it: the same library either way.
func TestFolderOrdersLibraries(t *testing.T) {
	base := New(nil)
	for _, effs := range fixtureEffects(t, "green-red")[:3] {
		base.Apply(effs)
	}
	lib := base.S.Players[0].Library
	if len(lib) < 2 {
		t.Fatalf("a library of %d cards", len(lib))
	}
	for _, wideLast := range []bool{false, true} {
		b := []byte{0x91, byte(OpOrder), 0xcd, fList >> 8, 0, 0xdc, byte(len(lib) >> 8), byte(len(lib))}
		for i := range lib {
			id := lib[len(lib)-1-i] // reversed
			if wideLast && i == len(lib)-1 {
				b = append(b, 0xce, 0, 0, byte(id>>8), byte(id))
			} else {
				b = append(b, 0xcd, byte(id>>8), byte(id))
			}
		}
		effs, err := DecodeEffects(b)
		if err != nil {
			t.Fatal(err)
		}
		want, got := base.Clone(), base.Clone()
		want.Apply(effs)
		var f Folder
		if err := f.Apply(got, b); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.S.Players[0].Library, want.S.Players[0].Library) || want.S.Digest() != got.S.Digest() {
			t.Fatalf("wide last id %v: folded %v, applied %v", wideLast, got.S.Players[0].Library, want.S.Players[0].Library)
		}
	}
}
