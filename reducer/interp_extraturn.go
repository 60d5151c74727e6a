package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// Extra turns (CR 500.7): "Take an extra turn after this one." The turns
// to come are kept in State.ExtraTurns, the seat of each, the most
// recently created last: as a turn ends, the most recent one is taken
// first; with none, the turn passes as usual. After an extra turn, the
// turn passes from the player who took it. ExtraTurns joins the snapshot
// and the digest only when some are pending, so other states keep theirs.

// OpExtraTurn: Seat will take an extra turn (N 1), or takes the most
// recent one now (N -1).
const OpExtraTurn Op = 341

func init() {
	registerVerb(ability.ExtraTurn, "player amount", verbExtraTurn)
	registerOp(OpExtraTurn, func(s *State, e *Effect) {
		if e.N > 0 {
			s.ExtraTurns = append(s.ExtraTurns, e.Seat)
			return
		}
		if n := len(s.ExtraTurns); n > 0 {
			s.ExtraTurns = s.ExtraTurns[:n-1]
		}
	})
	extDescribe[OpExtraTurn] = func(s *State, e Effect) string {
		if e.N > 0 {
			return s.Players[e.Seat].ID + " will take an extra turn after this one"
		}
		return s.Players[e.Seat].ID + " takes an extra turn"
	}
}

func verbExtraTurn(x *verbRun) {
	c := x.r.ctx
	n := 1
	if x.e.Amount != nil {
		n = c.amount(x.e.Amount)
	}
	for _, seat := range c.players(x.e.Player) {
		for range n {
			x.r.g.emit(Effect{Op: OpExtraTurn, Seat: seat, N: 1})
			x.did = true
		}
	}
}

// nextTurnSeat is who takes the next turn: the most recent extra turn's
// player, taken now, else the player after the active one.
func (g *Game) nextTurnSeat() int {
	s := g.S
	for len(s.ExtraTurns) > 0 {
		seat := s.ExtraTurns[len(s.ExtraTurns)-1]
		g.emit(Effect{Op: OpExtraTurn, Seat: seat, N: -1})
		if !s.Players[seat].Lost {
			return seat
		}
	}
	return s.Opponent(s.Active)
}
