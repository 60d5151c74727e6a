package cards

// Split-card halves beyond one half cast from the hand: Memory, the
// aftermath half of Commit // Memory (the casting rules, CR 702.127, are
// the reducer's fuse.go).

// ZoneWorld moves whole hands and graveyards, single cards and counters.
type ZoneWorld interface {
	// Graveyard lists seat's graveyard as object ids, bottom first.
	Graveyard(seat int) []string
	// PutCardsIntoLibrary puts cards from their owners' hands or
	// graveyards at the bottom of their owners' libraries, in the order
	// given; shuffling is asked for separately (World.AskShuffle).
	PutCardsIntoLibrary(ids []string)
	// ExileCard exiles a card face up from its owner's library, hand or
	// graveyard.
	ExileCard(ref string)
	// MoveCounter moves one counter of kind from one permanent onto
	// another (wither.go's cards: Leech Bonder).
	MoveCounter(from, to uint32, kind string)
}

func init() {
	// Memory: "Each player shuffles their hand and graveyard into their
	// library, then draws seven cards." Step 0 puts every hand and
	// graveyard into its library and asks the table for the controller's
	// shuffle; then each opponent's shuffle, one a step; the last step
	// makes each player draw seven, the controller first.
	spells["Memory"] = &Spell{Resolve: func(w World, _ []Target) {
		seats := append([]int{w.Controller()}, w.Opponents(w.Controller())...)
		step := w.Step()
		if step == 0 {
			for _, p := range seats {
				w.PutCardsIntoLibrary(append(w.Hand(p), w.Graveyard(p)...))
			}
		}
		if step < len(seats) {
			w.AskShuffle(seats[step])
			return
		}
		for _, p := range seats {
			w.Draw(p, 7)
		}
	}}
}
