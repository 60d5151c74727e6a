package replay

import (
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// What waits for a later moment, as a setup places it: delayed triggered
// abilities, extra turns to come. (Emblems are listed with their player's
// command zone, in BuildSetup.)

// buildLater fills b's delayed abilities and extra turns from s.
func buildLater(b *events.Setup, s *reducer.State) {
	for _, t := range s.Delayed {
		d := events.DelayedTrigger{Source: ref(t.Source), Card: t.Def.Name, Index: t.Index - reducer.DelayedBase,
			Controller: s.Players[t.Controller].ID, About: ref(t.Event), Characteristics: describedSource(t.Def)}
		if t.LKI.Card != 0 || t.LKI.Power != 0 || t.LKI.Toughness != 0 || len(t.LKI.Counters) > 0 || t.LKI.X != 0 || t.LKI.Cast ||
			t.LKI.Moved != 0 || t.LKI.Spent != 0 {
			d.LKI = lkiOf(&t.LKI)
		}
		b.Delayed = append(b.Delayed, d)
	}
	for _, seat := range s.ExtraTurns {
		b.ExtraTurns = append(b.ExtraTurns, s.Players[seat].ID)
	}
}

// describedSource describes an ability's source that is a token the card
// data doesn't hold as the match has it (one the table described, or a
// token of the card data it placed by its characteristics), whose name
// alone may name another; nil for any other.
func describedSource(d *cards.Card) *events.Characteristics {
	if d == nil || d.Layout != "token" || d.Declared {
		return nil
	}
	return reducer.CharsOf(d)
}
