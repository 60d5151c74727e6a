package reducer

// "Whenever an opponent draws a card except the first one they draw in
// each of their draw steps": the draw step's turn-based draw (CR 504.1) is
// the first card a player draws in their draw step, since it happens as
// the step begins, before anyone has priority; the engine's draw
// replacements only add cards to it (interp_drawmore.go), so its first
// card is drawn whenever the library has one. Game.turnDraw marks that
// card while its draw triggers are checked; the cards drawn after it in
// the step (a second card of a replaced draw, an instant's) trigger. It is
// not part of the state: it is set and cleared within one input.
