package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Flashback (CR 702.34): a card with flashback may be cast from its
// owner's graveyard by paying its flashback cost rather than its mana
// cost (an alternative cost: the cast names "alternative": "flashback"),
// at the time its type allows; if the spell would then leave the stack
// for anywhere but exile, it is exiled instead.

// flashbackCost is a language card's flashback cost, or nil.
func flashbackCost(def *cards.Card) *ability.Cost {
	lc := langOf(def)
	if lc == nil {
		return nil
	}
	for _, a := range lc.keywords {
		if k := a.Keyword; k.Name == "Flashback" && k.Cost != nil {
			return k.Cost
		}
	}
	return nil
}

// flashbackCards are the cards of seat's graveyard ref names that have
// flashback.
func (s *State) flashbackCards(seat int, ref string) []ObjID {
	var out []ObjID
	for _, id := range s.matchRef(ref, s.Players[seat].Graveyard) {
		if flashbackCost(s.Objects[id].Def) != nil {
			out = append(out, id)
		}
	}
	return out
}

// flashbackExile: a spell cast with flashback that would leave the stack
// goes to exile (CR 702.34a).
func (s *State) flashbackExile(o *Object, to Zone) Zone {
	if o.Zone == ZoneStack && !o.isAbility() && o.CastFrom == ZoneGraveyard && to != ZoneExile && flashbackCost(o.Def) != nil {
		return ZoneExile
	}
	return to
}
