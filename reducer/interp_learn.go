package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Learn (CR 701.48): the player may reveal a Lesson card they own from
// outside the game and put it into their hand, or discard a card to draw
// a card, or do neither. In a match, outside the game is the sideboard
// (MTR 3.15): a sideboard card the game has no object for. The player
// answers "lesson <name>", "rummage" (then names the card to discard) or
// "nothing".

func init() {
	registerVerb(ability.Learn, "player", verbLearn)
}

const (
	learnRummage = "rummage"
	learnNothing = "nothing"
	learnLesson  = "lesson "
)

func verbLearn(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	seat := c.you
	if x.e.Player != nil {
		ps := c.players(x.e.Player)
		if len(ps) != 1 {
			return
		}
		seat = ps[0]
	}
	step, answer := x.at()
	switch {
	case x.step == nil:
		x.ask(0, Question{Player: seat, Options: g.learnOptions(seat), N: 1, Max: 1,
			Prompt: "learn: a Lesson from outside the game, discard a card to draw a card, or nothing"})
	case step == 0 && len(answer) == 1 && strings.HasPrefix(answer[0], learnLesson):
		if id := g.lessonOutside(seat, strings.TrimPrefix(answer[0], learnLesson)); id != 0 {
			g.emit(Effect{Op: OpCreate, Obj: g.S.nextObjID(), Card: id, Seat: seat, Zone: ZoneHand, N: -1})
			x.did = true
		}
	case step == 0 && len(answer) == 1 && answer[0] == learnRummage:
		x.ask(1, Question{Player: seat, Options: idStrings(g.S.Players[seat].Hand), N: 1, Max: 1, Prompt: "discard a card, then draw a card (learn)"})
	case step == 1 && len(answer) == 1:
		if o := g.S.objByRef(answer[0]); o != nil && o.Zone == ZoneHand && o.Owner == seat {
			g.discard(o.ID) // interp_madness.go
			g.draw(seat, 1)
			x.did = true
		}
	}
}

// learnOptions are seat's answers to learn: each Lesson they own outside
// the game, by name (once per name), rummaging when they have a card in
// hand, and nothing.
func (g *Game) learnOptions(seat int) []string {
	var out []string
	seen := map[string]bool{}
	for id := CardID(1); int(id) < len(g.S.Cards); id++ {
		if g.outsideTheGame(seat, id) && g.S.Cards[id].Def.HasSub("Lesson") && !seen[g.S.Cards[id].Def.Name] {
			seen[g.S.Cards[id].Def.Name] = true
			out = append(out, learnLesson+g.S.Cards[id].Def.Name)
		}
	}
	if len(g.S.Players[seat].Hand) > 0 {
		out = append(out, learnRummage)
	}
	return append(out, learnNothing)
}

// outsideTheGame reports whether card id is seat's sideboard card with no
// object in the game.
func (g *Game) outsideTheGame(seat int, id CardID) bool {
	c := g.S.Cards[id]
	if !c.Sideboard || c.Owner != seat || c.Def == nil {
		return false
	}
	for _, o := range g.S.Objects {
		if o != nil && o.Card == id {
			return false
		}
	}
	return true
}

// lessonOutside is the first of seat's Lessons outside the game named
// name, or 0.
func (g *Game) lessonOutside(seat int, name string) CardID {
	for id := CardID(1); int(id) < len(g.S.Cards); id++ {
		if g.outsideTheGame(seat, id) && g.S.Cards[id].Def.Name == name && g.S.Cards[id].Def.HasSub("Lesson") {
			return id
		}
	}
	return 0
}
