package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Spree (CR 702.172): a modal spell whose modes each carry an additional
// cost (Mode.Cost); the cast's `modes` choose one or more, and the total
// cost is the mana cost plus each chosen mode's cost (CR 702.172a,
// 601.2f). Mode costs of mana only are carried out.

// spreeCost is the additional cost of the chosen modes of a spell, or nil.
func spreeCost(sp *ability.Ability, modes []int) *ability.Cost {
	if sp == nil || sp.Modes == nil {
		return nil
	}
	mana := ""
	for _, k := range modes {
		if k >= 0 && k < len(sp.Modes.List) && sp.Modes.List[k].Cost != nil {
			mana += sp.Modes.List[k].Cost.Mana
		}
	}
	if mana == "" {
		return nil
	}
	return &ability.Cost{Mana: mana}
}

// modeCostSupported: a mode's cost of mana alone, on a spell.
func modeCostSupported(a *ability.Ability, c *ability.Cost) bool {
	if a.Kind != ability.Spell || c.Mana == "" || *c != (ability.Cost{Mana: c.Mana}) {
		return false
	}
	_, err := cards.ParseCost(c.Mana)
	return err == nil
}
