package reducer

// Drawing from an empty library (CR 704.5b): the attempt is remembered,
// and the player loses at the next check of state-based actions, which
// comes when a player would receive priority (CR 704.3), not in the middle
// of the spell or ability that made them draw: the rest of it still
// happens (a discard it asks for, the opponent's loss to the same spell,
// which makes the game a draw).

// OpDrewEmpty: player Seat attempted to draw from an empty library.
const OpDrewEmpty Op = 280

func init() {
	registerOp(OpDrewEmpty, func(s *State, e *Effect) { s.Players[e.Seat].DrewEmpty = true })
	extDescribe[OpDrewEmpty] = func(s *State, e Effect) string {
		return s.Players[e.Seat].ID + " attempts to draw from an empty library"
	}
}

// drewEmptyLosses makes every player who attempted to draw from an empty
// library lose, unless a spell or ability is still resolving (it asks a
// question), and reports whether one did.
func (g *Game) drewEmptyLosses() bool {
	s := g.S
	if s.Pending.Resolving != 0 {
		return false // checked once it has resolved (CR 704.3)
	}
	acted := false
	for i, p := range s.Players {
		if p.DrewEmpty && !p.Lost {
			g.emit(Effect{Op: OpLose, Seat: i, Kind: "drew from an empty library (CR 704.5b)"})
			acted = true
		}
	}
	return acted
}
