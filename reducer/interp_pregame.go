package reducer

import (
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Before the first turn (CR 103.6): once every player has kept, each
// player in turn order may put onto the battlefield the cards in their
// opening hand that say "If this card is in your opening hand, you may
// begin the game with it on the battlefield" (the Leylines). A player
// with such cards answers one `choose`: the ones they begin with (any
// number, none included). Then the first turn begins.

const whatOpeningHand = "opening_hand"

// openingHandCards lists seat's cards in hand that may begin the game on
// the battlefield.
func (s *State) openingHandCards(seat int) []ObjID {
	var out []ObjID
	for _, id := range s.Players[seat].Hand {
		def := s.Objects[id].Def
		if lc := langOf(def); lc != nil && slices.ContainsFunc(lc.statics, func(a *ability.Ability) bool {
			return a.Static.Rule == ability.OpeningHand
		}) || lc == nil && def != nil && codedOpeningHand(def.Oracle) {
			out = append(out, id)
		}
	}
	return out
}

// codedOpeningHand reports whether a card played by card code (Leyline of
// Abundance) has the opening-hand ability in its Oracle text: card code
// leaves it to the text, so that it is never played as if it had none.
func codedOpeningHand(oracle string) bool {
	return strings.Contains(oracle, "is in your opening hand, you may begin the game with it on the battlefield")
}

// beginFirstTurn asks the next player, in turn order from seat from,
// about their opening-hand cards, or begins turn 1 when none is left.
func (g *Game) beginFirstTurn(from int) {
	s := g.S
	for k := from; k < len(s.Players); k++ {
		seat := (s.Active + k) % len(s.Players)
		if cs := s.openingHandCards(seat); len(cs) > 0 {
			g.ask(Question{Ask: AskChoose, Player: seat, What: whatOpeningHand, Options: idStrings(cs), N: 0, Max: len(cs), Of: k,
				Prompt: "begin the game with any of these on the battlefield (CR 103.6)"})
			return
		}
	}
	g.beginTurn(s.Active, 1)
}

// answerOpeningHand puts the chosen cards onto the battlefield and asks
// the next player.
func (g *Game) answerOpeningHand(seat int, answer []string) {
	q := g.S.Pending
	ids, _ := g.openingHandAnswer(answer)
	for _, id := range ids {
		g.moveQuiet(id, ZoneBattlefield, seat, -1) // not cast, no enters triggers before the game (CR 103.6)
	}
	g.beginFirstTurn(q.Of + 1)
}

// checkOpeningHand: the answer names offered cards (by object or card
// id, or name), each once.
func (g *Game) checkOpeningHand(answer []string) error {
	_, err := g.openingHandAnswer(answer)
	return err
}

func (g *Game) openingHandAnswer(answer []string) ([]ObjID, error) {
	q := g.S.Pending
	opts := refsToIDs(q.Options)
	var out []ObjID
	for i, a := range answer {
		m := slices.DeleteFunc(g.S.matchRef(a, opts), func(id ObjID) bool { return slices.Contains(out, id) })
		if len(m) == 0 {
			return nil, g.refuse("CR 103.6", "body.answer["+itoa(i)+"]", "%q is not one of %v, or is named twice", a, q.Options)
		}
		out = append(out, m[0])
	}
	return out, nil
}
