package oracle

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// merge combines two partial filters that must both hold. Lists are
// joined (a list field is "any of", so two lists of the same field can't
// both be meant: that merge fails), flags ored, single values must agree.
// It returns nil when they conflict.
func merge(a, b *ability.Filter) *ability.Filter {
	if a == nil {
		return clone(b)
	}
	if b == nil {
		return clone(a)
	}
	out := clone(a)
	ov := reflect.ValueOf(out).Elem()
	bv := reflect.ValueOf(b).Elem()
	for i := 0; i < ov.NumField(); i++ {
		of, bf := ov.Field(i), bv.Field(i)
		if bf.IsZero() {
			continue
		}
		switch {
		case of.IsZero():
			of.Set(bf)
		case of.Kind() == reflect.Bool:
		case of.Kind() == reflect.Slice && isNegList(ov.Type().Field(i).Name):
			of.Set(reflect.AppendSlice(of, bf))
		default:
			if !reflect.DeepEqual(of.Interface(), bf.Interface()) {
				return nil
			}
		}
	}
	return out
}

// isNegList: lists whose entries all must hold ("not any of"), so two of
// them join.
func isNegList(field string) bool {
	switch field {
	case "NotTypes", "NotSupertypes", "NotSubtypes", "NotColors", "NotKeywords", "Not":
		return true
	}
	return false
}

func clone(f *ability.Filter) *ability.Filter {
	if f == nil {
		return nil
	}
	c := *f
	return &c
}

// both makes "artifact creature": both types. Types is "any of", so the
// first type goes in a one-entry AnyOf.
func both(first, second string) *ability.Filter {
	return &ability.Filter{Types: []string{second}, AnyOf: []ability.Filter{{Types: []string{first}}}}
}
