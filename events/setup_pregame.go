package events

// A setup of a game before its first turn (CR 103): turn 0, step
// "pregame", with the question the game waits on (the coin, who plays
// first, a shuffle, a mulligan decision) and each player's hand, library,
// mulligans taken, and whether they kept.

// StepPregame is the step of a setup before the first turn.
const StepPregame = "pregame"

func (b *Setup) checkPregame() *FieldError {
	pregame := b.Step == StepPregame
	if pregame && b.Turn != 0 {
		return fieldErr("turn", "%d: before the first turn (step pregame) the turn is 0", b.Turn)
	}
	if pregame && b.Pending == nil && b.Over == nil {
		return fieldErr("pending", "missing: before the first turn the game waits on a question (the coin, play or draw, a shuffle, a mulligan)")
	}
	for i, p := range b.Players {
		at := "players[" + itoa(i) + "]"
		switch {
		case p.Mulligans < 0:
			return fieldErr(at+".mulligans", "negative: %d", p.Mulligans)
		case !pregame && (p.Kept || p.Mulliganed):
			return fieldErr(at+".kept", "only before the first turn (step pregame): later every player has kept")
		case p.Kept && p.Mulliganed:
			return fieldErr(at+".mulliganed", "a player who kept takes no mulligan")
		}
	}
	return nil
}
