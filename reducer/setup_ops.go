package reducer

import "slices"

// Effect ops a setup needs to place what no rule of a game sets at once
// (ranges 300-309 and 320-329; 310 is the Class level's): ids left unused, a permanent's X, an attacker blocked
// with its blockers gone, spells cast and games won so far.
const (
	// OpSkipIDs: the next object gets id N. Ids below N that no object has
	// are left unused; ids from N on must have no object (a setup's new
	// game has none), and are given anew.
	OpSkipIDs Op = 300
	// OpSetX: permanent Obj's X is N; Kind "cast": it was a spell its
	// controller cast (Object.Cast).
	OpSetX Op = 301
	// OpBlocked: attacker Obj is blocked (CR 509.1h).
	OpBlocked Op = 302
	// OpSpellsCast: Seat has cast N spells this turn.
	OpSpellsCast Op = 303
	// OpGameWins: Seat has won N games of the match.
	OpGameWins Op = 304
	// OpStackObject: a stack object Obj that is no card goes on the
	// stack, controlled by Seat: Kind "copy", a copy of the spell card
	// Name; "ability" or "trigger", ability N of the card Name from source
	// To (which may be gone), with its source's LKI and, for a trigger,
	// its event (Event, EventSeat, EventLKI).
	OpStackObject Op = 305
	// OpStackFacts: stack object Obj has face Kind, X = N, Targets, and
	// was cast from Zone (none: a hand). Unlike OpSpell it counts no
	// spell cast.
	OpStackFacts Op = 306
	// OpTimestamp: the last timestamp given out is N (CR 613.7).
	OpTimestamp Op = 307
	// OpSetMelded: permanent Obj is melded with Card, its second card
	// (CR 712.4).
	OpSetMelded Op = 308
	// OpTurnFacts: Seat's facts of this turn: Ints [cards drawn,
	// noncreature spells cast, a permanent it controlled left the
	// battlefield (1)].
	OpTurnFacts Op = 309
	// OpObjectFacts: Obj's Ints [class level, mana spent to cast it, its
	// colours as bits].
	OpObjectFacts Op = 320
)

