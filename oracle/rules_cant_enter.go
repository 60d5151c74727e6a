package oracle

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Graveyard hate: cards that can't enter the battlefield from graveyards
// and libraries ("Creature cards in graveyards and libraries can't
// enter.", Grafdigger's Cage; a static Rule cant_enter whose Filter's
// AnyOf names the zones), spells that can't be cast from there ("Players
// can't cast spells from graveyards or libraries.": cant_cast of spells
// CastFrom those zones), and "If a nontoken creature would enter and it
// wasn't cast, exile it instead." (Containment Priest: an enters
// replacement to exile unless the entering object was cast, CR 614.1a).

// fromZones is a filter of objects in any of the zones.
func fromZones(zs ...ability.Zone) []ability.Filter {
	out := make([]ability.Filter, len(zs))
	for i, z := range zs {
		out[i] = ability.Filter{Zone: z}
	}
	return out
}

var (
	gyLib = fromZones(ability.ZoneGraveyard, ability.ZoneLibrary)
	gy    = fromZones(ability.ZoneGraveyard)
)

// cantStatics are the sentences and what they compile to.
var cantStatics = []struct {
	text string
	st   ability.StaticEffect
}{
	{"creature cards in graveyards and libraries can't enter", ability.StaticEffect{Rule: ability.CantEnter,
		Filter: &ability.Filter{Types: []string{"creature"}, AnyOf: gyLib}}},
	{"nonland permanent cards in graveyards and libraries can't enter", ability.StaticEffect{Rule: ability.CantEnter,
		Filter: &ability.Filter{Types: []string{"permanent"}, NotTypes: []string{"land"}, AnyOf: gyLib}}},
	{"permanent cards in graveyards can't enter", ability.StaticEffect{Rule: ability.CantEnter,
		Filter: &ability.Filter{Types: []string{"permanent"}, AnyOf: gy}}},
	{"players can't cast spells from graveyards or libraries", ability.StaticEffect{Rule: ability.CantCast, Player: "each",
		Filter: &ability.Filter{CastFrom: []ability.Zone{ability.ZoneGraveyard, ability.ZoneLibrary}}}},
	{"players can't cast noncreature spells from graveyards or exile", ability.StaticEffect{Rule: ability.CantCast, Player: "each",
		Filter: &ability.Filter{NotTypes: []string{"creature"}, CastFrom: []ability.Zone{ability.ZoneGraveyard, ability.ZoneExile}}}},
}

// notCastExiled is Containment Priest's replacement.
var notCastExiled = ability.ReplaceEffect{Event: ability.ReplEnters, Subject: &ability.Filter{Types: []string{"creature"}, Nontoken: true},
	To: ability.ZoneExile, Unless: &ability.Condition{Kind: ability.CondWasCast}}

func addCantEnter(g *grammar) {
	for _, c := range cantStatics {
		st := c.st
		g.add("static", c.text, func(v []any) any { s := st; return &s })
	}
	g.add("repl", "if a nontoken creature would enter and it wasn't cast , exile it instead .", func(v []any) any {
		r := notCastExiled
		return &r
	})
}

// printCantStatic prints a static of cantStatics.
func printCantStatic(s *ability.StaticEffect) (string, bool) {
	for _, c := range cantStatics {
		if reflect.DeepEqual(*s, c.st) {
			return w(c.text), true
		}
	}
	return "", false
}

// printNotCastExiled prints Containment Priest's replacement.
func printNotCastExiled(r *ability.ReplaceEffect) (string, bool) {
	if reflect.DeepEqual(*r, notCastExiled) {
		return w("if a nontoken creature would enter and it wasn't cast, exile it instead."), true
	}
	return "", false
}
