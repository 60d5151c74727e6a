package reducer

// Effect ops a setup needs to place what no rule of a game sets at once
// (range 300-319): ids left unused, a permanent's X, an attacker blocked
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
)

func init() {
	registerOp(OpSkipIDs, func(s *State, e *Effect) {
		if e.N < 1 {
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
	extDescribe[OpGameWins] = func(s *State, e Effect) string {
		return s.Players[e.Seat].ID + " has won " + itoa(e.N) + " game" + plural(e.N) + " of the match"
	}
}
