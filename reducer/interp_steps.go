package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The beginnings of steps and phases a language trigger may wait for
// ("At the beginning of your upkeep", "... of combat on your turn", "...
// of your precombat main phase") and "Whenever a player draws a card"
// (CR 603.2, 121.1). A step's triggers are checked as it begins, after its
// turn-based actions (the draw step's draw, CR 504.1); the event's player
// is the active player. A draw trigger is checked for each card drawn,
// the drawing player the event's.

// Engine events of step beginnings and draws, beside the upkeep's and
// end step's of the cards package.
const (
	triggerDrawStep    = "your_draw_step"
	triggerBeginCombat = "your_begin_combat"
	triggerMain1       = "your_main1"
	triggerDraws       = "draws"
)

// stepTriggers maps a trigger's step to the engine event of its beginning.
var stepTriggers = map[ability.Step]string{
	ability.StepUpkeep: cards.TriggerYourUpkeep, ability.StepEnd: cards.TriggerYourEndStep,
	ability.StepDraw: triggerDrawStep, ability.StepBeginCombat: triggerBeginCombat, ability.StepPrecombatMain: triggerMain1,
}

// fireStep fires the language triggers of a step's beginning (the
// upkeep's and end step's are fired with the cards package's own).
func (g *Game) fireStep(st Step) {
	switch st {
	case StepDraw:
		g.fire(triggerDrawStep, 0, g.S.Active)
	case StepBeginCombat:
		g.fire(triggerBeginCombat, 0, g.S.Active)
	case StepMain1:
		g.sagaMainPhase() // interp_saga.go
		g.fire(triggerMain1, 0, g.S.Active)
	}
}
