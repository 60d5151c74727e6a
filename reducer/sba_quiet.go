package reducer

// Effects that leave the state-based actions alone. The caches keyed on
// State.changes (the state-based actions found nothing, the legend rule,
// the static sources) are dropped by any effect but those keepsCaches
// names. In a plain position — no continuous effect, no static ability or
// characteristic-defining ability on the battlefield, nothing attached, no
// Aura or Saga, no emblem, no pending loss for an empty library — a
// permanent's characteristics are its card's, its counters and its pumps,
// and the state-based actions read those, damage, life, poison and where
// tokens and copies are. There, tapping, untapping, summoning sickness, a
// land played, a spell's choices, a shuffle, a step, attacks and blocks,
// and a card moving between zones other than the battlefield change
// nothing the caches hold: the lands tapped for mana no longer make every
// permanent be asked again (CR 704.3 is still met: the actions are checked
// whenever they could apply).

// quietInPlain reports whether e is one of those effects and the position
// is plain.
func (s *State) quietInPlain(e *Effect) bool {
	switch e.Op {
	case OpTap, OpUntap, OpSick, OpLandPlayed, OpSpell, OpOrder, OpStep, OpAttack, OpBlock:
	case OpMove:
		if int(e.Obj) >= len(s.Objects) {
			return false
		}
		o := s.Objects[e.Obj]
		if o == nil || o.Card == 0 || o.Token || o.Copy || o.Zone == ZoneBattlefield || e.Zone == ZoneBattlefield {
			return false
		}
	default:
		return false
	}
	return s.plain()
}

// plain reports whether the position is plain (see above).
func (s *State) plain() bool {
	if len(s.Continuous) > 0 {
		return false
	}
	for _, p := range s.Players {
		if len(p.Command) > 0 || p.DrewEmpty && !p.Lost {
			return false
		}
	}
	ss := s.sources()
	if !ss.plainKnown {
		ss.plain, ss.plainKnown = s.plainBattlefield(ss), true
	}
	return ss.plain
}

// plainBattlefield reports whether no permanent has a static ability, a
// characteristic-defining ability, an attachment, or is an Aura or a Saga.
func (s *State) plainBattlefield(ss *staticSources) bool {
	if len(ss.coded) > 0 || len(ss.lang) > 0 {
		return false
	}
	for _, id := range s.Battlefield {
		o := s.Objects[id]
		if o == nil || o.AttachedTo != 0 {
			return false
		}
		d := o.def()
		if d == nil || len(d.StaticsOf()) > 0 || d.CDA() != nil || d.AuraOf() != nil {
			return false
		}
		if lc := langOf(d); lc != nil && (len(lc.statics) > 0 || lc.chapters > 0) {
			return false
		}
	}
	return true
}
