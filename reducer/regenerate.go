package reducer

// Regeneration (CR 701.19). "Regenerate" creates a shield: the next time
// the permanent would be destroyed this turn, instead it is tapped, all
// damage is removed from it and it is removed from combat (CR 701.19a,
// 506.4). Destruction is a destroy effect or the state-based action for
// lethal damage or deathtouch damage (CR 704.5g, 704.5h); a toughness of
// 0 or less (CR 704.5f), sacrifice and the legend rule aren't destruction,
// and indestructible permanents aren't destroyed at all, so their shields
// stay. Each shield replaces one destruction; shields not used end at the
// cleanup step (CR 514.2).

// Effect ops of regeneration (200-219: counters, regeneration and Auras).
const (
	OpRegenShield Op = 200 // Obj gets N regeneration shields (negative: N used)
	OpRegenerate  Op = 201 // Obj regenerates: a shield is used; it is tapped, its damage removed, it leaves combat
	OpEndShields  Op = 202 // every regeneration shield ends (cleanup)
)

func init() {
	registerOp(OpRegenShield, func(s *State, e *Effect) { s.mustObj(e.Obj).Regen += e.N })
	registerOp(OpRegenerate, func(s *State, e *Effect) {
		o := s.mustObj(e.Obj)
		o.Regen--
		o.Tapped, o.Damage, o.Deathtouched = true, 0, false
		o.Attacking, o.AttackingPW, o.Blocking, o.Blocked = 0, 0, 0, false
	})
	registerOp(OpEndShields, func(s *State, e *Effect) {
		for _, id := range s.Battlefield {
			s.Objects[id].Regen = 0
		}
	})
	extDescribe[OpRegenShield] = func(s *State, e Effect) string {
		return "regeneration shield on " + s.objName(e.Obj)
	}
	extDescribe[OpRegenerate] = func(s *State, e Effect) string {
		return s.objName(e.Obj) + " regenerates: tapped, damage removed, removed from combat (CR 701.19)"
	}
	extDescribe[OpEndShields] = func(s *State, e Effect) string { return "regeneration shields end" }
}

// regenerates replaces o's destruction with regeneration if o has a
// shield, and reports whether it did.
func (g *Game) regenerates(o *Object) bool {
	if o.Regen <= 0 {
		return false
	}
	g.emit(Effect{Op: OpRegenerate, Obj: o.ID})
	return true
}

// destroy destroys a permanent (CR 701.7): an indestructible one isn't
// (CR 702.12b), one with a regeneration shield regenerates instead.
func (g *Game) destroy(o *Object) { g.destroyMay(o, true) }

// destroyMay destroys a permanent that may regenerate only when regen:
// "It can't be regenerated" leaves its shields unused (CR 701.19c).
func (g *Game) destroyMay(o *Object, regen bool) {
	if o == nil || o.Zone != ZoneBattlefield || o.Has("Indestructible") || regen && g.regenerates(o) {
		return
	}
	g.move(o.ID, ZoneGraveyard, o.Owner, -1)
}

// endShields: unused regeneration shields end at cleanup.
func (g *Game) endShields() {
	for _, id := range g.S.Battlefield {
		if g.S.Objects[id].Regen > 0 {
			g.emit(Effect{Op: OpEndShields})
			return
		}
	}
}

// Regenerate gives a permanent a regeneration shield.
func (w *world) Regenerate(obj uint32) {
	if o := w.g.S.Obj(ObjID(obj)); o != nil && o.Zone == ZoneBattlefield {
		w.g.emit(Effect{Op: OpRegenShield, Obj: o.ID, N: 1})
	}
}
