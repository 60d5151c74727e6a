package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Mana abilities in the ability language are lowered into the engine's own
// mana abilities (cards.ManaAbility), so that activating them, the types
// a permanent could produce (MANA-2), tapping for mana and its triggers
// and replacements (MANA-3 to MANA-5) are the rules the pool's mana cards
// always had.

// lowerMana turns a language mana ability into the engine's, numbered
// index; ok is false for one the engine can't carry out yet.
func lowerMana(a *ability.Ability, index int) (cards.ManaAbility, bool) {
	out := cards.ManaAbility{Index: index}
	c := a.Cost
	if c == nil || !c.Tap || c.Mana != "" || c.Untap || c.Life != nil || c.Sacrifice != nil || c.Discard != nil ||
		c.Exile != nil || c.Return != nil || c.TapOthers != nil || c.Reveal != nil || c.RemoveCounters != 0 ||
		c.PutCounters != 0 || c.Energy != 0 || c.Loyalty != nil || c.Reduce != nil || a.Limit != nil {
		return out, false
	}
	out.Tap = true
	if len(a.Effects) != 1 || a.Effects[0].Verb != ability.AddMana || a.Effects[0].If != nil || a.Effects[0].Optional {
		return out, false
	}
	m := a.Effects[0].Mana
	switch {
	case m.Spend != nil || m.Amount != nil || len(m.OneOf) > 0:
		return out, false
	case m.Fixed != "":
		syms, err := ability.ParseMana(m.Fixed)
		if err != nil {
			return out, false
		}
		for _, s := range syms {
			col, ok := cards.ParseColor(s)
			if !ok {
				return out, false
			}
			out.Add = append(out.Add, col)
		}
	case m.Any && !m.Same && len(m.Colors) == 0 && m.Among == "":
		out.AnyColor = true
	case m.Among != "":
		switch m.Among {
		case cards.AmongOpponentLands, cards.AmongYourLands, cards.AmongCommander, cards.AmongLegendary:
			out.Among = m.Among
		default:
			return out, false
		}
	default:
		return out, false
	}
	return out, true
}

// intrinsicAgain reports whether a printed mana ability is one of the
// intrinsic ones of the card's basic land types ("{T}: Add {U}." on a
// land with the type Island): the engine has it already.
func intrinsicAgain(intrinsic []cards.ManaAbility, m cards.ManaAbility) bool {
	if !m.Tap || m.AnyColor || m.Among != "" || len(m.Add) != 1 {
		return false
	}
	for _, x := range intrinsic {
		if len(x.Add) == 1 && x.Add[0] == m.Add[0] {
			return true
		}
	}
	return false
}
