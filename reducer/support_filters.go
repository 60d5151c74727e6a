package reducer

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Filter facts the interpreter doesn't match yet: a filter ignoring one
// of them would accept too much, so an ability using one anywhere (a
// target, a trigger's subject, a static's spells) isn't supported.

var filterType = reflect.TypeOf(ability.Filter{})

// filterFacts reports the first filter fact of a the interpreter doesn't
// match, or "".
func filterFacts(a *ability.Ability) string {
	found := ""
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		if found != "" {
			return
		}
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		case reflect.Struct:
			if v.Type() == filterType {
				if f := v.Addr().Interface().(*ability.Filter); len(f.CastFrom) > 0 {
					found = "cast_from"
					return
				}
			}
			for i := 0; i < v.NumField(); i++ {
				walk(v.Field(i))
			}
		}
	}
	c := *a
	if st := c.Static; st != nil && st.Rule == ability.CantCast && st.Filter != nil {
		// Spells cast from zones can't be cast: castFromMatches
		// (interp_cant_enter.go).
		s, f := *st, *st.Filter
		f.CastFrom, s.Filter = nil, &f
		c.Static = &s
	}
	walk(reflect.ValueOf(&c).Elem())
	return found
}
