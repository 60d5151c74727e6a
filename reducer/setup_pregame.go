package reducer

import "github.com/chronicle-mtg/chronicle/events"

// A setup of a game before its first turn (events/setup_pregame.go): turn
// 0 with no step, the starting player active, nobody holding priority,
// the question pending, and each player's mulligans and decision so far
// (CR 103.5). What follows goes on as after the game's own start: the
// shuffles, the mulligan rounds, then turn 1.

func isPregame(b *events.Setup) bool { return b.Step == events.StepPregame }

// checkPregame: nothing is under way before the first turn.
func (g *Game) checkPregame(b *events.Setup) error {
	switch {
	case b.Turn != 0:
		return g.refuse("CR 103", "body.turn", "%d: before the first turn the turn is 0", b.Turn)
	case b.Pending == nil && b.Over == nil:
		return g.refuse("CR 103", "body.pending", "missing: before the first turn the game waits on a question")
	case len(b.Stack)+len(b.Triggers)+len(b.Delayed)+len(b.ExtraTurns) > 0 || b.Discovery != nil:
		return g.refuse("CR 103", "body", "nothing is on the stack or waits to trigger before the first turn")
	case b.Priority != "":
		return g.refuse("CR 103", "body.priority", "nobody holds priority before the first turn")
	}
	for i, p := range b.Players {
		if p.Mulligans > openingHand {
			return g.refuse("CR 103.5", "body.players["+itoa(i)+"].mulligans", "%d: no more than %d", p.Mulligans, openingHand)
		}
	}
	return nil
}

// emitPregame: each player's mulligans taken and decision this round.
func (g *Game) emitPregame(b *events.Setup) {
	s := g.S
	for _, p := range b.Players {
		seat := s.Seat(p.ID)
		for range p.Mulligans {
			g.emit(Effect{Op: OpMulligan, Seat: seat})
		}
		if p.Kept {
			g.emit(Effect{Op: OpKeep, Seat: seat})
		}
		if p.Mulliganed {
			g.emit(Effect{Op: OpDecided, Seat: seat, N: 1})
		}
	}
}
