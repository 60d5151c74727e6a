package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Keywords that let a card be cast from its owner's graveyard by paying
// the keyword's cost rather than its mana cost (an alternative cost, CR
// 118.9: the cast names it, "alternative": "flashback"), at the time its
// type allows.
//
// Flashback (CR 702.34a): if the spell would then leave the stack for
// anywhere but exile, it is exiled instead.
// Escape (CR 702.138a): nothing more; a spell cast with escape goes where
// it would, and may escape again (CR 702.138b).

// graveCast is a keyword that casts from the graveyard.
type graveCast struct {
	name    string // as a cast names it
	keyword string
	rule    string
	exile   bool // exiled as it leaves the stack
}

var graveCasts = []graveCast{
	{name: "flashback", keyword: "Flashback", rule: "CR 702.34a", exile: true},
	{name: "escape", keyword: "Escape", rule: "CR 702.138a"},
	{name: "harmonize", keyword: "Harmonize", rule: "CR 702.180a", exile: true}, // interp_harmonize.go
}

// graveCastNamed is the graveyard keyword a cast names, if any.
func graveCastNamed(name string) (graveCast, bool) {
	for _, gc := range graveCasts {
		if gc.name == name {
			return gc, true
		}
	}
	return graveCast{}, false
}

// graveCastKeyword reports whether a keyword is one of these.
func graveCastKeyword(name string) bool {
	for _, gc := range graveCasts {
		if gc.keyword == name {
			return true
		}
	}
	return false
}

// graveCastCost is a language card's cost for keyword gc, or nil.
func graveCastCost(def *cards.Card, gc graveCast) *ability.Cost {
	lc := langOf(def)
	if lc == nil {
		return nil
	}
	for _, a := range lc.keywords {
		if k := a.Keyword; k.Name == gc.keyword && k.Cost != nil {
			return k.Cost
		}
	}
	return nil
}

// graveCastNames are the graveyard casts def has, as a cast names them.
func graveCastNames(def *cards.Card) []string {
	var out []string
	for _, gc := range graveCasts {
		if graveCastCost(def, gc) != nil {
			out = append(out, gc.name)
		}
	}
	return out
}

// flashbackCost is a language card's flashback cost, or nil.
func flashbackCost(def *cards.Card) *ability.Cost {
	return graveCastCost(def, graveCasts[0])
}

// graveCastCards are the cards of seat's graveyard ref names that can be
// cast from there with gc.
func (s *State) graveCastCards(seat int, ref string, gc graveCast) []ObjID {
	var out []ObjID
	for _, id := range s.matchRef(ref, s.Players[seat].Graveyard) {
		if graveCastCost(s.Objects[id].Def, gc) != nil {
			out = append(out, id)
		}
	}
	return out
}

// notGraveCast refuses a cast that names no graveyard keyword for a card
// that is in seat's graveyard and has one; nil when there is none.
func (g *Game) notGraveCast(seat int, ref string) error {
	s := g.S
	for _, gc := range graveCasts {
		if ids := s.graveCastCards(seat, ref, gc); len(ids) > 0 {
			return g.refuse(gc.rule, "body.alternative", "%s is in %s's graveyard: it is cast from there with %s (\"alternative\": %q)", s.objName(ids[0]), s.Players[seat].ID, gc.name, gc.name)
		}
	}
	return nil
}

// graveCastSpellCost is the cost of casting o with gc.
func (g *Game) graveCastSpellCost(o *Object, def *cards.Card, gc graveCast) (*ability.Cost, error) {
	c := graveCastCost(def, gc)
	if c == nil || o.Zone != ZoneGraveyard {
		return nil, g.refuse(gc.rule, "body.alternative", "%s can be cast with %s only from its owner's graveyard, and only if it has %s", def.Name, gc.name, strings.ToLower(gc.keyword))
	}
	return c, nil
}

// flashbackExile: a spell cast with flashback that would leave the stack
// goes to exile (CR 702.34a).
func (s *State) flashbackExile(o *Object, to Zone) Zone {
	if o.Zone != ZoneStack || o.isAbility() || o.CastFrom != ZoneGraveyard || to == ZoneExile {
		return to
	}
	if gc, ok := graveCastNamed(o.CastWith); ok {
		if gc.exile {
			return ZoneExile // cast with flashback or harmonize
		}
		return to // cast with escape
	}
	if flashbackCost(o.Def) != nil {
		return ZoneExile
	}
	return to
}
