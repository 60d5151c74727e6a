package replay

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// What is under way in a position, as a setup places it: the stack,
// waiting triggers, the question pending, continuous effects.

// buildUnderWay fills b's stack, triggers, pending question and continuous
// effects from s.
func buildUnderWay(b *events.Setup, s *reducer.State, nms []*namer) {
	for _, id := range s.Stack {
		b.Stack = append(b.Stack, stackObjectOf(s, s.Obj(id), nms))
	}
	for _, t := range s.Triggers {
		wt := events.WaitingTrigger{Source: ref(t.Source), Card: t.Def.Name, Index: t.Index, Controller: s.Players[t.Controller].ID,
			LKI: *lkiOf(&t.LKI), Event: ref(t.Event), EventLKI: lkiOf(t.EventLKI),
			Characteristics: describedSource(t.Def)} // setupgen_later.go
		if t.Event != 0 || t.EventSeat != 0 {
			wt.EventPlayer = s.Players[t.EventSeat].ID
		}
		b.Triggers = append(b.Triggers, wt)
	}
	if q := s.Pending; q.Ask != reducer.AskPriority && !s.GameOver { // a game that is over asks nothing
		p := &events.Pending{Ask: q.Ask.String(), Random: q.Random, Resolving: ref(q.Resolving), N: q.N, Max: q.Max,
			Prompt: q.Prompt, What: q.What, Options: slices.Clone(q.Options)}
		if q.Player >= 0 {
			p.Player = s.Players[q.Player].ID
		}
		if q.Of != 0 {
			p.Of = s.Players[q.Of].ID
		}
		b.Pending = p
	}
	for _, c := range s.Continuous {
		e := events.SetupEffect{Timestamp: c.Timestamp, Source: ref(c.Source), Controller: s.Players[c.Controller].ID, Until: c.Until,
			Supertypes: slices.Clone(c.AddSupertypes), Subtypes: slices.Clone(c.AddSubtypes), Keywords: slices.Clone(c.AddKeywords),
			AnyColorMana: c.AnyColorMana, Power: c.P, Toughness: c.T, Rule: c.Rule}
		for _, id := range c.Objects {
			e.Objects = append(e.Objects, ref(id))
		}
		if t := c.Table; t != nil {
			e.Grants = &events.Grants{Types: slices.Clone(t.Types), Colors: letters(t.Colors), Abilities: slices.Clone(t.Abilities)}
		}
		if bc := c.Becomes; bc != nil {
			e.Becomes = &events.Becomes{Types: slices.Clone(bc.Types), AllCreatureTypes: bc.AllCreatureTypes, SetColors: bc.SetColors,
				Colors: letters(bc.Colors), SetPT: bc.SetPT, Power: bc.P, Toughness: bc.T, Rules: slices.Clone(bc.Rules)}
			for _, gr := range bc.Grants {
				e.Becomes.Granted = append(e.Becomes.Granted, events.GrantedAbility{Card: gr.Card, N: gr.K})
			}
		}
		b.Continuous = append(b.Continuous, e)
	}
	if s.Timestamp != 0 {
		b.Timestamp = s.Timestamp
	}
	if d := s.Discovery; d != nil {
		x := &events.Discovery{Resolving: ref(d.Resolving), Player: s.Players[d.Seat].ID, N: d.N, Card: ref(d.Card), Cascade: d.Cascade}
		for _, id := range d.Rest {
			x.Rest = append(x.Rest, ref(id))
		}
		b.Discovery = x
	}
}

