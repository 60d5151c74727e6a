package reducer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Effect ops for what the table's effects do that the engine's own ops
// don't (range 260-279; table.go says when they are emitted).
const (
	// OpTable marks the effects the table supplied: the N effects that
	// follow it are the table's, not the rules'. It changes nothing.
	OpTable Op = 260
	// OpControl: Seat gains control of Obj (CR 108.4).
	OpControl Op = 261
	// OpTableToken: a token described by Facts is created on the
	// battlefield for Seat as object Obj.
	OpTableToken Op = 262
	// OpTableAbility: an ability of source To with text Name, controlled
	// by Seat and with Targets, goes on the stack as object Obj.
	OpTableAbility Op = 263
	// OpReveal: Obj is revealed to the players whose seat bits are set in
	// N (0: to everyone). It changes nothing.
	OpReveal Op = 264
	// OpPlayerCounter: N counters of Kind are added to Seat (negative:
	// removed), CR 122.1.
	OpPlayerCounter Op = 265
	// OpStackOrder: the stack becomes List, bottom first.
	OpStackOrder Op = 266
)

// (A card the table moves to exile face down is turned with the
// enablers' OpFaceDown.)

func init() {
	registerOp(OpTable, func(*State, *Effect) {})
	registerOp(OpReveal, func(*State, *Effect) {})
	registerOp(OpControl, func(s *State, e *Effect) { s.mustObj(e.Obj).Controller = e.Seat })
	registerOp(OpTableToken, func(s *State, e *Effect) {
		if e.Facts == nil || e.Obj != s.nextObjID() {
			panic("reducer: bad table token")
		}
		f := *e.Facts
		s.addObject(s.newObject(Object{ID: e.Obj, Def: factsDef(&f), Facts: &f, Owner: e.Seat, Controller: e.Seat,
			Zone: ZoneBattlefield, Token: true, Sick: true}), -1)
	})
	registerOp(OpTableAbility, func(s *State, e *Effect) {
		if e.Obj != s.nextObjID() || e.Name == "" {
			panic(fmt.Sprintf("reducer: table ability %s, next id is %s", e.Obj, s.nextObjID()))
		}
		src := s.Obj(e.To)
		o := s.newObject(Object{ID: e.Obj, Owner: e.Seat, Controller: e.Seat, Zone: ZoneStack, Source: e.To, Text: e.Name,
			Targets: slices.Clone(e.Targets)})
		if src != nil {
			o.Def = src.Def
			if o.Def == nil {
				o.Def = src.def()
			}
		}
		s.addObject(o, -1)
	})
	registerOp(OpPlayerCounter, func(s *State, e *Effect) {
		p := s.Players[e.Seat]
		p.Counters = addCounter(p.Counters, e.Kind, e.N)
	})
	registerOp(OpStackOrder, func(s *State, e *Effect) {
		if len(e.List) != len(s.Stack) {
			panic("reducer: stack order of the wrong size")
		}
		s.Stack = append(s.Stack[:0], e.List...)
	})

	extDescribe[OpTable] = func(s *State, e Effect) string {
		return fmt.Sprintf("the table's effects (%d) follow", e.N)
	}
	extDescribe[OpReveal] = func(s *State, e Effect) string {
		return "reveal " + descObj(s, e.Obj) + " to " + seatList(s, e.N)
	}
	extDescribe[OpControl] = func(s *State, e Effect) string {
		return s.playerID(e.Seat) + " gains control of " + descObj(s, e.Obj)
	}
	extDescribe[OpTableToken] = func(s *State, e Effect) string {
		name := "?"
		if e.Facts != nil {
			name = describeFacts(e.Facts)
		}
		return fmt.Sprintf("create token %s %s for %s", e.Obj, name, s.playerID(e.Seat))
	}
	extDescribe[OpTableAbility] = func(s *State, e Effect) string {
		line := fmt.Sprintf("put %s on the stack as %s: %q", abilityOf(s, e.To), e.Obj, e.Name)
		if len(e.Targets) > 0 {
			line += " targeting " + s.describeTargets(e.Targets)
		}
		return line
	}
	extDescribe[OpPlayerCounter] = func(s *State, e Effect) string {
		if e.N < 0 {
			return fmt.Sprintf("remove %d %s counter%s from %s", -e.N, e.Kind, plural(-e.N), s.playerID(e.Seat))
		}
		return fmt.Sprintf("put %d %s counter%s on %s", e.N, e.Kind, plural(e.N), s.playerID(e.Seat))
	}
	extDescribe[OpStackOrder] = func(s *State, e Effect) string {
		return "the stack becomes, bottom first: " + s.describeIDs(e.List, false)
	}
}

// abilityOf names an ability's source for people: "Test Bear's ability".
func abilityOf(s *State, src ObjID) string {
	if o := s.Obj(src); o != nil && o.Def != nil {
		return o.Def.Name + "'s ability (of " + src.String() + ")"
	}
	return "an ability of " + src.String()
}

// seatList names the players whose bits are set in mask; 0 is everyone.
func seatList(s *State, mask int) string {
	if mask == 0 {
		return "everyone"
	}
	var ids []string
	for i := range s.Players {
		if mask&(1<<i) != 0 {
			ids = append(ids, s.playerID(i))
		}
	}
	return strings.Join(ids, ", ")
}

// describeFacts is a described token for people: "Kraken 8/8 blue
// Creature — Kraken, hexproof".
func describeFacts(f *events.Characteristics) string {
	b := f.Name
	if f.Power != "" || f.Toughness != "" {
		b += " " + f.Power + "/" + f.Toughness
	}
	for _, c := range f.Colors {
		if col, ok := cards.ParseColor(c); ok {
			b += " " + colorWord(col.Letter())
		}
	}
	b += " " + strings.Join(append(slices.Clone(f.Supertypes), f.Types...), " ")
	if len(f.Subtypes) > 0 {
		b += " — " + strings.Join(f.Subtypes, " ")
	}
	if len(f.Keywords) > 0 {
		b += ", " + strings.ToLower(strings.Join(f.Keywords, ", "))
	}
	return b
}
