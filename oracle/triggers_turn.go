package oracle

import (
	"reflect"
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Triggers on the Nth spell of a turn (CR 603.2): "Whenever you cast your
// second spell each turn" (flurry), "your fourth noncreature spell each
// turn"; and a Vehicle that becomes a creature by its own trigger ("you
// may have ~ become an artifact creature until end of turn", as crew
// does, CR 702.122a).

func addTurnTriggers(g *grammar) {
	for n, ord := range ordinals {
		if n < 2 {
			continue
		}
		g.add("trig", "whenever you cast your "+ord+" <desc> each turn", func(v []any) any {
			f := spellFilter(filt(v[0]))
			if f == nil {
				return nil
			}
			if reflect.DeepEqual(*f, ability.Filter{}) {
				f = nil
			}
			return &ability.Trigger{Event: ability.Cast, Player: "you", Subject: f, Nth: n}
		})
	}
	// Vengevine's older wording of the same: "Whenever you cast a spell,
	// if it's the second creature spell you cast this turn".
	for n, ord := range ordinals {
		if n < 2 {
			continue
		}
		g.add("trig", "whenever you cast a spell , if it's the "+ord+" <desc> you cast this turn", func(v []any) any {
			f := spellFilter(filt(v[0]))
			if f == nil || reflect.DeepEqual(*f, ability.Filter{}) {
				return nil
			}
			return &ability.Trigger{Event: ability.Cast, Player: "you", Subject: f, Nth: n}
		})
	}
	animate := func(sub *ability.Selector, optional bool) []ability.Effect {
		return one(ability.Effect{Verb: ability.Pump, Object: sub, Mods: &ability.Mods{Types: []string{"artifact", "creature"}},
			Duration: ability.EndOfTurn, Optional: optional})
	}
	g.add("eff", "<obj1> becomes an artifact creature until end of turn", func(v []any) any { return animate(sel(v[0]), false) })
	g.add("eff", "you may have <obj1> become an artifact creature until end of turn", func(v []any) any { return animate(sel(v[0]), true) })
}

// printTurnTrigger prints the triggers of addTurnTriggers, or "".
func printTurnTrigger(t *ability.Trigger) string {
	if t.Event != ability.Cast || t.Nth < 2 || t.Player != "you" || t.Self || t.AlsoSelf || t.Limit != nil || len(t.Or) > 0 {
		return ""
	}
	g := ability.Filter{Zone: ability.ZoneStack}
	if t.Subject != nil {
		g = *t.Subject
		g.Zone = ability.ZoneStack
	}
	if len(g.Types) == 0 && len(g.Subtypes) == 0 && len(g.AnyOf) == 0 {
		g.Types = []string{"spell"}
	}
	s := w("whenever you cast your") + w(ordinal(t.Nth)) + printDesc(&g, "spell") + w("each turn")
	if t.Subject != nil {
		s = alt(s, w("whenever you cast a spell, if it's the")+w(ordinal(t.Nth))+printDesc(&g, "spell")+w("you cast this turn"))
	}
	return s
}

// printBecomeArtifactCreature prints "~ becomes an artifact creature until
// end of turn", or "".
func printBecomeArtifactCreature(a *pctx, e *ability.Effect) string {
	m := e.Mods
	if e.Verb != ability.Pump || m == nil || e.Duration != ability.EndOfTurn ||
		!reflect.DeepEqual(*m, ability.Mods{Types: m.Types}) || !slices.Equal(m.Types, []string{"artifact", "creature"}) {
		return ""
	}
	if e.Optional {
		return w("have") + printSel(a, e.Object) + w("become an artifact creature until end of turn")
	}
	return printSel(a, e.Object) + w("becomes an artifact creature until end of turn")
}
