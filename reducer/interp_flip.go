package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
)

// Flipping a coin (CR 705): the outcome is a fact of the table, as a
// shuffle's is, so the resolution stops for the table's random input
// (events.RandomCoin) with the question's What whatFlip: "heads" is a
// flip its player wins (their call came up, CR 705.2), "tails" one they
// lose. The effect after it reads the outcome as "did" ("If you lose the
// flip" is Not Did).

const whatFlip = "flip"

func init() {
	registerVerb(ability.FlipCoin, "player", verbFlip)
}

func verbFlip(x *verbRun) {
	c := x.r.ctx
	_, answer := x.at()
	if x.step == nil {
		seats := c.players(x.e.Player)
		if len(seats) != 1 {
			return
		}
		x.ask(0, Question{Ask: AskRandom, Player: -1, Random: events.RandomCoin, Of: seats[0], What: whatFlip})
		return
	}
	x.did = len(answer) == 1 && answer[0] == "heads"
}

// doFlip goes on with the resolution that flipped, the side as its
// answer.
func (g *Game) doFlip(b *events.Random) {
	g.continueResolve([]string{b.Coin})
}