// stackObjectOf is a stack object as a setup places it.
func stackObjectOf(s *reducer.State, o *reducer.Object, nms []*namer) events.StackObject {
	so := events.StackObject{ID: ref(o.ID), Controller: s.Players[o.Controller].ID, Face: o.Face, X: o.X, Kicked: o.Kicked, Kicks: o.Kicks,
		CastWith: o.CastWith, Times: o.Times, LKI: lkiOf(o.LKI), EventLKI: lkiOf(o.EventLKI), Spent: o.Spent, SpentColors: o.SpentColors,
		Uncounterable: o.Uncounterable}
	if o.CastFrom != reducer.ZoneNone {
		so.CastFrom = o.CastFrom.String()
	}
	for _, t := range o.Targets {
		so.Targets = append(so.Targets, targetRef(s, t))
	}
	switch {
	case o.Text != "":
		so.Text, so.Source = o.Text, ref(o.Source)
	case o.Ability > 0:
		n := o.Ability - 1
		so.Ability, so.Source, so.Card, so.Characteristics = &n, ref(o.Source), o.Def.Name, describedSource(o.Def)
	case o.Trigger > 0:
		n := o.Trigger - 1
		so.Trigger, so.Source, so.Card, so.Event = &n, ref(o.Source), o.Def.Name, ref(o.Event)
		so.Characteristics = describedSource(o.Def)
		if o.Event != 0 || o.EventSeat != 0 {
			so.EventPlayer = s.Players[o.EventSeat].ID
		}
	case o.Card == 0:
		so.Copy = o.Def.Name
	default:
		so.Spell = nms[o.Owner].ref(o.ID)
		if o.Owner != o.Controller {
			so.Owner = s.Players[o.Owner].ID
		}
	}
	so.Choices, so.Progress = langFields(s, o)
	if o.Lang != nil && so.Choices == nil {
		so.Choices = &events.Choices{Modes: []int{}, Slots: []int{}}
	}
	return so
}

// ref is an object's id as a reference, or "" for none.
func ref(id reducer.ObjID) events.Ref {
	if id == 0 {
		return ""
	}
	return events.Ref(id.String())
}

// targetRef is a target as a setup names it: an object's id, a player's
// id, "-" for none.
func targetRef(s *reducer.State, t reducer.Target) events.Ref {
	switch {
	case t.Obj != 0:
		return events.Ref(reducer.ObjID(t.Obj).String())
	case t.Player >= 0 && t.Player < len(s.Players):
		return events.Ref(s.Players[t.Player].ID)
	}
	return "-"
}

func lkiOf(l *reducer.LKI) *events.LKI {
	if l == nil {
		return nil
	}
	out := &events.LKI{Power: l.Power, Toughness: l.Toughness, X: l.X, Cast: l.Cast, Moved: ref(l.Moved), Spent: l.Spent}
	if l.Card != 0 {
		out.Card = events.Ref(l.Card.String())
	}
	for _, c := range l.Counters {
		if out.Counters == nil {
			out.Counters = events.Counters{}
		}
		out.Counters[c.Kind] = c.N
	}
	return out
}

func letters(cs []cards.Color) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Letter())
	}
	return out
}

// langFields are an object's language choices (nil: no modes or slots)
// and progress (nil: none).
func langFields(s *reducer.State, o *reducer.Object) (*events.Choices, *events.Progress) {
	var c *events.Choices
	if l := o.Lang; l != nil && len(l.Modes)+len(l.Slots) > 0 {
		c = &events.Choices{Modes: slices.Clone(l.Modes), Slots: slices.Clone(l.Slots)}
		if c.Modes == nil {
			c.Modes = []int{}
		}
		if c.Slots == nil {
			c.Slots = []int{}
		}
	}
	if o.Step == 0 && (o.Lang == nil || len(o.Lang.Pc) == 0 && len(o.Lang.Bound) == 0) {
		return c, nil
	}
	p := &events.Progress{Step: o.Step}
	if l := o.Lang; l != nil {
		p.Pc = slices.Clone(l.Pc)
		for _, bd := range l.Bound {
			eb := events.Binding{Name: bd.Name, Text: bd.Text, Did: bd.Did}
			for _, t := range bd.Items {
				eb.Items = append(eb.Items, targetRef(s, t))
			}
			p.Bound = append(p.Bound, eb)
		}
	}
	return c, p
}
