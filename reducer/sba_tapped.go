package reducer

import (
	"encoding/json"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Tapping that leaves the caches alone beyond a plain position. No
// state-based action reads whether a permanent is tapped (CR 704.5); only
// a characteristic could, through an ability that asks ("as long as ~ is
// untapped", "tapped creatures get -1/-1", "for each tapped artifact").
// So tapping or untapping a permanent leaves the state-based actions, the
// legend rule and the entering choices as they were unless some
// permanent has such an ability: a language static, keyword or
// characteristic-defining ability whose text mentions tapped or untapped
// objects, card code's statics, characteristic-defining ability or Aura
// rules (whose reads can't be looked into), or a face other than its
// card's; or an emblem or a table-described continuous effect exists. The
// lands tapped for mana beside a creature that enters with counters no
// longer have every permanent asked again.

// tapBlind reports whether nothing in the position reads tapped status.
func (s *State) tapBlind() bool {
	if s.sources().readsTapped {
		return false
	}
	for _, c := range s.Continuous {
		if c.Table != nil {
			return false
		}
	}
	for _, p := range s.Players {
		if len(p.Command) > 0 {
			return false
		}
	}
	return true
}

// readsTapped reports whether card def may read whether a permanent is
// tapped (see above); lang is its language card, or nil.
func readsTapped(def *cards.Card, lang *langCard) bool {
	if len(def.StaticsOf()) > 0 || def.CDA() != nil || def.AuraOf() != nil {
		return true
	}
	if lang == nil {
		return false
	}
	for _, list := range [][]*ability.Ability{lang.statics, lang.keywords} {
		for _, a := range list {
			b, err := json.Marshal(a)
			if err != nil || strings.Contains(string(b), "tapped") {
				return true // "untapped" too
			}
		}
	}
	return false
}
