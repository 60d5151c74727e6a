package events

import (
	"reflect"
	"testing"
)

// Every field of every body written by hand is written: each field of
// each body in turn is filled, all the way down, with values that are not
// empty, and the body must be written by hand as the library writes it. A
// field added to a body and forgotten by the hand-written encoder would be
// dropped from the canonical bytes, and so from the log; this fails
// instead.
func TestEncodeFastWritesEveryField(t *testing.T) {
	byHand := 0
	for _, k := range Kinds() {
		whole, _ := NewBody(k)
		fillAll(reflect.ValueOf(whole).Elem(), 0)
		if k == KindSetup || k == KindMatchStarted {
			if _, ok := appendBodyFast(nil, whole); ok {
				t.Errorf("%s: written by hand, yet this test fills only the others' fields", k)
			}
			continue
		}
		byHand++
		n := reflect.ValueOf(whole).Elem().NumField()
		for i := 0; i < n; i++ {
			body, _ := NewBody(k)
			v := reflect.ValueOf(body).Elem()
			fillAll(v.Field(i), 0)
			if _, ok := appendBodyFast(nil, body); !ok {
				t.Errorf("%s with only %s set: not written by hand", k, v.Type().Field(i).Name)
				continue
			}
			sameEncoding(t, &Event{Match: "m-1", Seq: 7, Kind: k, Actor: "p1", Body: body})
		}
	}
	if byHand != len(Kinds())-2 {
		t.Errorf("%d kinds checked, want every kind but setup and match_started", byHand)
	}
}

// fillAll sets every settable field below v to a value that is not
// empty: strings "x", numbers 3, true, one-element slices and maps,
// allocated pointers.
func fillAll(v reflect.Value, depth int) {
	if depth > 6 {
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(3)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(3)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1.5)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fillAll(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fillAll(s.Index(0), depth+1)
		v.Set(s)
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			fillAll(v.Index(i), depth+1)
		}
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		key, val := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fillAll(key, depth+1)
		fillAll(val, depth+1)
		m.SetMapIndex(key, val)
		v.Set(m)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.CanSet() {
				fillAll(f, depth+1)
			}
		}
	}
}
