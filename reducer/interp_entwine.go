package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Entwine (CR 702.42): "You may choose all modes of this spell instead of
// just the number specified. If you do, you pay an additional [cost]." A
// cast with "entwine": true chooses every mode, in printed order (its
// `modes` may be left out, or must list them all), and its total cost
// takes the entwine cost as an additional cost (CR 702.42b, 601.2f).

// entwined is the cast b as planned for a spell cast entwined: every mode
// of its spell ability ab chosen. b itself when it isn't entwined.
func (g *Game) entwined(def *cards.Card, lc *langCard, ab *ability.Ability, b *events.Cast) (*events.Cast, error) {
	if !b.Entwine {
		return b, nil
	}
	if keywordCost(def, "Entwine") == nil || !lc.hasKeyword("Entwine") {
		return nil, g.refuse("CR 702.42a", "body.entwine", "%s has no entwine", def.Name)
	}
	if ab == nil || ab.Modes == nil {
		return nil, g.refuse("CR 702.42a", "body.entwine", "%s is not modal: there are no modes to entwine", def.Name)
	}
	all := make([]int, len(ab.Modes.List))
	for i := range all {
		all[i] = i
	}
	if len(b.Modes) > 0 && !slices.Equal(b.Modes, all) {
		return nil, g.refuse("CR 702.42a", "body.modes", "%s entwined has all its modes chosen: leave out `modes` or list %v", def.Name, all)
	}
	nb := *b
	nb.Modes = all
	return &nb, nil
}

// entwineCost adds the entwine cost to cost when the cast is entwined.
func (g *Game) entwineCost(def *cards.Card, b *events.Cast, cost *ability.Cost) (*ability.Cost, error) {
	if !b.Entwine {
		return cost, nil
	}
	merged, ok := mergeCosts(cost, keywordCost(def, "Entwine"))
	if !ok {
		return nil, g.refuse("CR 702.42b", "body.entwine", "%s's entwine cost can't be combined with its other costs here", def.Name)
	}
	return merged, nil
}

// entwineSupported: an entwine cost the engine pays (mana, sacrifices and
// the like; never a tap of the spell).
func entwineSupported(k *ability.KeywordAbility) bool {
	return k.Cost != nil && !k.Cost.Tap && !k.Cost.Untap && k.Cost.Loyalty == nil && k.N == 0 && k.Filter == nil &&
		Supports(&ability.Ability{Kind: ability.Activated, Cost: k.Cost}) == nil
}
