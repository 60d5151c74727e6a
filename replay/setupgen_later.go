package replay

import (
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// What waits for a later moment, as a setup places it: delayed triggered
// abilities, extra turns to come. (Emblems are listed with their player's
// command zone, in BuildSetup.)

// buildLater fills b's delayed abilities and extra turns from s.
func buildLater(b *events.Setup, s *reducer.State) {
	for _, t := range s.Delayed {
		d := events.DelayedTrigger{Source: ref(t.Source), Card: t.Def.Name, Index: t.Index - reducer.DelayedBase,
			Controller: s.Players[t.Controller].ID, About: ref(t.Event)}
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
