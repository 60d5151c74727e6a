package reducer

import (
	"fmt"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Triggered abilities that work from a graveyard (CR 113.6k: "return ~
// from your graveyard to your hand" works only there), and the count of
// cards a player has drawn this turn that "When you draw your third card
// in a turn" reads. An ability whose Zone is the graveyard triggers only
// while its card is in a graveyard, and one printed for the battlefield
// only on the battlefield. The draw count (Player.Drawn) is kept only in
// a match with a card that reads it (OpDrew), so every other match keeps
// its effects, snapshots and digests; it is reset as a turn begins.

// OpDrew: Seat has drawn one more card this turn.
const OpDrew Op = 292

func init() {
	registerOp(OpDrew, func(s *State, e *Effect) { s.Players[e.Seat].Drawn++ })
	extDescribe[OpDrew] = func(s *State, e Effect) string {
		n := s.Players[e.Seat].Drawn + 1
		return fmt.Sprintf("%s has drawn %d card%s this turn", s.playerID(e.Seat), n, plural(n))
	}
}

// functionsOnBattlefield reports whether a triggered ability triggers
// while its source is on the battlefield.
func functionsOnBattlefield(a *ability.Ability) bool {
	return a.Zone == ability.ZoneAny || a.Zone == ability.ZoneBattlefield
}

// triggerZoneSupported reports whether the engine checks a triggered
// ability where it works: the battlefield or a graveyard, and exile for
// rebound's (interp_rebound.go).
func triggerZoneSupported(a *ability.Ability) bool {
	return functionsOnBattlefield(a) || a.Zone == ability.ZoneGraveyard ||
		a.Zone == ability.ZoneExile && len(a.Effects) == 1 && (a.Effects[0].Verb == verbRebound || a.Effects[0].Verb == verbMadness)
}

// fireGraveyards checks the triggers of cards in graveyards that work
// there, for an engine event, in seat order and from the bottom of each
// graveyard.
func (g *Game) fireGraveyards(when string, about ObjID, seat int) {
	if g.S.specials == 0 && !g.S.matchCards().graveyardTriggers && !checkCaches {
		return // no card of the match, and no token, has one
	}
	for _, p := range g.S.Players {
		for _, id := range p.Graveyard {
			o := g.S.Obj(id)
			lc := langOf(o.def())
			if lc == nil || !lc.graveyardTriggers {
				continue
			}
			if checkCaches && g.S.specials == 0 && !g.S.matchCards().graveyardTriggers {
				panic(fmt.Sprintf("reducer: %s has a graveyard trigger its match's cards were said to lack", o.Name()))
			}
			for i, a := range lc.triggered {
				if a.Zone == ability.ZoneGraveyard && g.langTriggers(o, a.Trigger, a.If, when, about, seat) {
					g.emitLangTrigger(o, i, about, seat, nil)
				}
			}
		}
	}
}

// countDraw notes that seat drew a card, in a match with a card that
// reads the count.
func (g *Game) countDraw(seat int) {
	if g.S.readsDrawCounts() {
		g.emit(Effect{Op: OpDrew, Seat: seat})
	}
}

// readsDrawCounts reports whether a card of the match reads how many
// cards a player drew this turn.
func (s *State) readsDrawCounts() bool { return s.matchCards().readsDrawCounts }

// matchCardFacts is what the abilities of a match's cards (and of their
// faces) read, worked out once for the cards it has: cards are only ever
// added. n is how many plus one (0: not worked out).
type matchCardFacts struct {
	n                                  int
	graveyardTriggers, readsDrawCounts bool
	// What the digest asks of the cards' front faces only (digest.go).
	readsSpent, readsSpellCounts, readsNoncreature, readsLeft bool
}

// matchCards returns the facts of the match's cards, working them out
// when cards were added since. Read in place and inline: every trigger
// event asks it.
func (s *State) matchCards() *matchCardFacts {
	if s.cardFacts.n != len(s.Cards)+1 {
		s.cardFacts = s.cardFactsNow()
	}
	return &s.cardFacts
}

// cardFactsNow works out the facts of the match's cards.
func (s *State) cardFactsNow() matchCardFacts {
	f := matchCardFacts{n: len(s.Cards) + 1}
	note := func(d *cards.Card) {
		if lc := langOf(d); lc != nil {
			f.graveyardTriggers = f.graveyardTriggers || lc.graveyardTriggers
			f.readsDrawCounts = f.readsDrawCounts || lc.readsDrawCounts
		}
	}
	for i := range s.Cards {
		if d := s.Cards[i].Def; d != nil {
			note(d)
			for j := range d.Faces {
				note(d.Faces[j])
			}
		}
		if lc := langOf(s.Cards[i].Def); lc != nil {
			f.readsSpent = f.readsSpent || lc.readsSpent
			f.readsSpellCounts = f.readsSpellCounts || lc.readsSpellCounts
			f.readsNoncreature = f.readsNoncreature || lc.readsNoncreature
			f.readsLeft = f.readsLeft || lc.readsLeft
		}
	}
	return f
}

// langReadsDrawCounts reports whether an ability reads the count: "your
// third card in a turn".
func langReadsDrawCounts(a *ability.Ability) bool {
	if a.Kind != ability.Triggered || a.Trigger == nil {
		return false
	}
	for _, t := range triggerPatterns(a.Trigger) {
		if t.Event == ability.Draws && t.Nth != 0 {
			return true
		}
	}
	return false
}
