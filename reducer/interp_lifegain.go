package reducer

// Life gain triggers (CR 119.9, 603.2): "Whenever you gain life" triggers
// once for each life gain event, after the life is gained: a spell's or
// ability's gain is one event however much it gains; each source with
// lifelink that deals damage is one (CR 119.10); gaining 0 life is no
// event. The table's own life changes (table effects) are its version of
// the game and fire nothing.

// triggerGainsLife: a player (the event's seat) gained life.
const triggerGainsLife = "gains_life"

// gainLife makes seat gain n life, one life gain event, and fires the
// triggers of it.
func (g *Game) gainLife(seat, n int) {
	if n <= 0 {
		return
	}
	g.emit(Effect{Op: OpLife, Seat: seat, N: n})
	g.fire(triggerGainsLife, 0, seat)
}
