package reducer

import "github.com/chronicle-mtg/chronicle/events"

// A setup of a match that is over (events/setup_over.go): the board as the
// last game ended, who won it or that it was drawn, and nothing after. The
// game ends as checkGameOver ends it: nobody holds priority, the winner
// counts one more game won, the match is over and no question is asked;
// every input after it is refused (CR 104.1).

// checkSetupOver: the players who lost are all but the winner, and the
// game's end ends the match.
func (g *Game) checkSetupOver(b *events.Setup) error {
	o := b.Over
	if o == nil {
		return nil
	}
	s := g.S
	switch {
	case b.Pending != nil:
		return g.refuse("CR 104.1", "body.pending", "a game that is over waits on no question")
	case b.Priority != "":
		return g.refuse("CR 104.1", "body.priority", "nobody holds priority in a game that is over")
	case b.Passes != 0:
		return g.refuse("CR 104.1", "body.passes", "%d: nobody passes in a game that is over", b.Passes)
	}
	winner := -1
	if !o.Draw {
		if winner = s.Seat(o.Winner); winner < 0 {
			return g.refuse("CR 102.1", "body.over.winner", "%q is not a player of this match", o.Winner)
		}
	}
	lost := make([]bool, len(s.Players))
	wins := append([]int(nil), s.GameWins...)
	field := make([]string, len(s.Players))
	for seat := range s.Players {
		field[seat] = "body.players"
	}
	for i, p := range b.Players {
		seat := s.Seat(p.ID)
		if seat < 0 {
			continue // refused by the plan
		}
		lost[seat], field[seat] = p.Lost != "", "body.players["+itoa(i)+"].lost"
		if p.GameWins != nil {
			wins[seat] = *p.GameWins
		}
	}
	for seat, p := range s.Players {
		switch {
		case seat == winner && lost[seat]:
			return g.refuse("CR 104.2a", field[seat], "%s won the game that is over: the winner hasn't lost", p.ID)
		case seat != winner && !lost[seat] && winner < 0:
			return g.refuse("CR 104.4a", field[seat], "missing: a drawn game is one every player lost; %s hasn't", p.ID)
		case seat != winner && !lost[seat]:
			return g.refuse("CR 104.2a", field[seat], "missing: %s won the game that is over, so %s has lost", o.Winner, p.ID)
		}
	}
	if winner >= 0 {
		wins[winner]++
	}
	switch {
	case matchOver(s.BestOf, wins, winner):
		return nil
	case winner < 0:
		return g.refuse("MTR 2.1", "body.over.draw", "the match goes on: a drawn game doesn't count, and another game of the best of %d follows it (CR 103.1c); place that game instead", max(s.BestOf, 1))
	}
	return g.refuse("MTR 2.2", "body.over.winner", "the match goes on: %s has %d of the %d games a best of %d needs, counting this one, and another game follows it (CR 103.1c); place that game instead",
		o.Winner, wins[winner], s.BestOf/2+1, max(s.BestOf, 1))
}

// matchOver is checkGameOver's test: after a game winner won (-1: drawn),
// with wins counting it, the match is over when the winner has the games
// a best of bestOf needs, or as many games as it has were decided (MTR
// 2.1: a drawn game doesn't count).
func matchOver(bestOf int, wins []int, winner int) bool {
	decided := 0
	for _, w := range wins {
		decided += w
	}
	return winner >= 0 && wins[winner] >= bestOf/2+1 || decided >= bestOf
}

// emitOver ends the placed game and the match.
func (g *Game) emitOver(b *events.Setup) {
	winner := -1
	if !b.Over.Draw {
		winner = g.S.Seat(b.Over.Winner)
	}
	g.emit(Effect{Op: OpPriority, Seat: -1})
	g.emit(Effect{Op: OpGameOver, Seat: winner})
	g.emit(Effect{Op: OpMatchOver})
	g.ask(Question{Ask: AskNone, Player: -1})
}
