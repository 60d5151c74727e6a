package events

// A setup of a match that is over (CR 104.1): its last game has ended and
// nothing follows. The board is that game's as it ended; each player's
// game_wins counts, as always, the games won before this one, and every
// player but the winner has lost ("lost"), all of them in a drawn game
// (CR 104.2a, 104.4a). An export writes it at the last seq of a finished
// match, so that a report of how a match ended starts where it ended.

// SetupOver says how the game a setup places ended: Winner won it, or it
// was a draw; exactly one of them.
type SetupOver struct {
	Winner string `json:"winner,omitempty"`
	Draw   bool   `json:"draw,omitempty"`
}

func (b *Setup) checkOver() *FieldError {
	o := b.Over
	switch {
	case o == nil:
		return nil
	case o.Winner == "" && !o.Draw:
		return fieldErr("over.winner", "missing: a game that is over was won by a player or drawn (\"draw\": true)")
	case o.Winner != "" && o.Draw:
		return fieldErr("over.draw", "a drawn game has no winner: give winner or draw, not both")
	}
	return nil
}
