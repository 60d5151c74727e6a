package reducer

import "github.com/chronicle-mtg/chronicle/reducer/cards"

// Effects that leave the state-based actions alone. The caches keyed on
// State.changes (the state-based actions found nothing, the legend rule,
// the static sources) are dropped by any effect but those keepsCaches
// names. In a plain position — no continuous effect, no static ability or
// characteristic-defining ability on the battlefield, nothing attached, no
// Aura or Saga, no emblem, no pending loss for an empty library — a
// permanent's characteristics are its card's, its counters and its pumps,
// and the state-based actions read those, damage, life, poison and where
// tokens and copies are. There these change nothing the caches hold:
// tapping and untapping, summoning sickness, a land played, a spell's
// choices, a shuffle, a step, attacks and blocks, triggered and activated
// abilities waiting, put on the stack and resolving, the mulligans before
// the game, a card moving between zones other than the battlefield, and a
// plain card entering it (quietEntry). Damage wearing off or pumps ending
// when no permanent has any change nothing anywhere. So the lands tapped
// for mana no longer make every permanent be asked again (CR 704.3 is
// still met: the actions are checked whenever they could apply).

// quietInPlain reports whether e is one of those effects and the position
// is plain.
func (s *State) quietInPlain(e *Effect) bool {
	if (e.Op == OpTap || e.Op == OpUntap) && s.tapBlind() { // sba_tapped.go
		return true
	}
	switch e.Op {
	case OpClearDamage:
		return !s.anyDamage() // wearing off nothing changes nothing
	case OpEndPumps:
		return !s.anyPumps()
	case OpTap, OpUntap, OpSick, OpLandPlayed, OpSpell, OpOrder, OpStep, OpAttack, OpBlock,
		OpMulligan, OpKeep, OpDecided, OpTrigger, OpPutTrigger, OpAbility, OpRequeue, OpMayCast, OpResolveStep:
	case OpMove:
		if int(e.Obj) >= len(s.Objects) {
			return false
		}
		o := s.Objects[e.Obj]
		if o == nil || o.Card == 0 || o.Token || o.Copy || o.Zone == ZoneBattlefield {
			return false
		}
		if e.Zone == ZoneBattlefield && !quietEntry(o) {
			return false
		}
	default:
		return false
	}
	return s.plain()
}

// quietEntry reports whether card o entering the battlefield leaves the
// state-based actions and the legend rule as they were in a plain
// position: it is plain itself (no static or characteristic-defining
// ability, no Aura, Saga or Equipment, one face), neither legendary nor of
// another supertype with a rule (world), not a planeswalker or a battle,
// and a creature only with a printed toughness above 0. It enters with no
// damage and no counters (counters it gets are effects of their own). The
// static sources are listed again all the same (State.placed): it may
// have triggered or mana abilities.
func quietEntry(o *Object) bool {
	d := o.Def
	if d == nil || o.Face != "" || len(d.Faces) > 0 || d.Levels != nil || !plainCard(d) {
		return false
	}
	for _, st := range d.Supertypes {
		if st != "Basic" && st != "Snow" {
			return false
		}
	}
	for _, t := range d.Types {
		switch t {
		case "Land", "Artifact", "Enchantment":
		case "Creature":
			if _, tough, ok := d.PT(); !ok || tough <= 0 {
				return false
			}
		default:
			return false
		}
	}
	for _, st := range d.Subtypes {
		if st == "Aura" || st == "Saga" || st == "Equipment" {
			return false
		}
	}
	return true
}

// anyDamage reports whether a permanent has damage marked or was dealt
// damage by a source with deathtouch.
func (s *State) anyDamage() bool {
	for _, id := range s.Battlefield {
		if o := s.Objects[id]; o.Damage != 0 || o.Deathtouched {
			return true
		}
	}
	return false
}

// anyPumps reports whether a permanent has an until-end-of-turn pump.
func (s *State) anyPumps() bool {
	for _, id := range s.Battlefield {
		if o := s.Objects[id]; o.PumpP != 0 || o.PumpT != 0 {
			return true
		}
	}
	return false
}

// plain reports whether the position is plain (see above).
//
// It is worked out once each time the static sources are listed again:
// every effect that could make a position plain or not (a continuous
// effect, an emblem, a loss, an attempt to draw from an empty library, a
// permanent entering or leaving) has them listed again.
func (s *State) plain() bool {
	ss := s.sources()
	if !ss.plainKnown {
		ss.plain, ss.plainKnown = s.plainNow(ss), true
	}
	return ss.plain
}

// plainNow works plain out.
func (s *State) plainNow(ss *staticSources) bool {
	if len(s.Continuous) > 0 {
		return false
	}
	for _, p := range s.Players {
		if len(p.Command) > 0 || p.DrewEmpty && !p.Lost {
			return false
		}
	}
	return s.plainBattlefield(ss)
}

// plainBattlefield reports whether no permanent has a static ability, a
// characteristic-defining ability, an attachment, or is an Aura or a Saga.
// The sources' list found out as it was made (listSources).
func (s *State) plainBattlefield(ss *staticSources) bool {
	return len(ss.coded) == 0 && len(ss.lang) == 0 && ss.plainCards
}

// plainCard reports whether card d has no static ability (of its code or
// of the language), no characteristic-defining ability, no Aura code and
// no chapter abilities.
func plainCard(d *cards.Card) bool {
	if len(d.StaticsOf()) > 0 || d.CDA() != nil || d.AuraOf() != nil {
		return false
	}
	lc := langOf(d)
	return lc == nil || len(lc.statics) == 0 && lc.chapters == 0
}
