package reducer

import "github.com/chronicle-mtg/chronicle/events"

// Who chose whether to play first in the game a setup places (chose_play):
// after a drawn game that player chooses again (CR 103.1c; MTR 2.2), so a
// setup of a later game of a match places it beside the games won.

// OpChosePlay: Seat chose whether to play first in the current game; the
// other players didn't.
const OpChosePlay Op = 322

func init() {
	registerOp(OpChosePlay, func(s *State, e *Effect) {
		for i, p := range s.Players {
			p.ChosePlay = i == e.Seat
		}
	})
	extDescribe[OpChosePlay] = func(s *State, e Effect) string {
		return s.Players[e.Seat].ID + " chose whether to play first in this game"
	}
}

// checkChosePlay: one player at most chose.
func (g *Game) checkChosePlay(b *events.Setup) error {
	n := 0
	for i, p := range b.Players {
		if p.ChosePlay {
			if n++; n > 1 {
				return g.refuse("CR 103.1c", "body.players["+itoa(i)+"].chose_play", "another player chose whether to play first in this game: one player chooses")
			}
		}
	}
	return nil
}

// emitChosePlay places the player who chose, when the setup names one and
// the match had another.
func (g *Game) emitChosePlay(b *events.Setup) {
	for _, p := range b.Players {
		if !p.ChosePlay {
			continue
		}
		seat := g.S.Seat(p.ID)
		for i, q := range g.S.Players {
			if q.ChosePlay != (i == seat) {
				g.emit(Effect{Op: OpChosePlay, Seat: seat})
				return
			}
		}
	}
}