func init() {
	registerOp(OpSkipIDs, func(s *State, e *Effect) {
		if e.N < 1 || e.N > maxSetupID+1 {
			panic("reducer: skip ids to " + itoa(e.N))
		}
		if len(s.Objects) == 0 {
			s.Objects = append(s.Objects, nil)
		}
		for i := e.N; i < len(s.Objects); i++ {
			if s.Objects[i] != nil {
				panic("reducer: ids from " + itoa(e.N) + " on are given anew, but o" + itoa(i) + " exists")
			}
		}
		s.Objects = s.Objects[:min(e.N, len(s.Objects))]
		for len(s.Objects) < e.N {
			s.Objects = append(s.Objects, nil)
		}
	})
	registerOp(OpSetX, func(s *State, e *Effect) {
		o := s.mustObj(e.Obj)
		o.X, o.Cast = e.N, e.Kind == "cast"
	})
	registerOp(OpBlocked, func(s *State, e *Effect) { s.mustObj(e.Obj).Blocked = true })
	registerOp(OpSpellsCast, func(s *State, e *Effect) { s.Players[e.Seat].Spells = e.N })
	registerOp(OpGameWins, func(s *State, e *Effect) { s.GameWins[e.Seat] = e.N })
	registerOp(OpStackObject, func(s *State, e *Effect) {
		def, ok := s.effectDef(e) // Facts: of a token the table described
		if !ok || e.Obj != s.nextObjID() {
			panic("reducer: bad stack object " + e.Obj.String() + " of " + e.Name)
		}
		o := s.newObject(Object{ID: e.Obj, Def: def, Owner: e.Seat, Controller: e.Seat, Zone: ZoneStack})
		switch e.Kind {
		case "copy":
			o.Copy = true
		case "ability":
			o.Ability, o.Source = e.N+1, e.To
		case "trigger":
			o.Trigger, o.Source, o.Event, o.EventSeat = e.N+1, e.To, e.Event, e.EventSeat
			if e.EventLKI != nil {
				l := e.EventLKI.clone()
				o.EventLKI = &l
			}
		default:
			panic("reducer: stack object of kind " + e.Kind)
		}
		if e.LKI != nil {
			l := e.LKI.clone()
			o.LKI = &l
		}
		s.addObject(o, -1)
	})
	registerOp(OpStackFacts, func(s *State, e *Effect) {
		o := s.mustObj(e.Obj)
		o.X, o.Face, o.Targets, o.CastFrom = e.N, e.Kind, slices.Clone(e.Targets), e.Zone
	})
	registerOp(OpTimestamp, func(s *State, e *Effect) { s.Timestamp = e.N })
	registerOp(OpSetMelded, func(s *State, e *Effect) { s.mustObj(e.Obj).Melded = e.Card })
	registerOp(OpTurnFacts, func(s *State, e *Effect) {
		p := s.Players[e.Seat]
		p.Drawn, p.Noncreature, p.Left = e.Ints[0], e.Ints[1], e.Ints[2] == 1
	})
	registerOp(OpObjectFacts, func(s *State, e *Effect) {
		o := s.mustObj(e.Obj)
		o.ClassLevel, o.Spent, o.SpentColors = e.Ints[0], e.Ints[1], e.Ints[2]
		o.Uncounterable = len(e.Ints) > 3 && e.Ints[3] != 0 // interp_chosen_type.go
	})

	extDescribe[OpSkipIDs] = func(s *State, e Effect) string {
		return "the next object is o" + itoa(e.N)
	}
	extDescribe[OpSetX] = func(s *State, e Effect) string {
		line := s.objName(e.Obj) + " has X = " + itoa(e.N)
		if e.Kind == "cast" {
			line += ", a spell cast"
		}
		return line
	}
	extDescribe[OpBlocked] = func(s *State, e Effect) string { return s.objName(e.Obj) + " is blocked" }
	extDescribe[OpSpellsCast] = func(s *State, e Effect) string {
		return s.Players[e.Seat].ID + " has cast " + itoa(e.N) + " spell" + plural(e.N) + " this turn"
	}
	extDescribe[OpStackObject] = func(s *State, e Effect) string {
		if e.Kind == "copy" {
			return "a copy of " + e.Name + " goes on the stack as " + e.Obj.String() + " for " + s.Players[e.Seat].ID
		}
		return e.Kind + " " + itoa(e.N) + " of " + e.Name + " (source " + e.To.String() + ") goes on the stack as " + e.Obj.String() + " for " + s.Players[e.Seat].ID
	}
	extDescribe[OpStackFacts] = func(s *State, e Effect) string {
		line := s.objName(e.Obj) + " has X = " + itoa(e.N)
		if e.Kind != "" {
			line += ", face " + e.Kind
		}
		if len(e.Targets) > 0 {
			line += ", targets " + targetsString(s, e.Targets)
		}
		return line
	}
	extDescribe[OpSetMelded] = func(s *State, e Effect) string {
		return s.objName(e.Obj) + " is melded with " + e.Card.String()
	}
	extDescribe[OpTurnFacts] = func(s *State, e Effect) string {
		return s.Players[e.Seat].ID + " this turn: cards drawn, noncreature spells, left the battlefield " + intsString(e.Ints)
	}
	extDescribe[OpObjectFacts] = func(s *State, e Effect) string {
		return s.objName(e.Obj) + ": class level, mana spent, its colours " + intsString(e.Ints)
	}
	extDescribe[OpTimestamp] = func(s *State, e Effect) string { return "the last timestamp is " + itoa(e.N) }
	extDescribe[OpGameWins] = func(s *State, e Effect) string {
		return s.Players[e.Seat].ID + " has won " + itoa(e.N) + " game" + plural(e.N) + " of the match"
	}
}
