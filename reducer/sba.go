package reducer

import "slices"

// State-based actions (CR 704) and the end of a game and of the match.

// settle runs state-based actions until none apply (CR 704.3), then ends
// the game when one player is left.
func (g *Game) settle() {
	s := g.S
	// Most inputs change nothing the state-based actions read: the check
	// of their cache (stateBasedActions') is made here, without a call.
	for !s.GameOver && (s.sbaClean != s.changes+1 || checkCaches) && g.stateBasedActions() {
	}
	if s.overClean != s.changes+1 || checkCaches {
		g.checkGameOver() // unless no player lost since it last found the game going on
	}
}

// stateBasedActions performs every applicable state-based action at once
// and reports whether any did.
func (g *Game) stateBasedActions() bool {
	s := g.S
	if s.sbaClean == s.changes+1 {
		if checkCaches {
			g.checkNoStateBasedActions() // cache_check.go
		}
		return false // nothing they read has changed since they last found nothing
	}
	if g.stateBasedScan() {
		return true
	}
	s.sbaClean = s.changes + 1
	return false
}

// stateBasedScan performs the state-based actions that apply now.
func (g *Game) stateBasedScan() bool {
	s := g.S
	acted := false
	if g.drewEmptyLosses() { // CR 704.5b (sba_draw.go)
		acted = true
	}
	for i, p := range s.Players {
		if !p.Lost && p.Life <= 0 {
			g.emit(Effect{Op: OpLose, Seat: i, Kind: "life total 0 or less (CR 704.5a)"})
			acted = true
		} else if !p.Lost && len(p.Counters) > 0 && p.counterOf("poison") >= 10 {
			g.emit(Effect{Op: OpLose, Seat: i, Kind: "ten or more poison counters (CR 704.5c)"})
			acted = true
		}
	}
	var dying []ObjID
	printed := !s.sources().typing // the creatures listed are all there are (printedOr)
	for _, id := range s.printedOr(s.sources().creatures) {
		o := s.Objects[id]
		if !printed && !o.Is("Creature") {
			continue
		}
		t := o.Toughness()
		switch {
		case t <= 0: // CR 704.5f
			dying = append(dying, id)
		case (o.Damage >= t || o.Deathtouched && o.Damage > 0) && !o.Has("Indestructible"): // CR 704.5g, 704.5h, 702.12b
			if g.regenerates(o) { // CR 701.19 (regenerate.go)
				acted = true
				continue
			}
			dying = append(dying, id)
		}
	}
	for _, id := range g.planeswalkersOutOfLoyalty() { // CR 704.5i
		if !slices.Contains(dying, id) {
			dying = append(dying, id)
		}
	}
	for _, id := range g.finishedSagas() { // CR 704.5s (interp_saga.go)
		if !slices.Contains(dying, id) {
			dying = append(dying, id)
		}
	}
	for _, id := range g.illegalAuras() { // CR 704.5m (aura.go)
		if !slices.Contains(dying, id) {
			dying = append(dying, id)
		}
	}
	for _, id := range dying {
		g.move(id, ZoneGraveyard, s.Objects[id].Owner, -1)
		acted = true
	}
	if g.annihilateCounters() { // CR 704.5q (wither.go)
		acted = true
	}
	if g.unattachEquipment() { // CR 704.5n (interp_attach.go)
		acted = true
	}
	if s.specials == 0 {
		return acted // no token or copy exists: nothing can vanish
	}
	if checkCaches {
		s.checkSpecialIDs() // cache_check.go
	}
	// In id order, as the objects are; an id whose object has left is
	// dropped from the list.
	kept := s.specialIDs[:0]
	for _, id := range s.specialIDs {
		o := s.Objects[id]
		if o == nil || !o.special() {
			continue
		}
		kept = append(kept, id)
		if o.Token && o.Zone != ZoneBattlefield && o.Zone != ZoneStack && !isEmblem(o) { // interp_emblem.go
			g.emit(Effect{Op: OpVanish, Obj: id}) // CR 704.5d
			acted = true
		} else if o.isSpellCopy() && o.Zone != ZoneStack {
			g.emit(Effect{Op: OpVanish, Obj: id}) // CR 704.5e (ADV-10)
			acted = true
		}
	}
	s.specialIDs = kept
	return acted
}

// printedOr returns the permanents printed with a card type (a list of the
// static sources: walkers, auras, creatures), the only ones of that type
// unless a continuous effect gives some permanent a type (Object.Is);
// then the battlefield. The state-based actions of planeswalkers, Auras
// and creatures ask only these.
func (s *State) printedOr(printed []ObjID) []ObjID {
	if s.sources().typing {
		return s.Battlefield
	}
	return printed
}

// checkGameOver ends the game when at most one player hasn't lost (CR
// 104.2a), and then the match, or starts the next game: the loser of the
// game chooses whether to play first (CR 103.1c).
func (g *Game) checkGameOver() {
	s := g.S
	if s.GameOver || len(s.Players) == 0 {
		return
	}
	left, winner := 0, -1
	for i, p := range s.Players {
		if !p.Lost {
			left++
			winner = i
		}
	}
	if left > 1 {
		s.overClean = s.changes + 1
		return
	}
	if checkCaches && s.overClean == s.changes+1 {
		panic("reducer: the game was cached as going on, yet at most one player is left")
	}
	if left == 0 {
		winner = -1
	}
	g.emit(Effect{Op: OpPriority, Seat: -1})
	g.emit(Effect{Op: OpGameOver, Seat: winner})
	// A drawn game doesn't count towards the wins the match needs (MTR
	// 2.1): a third game after a draw and a 1-0, a fourth after a draw
	// and a 1-1. The match ends drawn only when as many games as it has
	// were decided and nobody has the wins.
	need, decided := s.BestOf/2+1, 0
	for _, w := range s.GameWins {
		decided += w
	}
	if winner >= 0 && s.GameWins[winner] >= need || decided >= s.BestOf {
		g.emit(Effect{Op: OpMatchOver})
		g.ask(Question{Ask: AskNone, Player: -1})
		return
	}
	// The loser chooses; after a draw, whoever chose for this game chooses
	// again (CR 103.1c; MTR 2.2).
	chooser := 0
	if winner >= 0 {
		chooser = s.Opponent(winner)
	} else if i := slices.IndexFunc(s.Players, func(p *Player) bool { return p.ChosePlay }); i >= 0 {
		chooser = i
	}
	g.beginGame(s.Game+1, -1)
	g.ask(Question{Ask: AskChoose, Player: chooser, What: whatPlayOrDraw, Options: []string{"play", "draw"}})
}

// keepsCaches reports whether e changes nothing the caches keyed on
// State.changes read (the state-based actions, the legend rule, the static
// sources): who has priority and what is asked; mana added to, spent from
// or emptied from a pool (no characteristic or legality reads a pool); and
// a step of the same turn with the same active player (conditions read
// whose turn it is, never the step). Most steps change nothing else, and
// a step's end empties the pools: the state-based actions were scanned
// again after each.
func (s *State) keepsCaches(e *Effect) bool {
	switch e.Op {
	case OpPriority, OpAsk, OpAddMana, OpSpendMana, OpEmptyPools:
		return true
	case OpStep:
		if e.N == s.Turn && e.Seat == s.Active {
			return true
		}
	}
	return s.quietInPlain(e) // sba_quiet.go
}
