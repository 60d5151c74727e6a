package reducer

import (
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Turn structure (CR 500-514) and priority (CR 117). After every input the
// game runs on by itself, doing turn-based actions and moving through steps,
// until someone has to decide something.

// maxHandSize is the hand size checked at cleanup (CR 402.2, 514.1).
const maxHandSize = 7

const whatDiscard = "discard"

// nextStep is the step after s in a turn (combat steps may be skipped).
var nextStep = [StepCleanup + 1]Step{
	StepUntap: StepUpkeep, StepUpkeep: StepDraw, StepDraw: StepMain1, StepMain1: StepBeginCombat,
	StepBeginCombat: StepDeclareAttackers, StepDeclareAttackers: StepDeclareBlockers,
	StepDeclareBlockers: StepFirstStrikeDamage, StepFirstStrikeDamage: StepCombatDamage,
	StepCombatDamage: StepEndCombat, StepEndCombat: StepMain2, StepMain2: StepEnd, StepEnd: StepCleanup,
}

// beginTurn starts turn n for seat: the untap step (CR 502) has no priority.
func (g *Game) beginTurn(seat, n int) {
	s := g.S
	g.emitStep(n, StepUntap, seat)
	g.endContinuous(func(c *Continuous) bool { return c.Until == UntilYourNextTurn && c.Controller == seat })
	g.endTurnPermissions()
	g.nextTurnPermissions(seat) // interp_librarytop.go
	for _, id := range s.Battlefield {
		o := s.Objects[id]
		if o.Controller != seat {
			continue
		}
		if o.Sick {
			g.emitObj(OpSick, id, 0)
		}
		switch {
		case g.skipsUntap(o): // mana.go (Vorinclex)
		case o.Tapped && o.counter("stun") > 0:
			// "If a permanent with a stun counter would become untapped,
			// remove one from it instead." (CR 122.1d)
			g.emit(Effect{Op: OpCounter, Obj: id, Kind: "stun", N: -1})
		case o.Tapped:
			g.emitObj(OpUntap, id, 0)
		}
	}
	g.beginStep(StepUpkeep)
}

// beginStep enters step st of the current turn, performs its turn-based
// actions, and gives the active player priority unless someone must decide
// first or the step has no priority.
func (g *Game) beginStep(st Step) {
	s := g.S
	// A skipped step is never entered (CR 500.1, 508.8, 510.4).
	switch {
	case st == StepDeclareBlockers && !g.anyAttackers():
		g.beginStep(StepEndCombat) // CR 508.8
		return
	case st == StepFirstStrikeDamage && !g.anyFirstStrike():
		g.beginStep(StepCombatDamage) // CR 510.4
		return
	}
	g.emitStep(s.Turn, st, s.Active)
	switch st {
	case StepDraw:
		// The player who plays first skips the draw of the first turn (CR 103.8a).
		if s.Turn > 1 {
			g.turnDraw = true // interp_drawstep.go
			g.draw(s.Active, 1)
			g.turnDraw = false
		}
	case StepDeclareAttackers:
		if g.beginDeclareAttackers() {
			return
		}
	case StepDeclareBlockers:
		if g.beginDeclareBlockers() {
			return
		}
	case StepFirstStrikeDamage:
		g.combatDamage(true)
	case StepCombatDamage:
		g.combatDamage(false)
	case StepEndCombat:
		g.endCombat()
	case StepUpkeep:
		g.fire(cards.TriggerYourUpkeep, 0, s.Active) // "at the beginning of your upkeep" (populate.go)
	case StepEnd:
		g.fire(cards.TriggerYourEndStep, 0, s.Active)
	case StepCleanup:
		g.beginCleanup()
		return
	}
	g.fireStep(st) // interp_steps.go
	g.givePriority(s.Active, 0)
}

// givePriority gives seat priority with passes consecutive passes so far.
func (g *Game) givePriority(seat, passes int) {
	// Before a player receives priority: state-based actions, then the
	// waiting triggers go on the stack (CR 117.5).
	settled := g.S.settled()
	for !settled && g.stateBasedActions() {
	}
	if g.ending() {
		return // settle ends the game
	}
	if !settled && g.askLegendRule(seat) {
		return
	}
	if !settled && g.askAsEnters(seat) {
		return // an entering permanent's controller decides first (interp_replace.go)
	}
	if len(g.S.Triggers) > 0 {
		if g.putTriggers(seat) {
			return // a player orders their triggers first
		}
		passes = 0
	}
	if len(g.S.Stack) > 0 && g.askTriggerTargets(seat) {
		return // a triggered ability's controller chooses its targets first
	}
	g.emitPriority(seat, passes)
	g.askPriority(seat)
}

// settled reports whether the state-based actions, the legend rule and
// the entering choices all found nothing at the state's last change (their
// caches keyed on State.changes): a player who passed, or who tapped a
// land for mana, gives the next one priority without any of them asked.
func (s *State) settled() bool {
	c := s.changes + 1
	return s.sbaClean == c && s.legendClean == c && s.entersClean == c && !checkCaches
}

// priorityQuestions are the priority questions of the first seats, shared
// by every effect that asks one: a question in an effect is never changed.
var priorityQuestions = func() (qs [8]Question) {
	for i := range qs {
		qs[i] = Question{Ask: AskPriority, Player: i}
	}
	return qs
}()

// askPriority asks seat to act with priority (CR 117.3).
func (g *Game) askPriority(seat int) {
	if seat >= 0 && seat < len(priorityQuestions) {
		g.emitAsk(&priorityQuestions[seat])
		return
	}
	g.ask(Question{Ask: AskPriority, Player: seat})
}

// ending reports whether a player has lost and the game is about to end.
func (g *Game) ending() bool {
	for _, p := range g.S.Players {
		if p.Lost {
			return true
		}
	}
	return g.S.GameOver
}

// endStep empties the mana pools (CR 500.4) and moves to the next step.
func (g *Game) endStep() {
	s := g.S
	if g.anyMana() {
		g.emit(Effect{Op: OpEmptyPools})
	}
	g.emitPriority(-1, 0)
	if s.Step == StepCleanup {
		g.beginTurn(g.nextTurnSeat(), s.Turn+1) // interp_extraturn.go
		return
	}
	g.beginStep(nextStep[s.Step])
}

func (g *Game) anyMana() bool {
	for _, p := range g.S.Players {
		if len(p.Pool) > 0 {
			return true
		}
	}
	return false
}

// beginCleanup: discard to hand size, then damage wears off (CR 514).
func (g *Game) beginCleanup() {
	s := g.S
	hand := len(s.Players[s.Active].Hand)
	if hand > maxHandSize {
		g.ask(Question{Ask: AskChoose, Player: s.Active, What: whatDiscard, N: hand - maxHandSize})
		return
	}
	g.cleanupDone()
}

// cleanupDone finishes the cleanup step: damage wears off and "until end
// of turn" effects end (CR 514.2); no player gets priority.
func (g *Game) cleanupDone() {
	g.emit(Effect{Op: OpClearDamage})
	g.endUntilEndOfTurn()
	g.endShields() // regenerate.go
	g.endStep()
}

func (g *Game) checkPriority(seat int) error {
	s := g.S
	if s.Pending.Ask != AskPriority {
		return g.refuse("CR 117.3", "kind", "nobody has priority; waiting for %s", g.describePending())
	}
	if s.Priority != seat {
		return g.refuse("CR 117.3", "body.player", "%s has priority", s.Players[s.Priority].ID)
	}
	return nil
}

// doPass: when every player has passed in succession, the top of the stack
// resolves, or with an empty stack the step ends (CR 117.4).
func (g *Game) doPass(seat int) {
	s := g.S
	passes := s.Passes + 1
	if passes < len(s.Players) {
		g.givePriority(s.Opponent(seat), passes)
		return
	}
	if len(s.Stack) == 0 {
		g.endStep()
		return
	}
	g.resolveTop()
	// Unless the resolution stopped for a question (a choice, a shuffle,
	// a spell to cast), the active player receives priority.
	if !s.GameOver && s.Pending.Ask == AskPriority {
		g.givePriority(s.Active, 0)
	}
}

// acted: the priority holder took an action; it keeps priority (CR 117.3c).
func (g *Game) acted(seat int) {
	g.givePriority(seat, 0)
}

// describePending says what the game waits for, for messages.
func (g *Game) describePending() string {
	s := g.S
	q := s.Pending
	who := func(seat int) string {
		if seat < 0 || seat >= len(s.Players) {
			return "the table"
		}
		return s.Players[seat].ID
	}
	switch q.Ask {
	case AskPriority:
		return who(q.Player) + " to act with priority"
	case AskRandom:
		if q.Random == "shuffle" {
			return "a shuffle of " + who(q.Of) + "'s library"
		}
		return "a random " + q.Random
	case AskMulligan:
		return who(q.Player) + " to keep or mulligan"
	case AskChoose:
		if q.What == whatResolve {
			return fmt.Sprintf("%s to choose for %s (%s)", who(q.Player), s.objName(q.Resolving), q.Prompt)
		}
		return fmt.Sprintf("%s to choose (%s)", who(q.Player), q.What)
	case AskAttack:
		return who(q.Player) + " to declare attackers"
	case AskBlock:
		return who(q.Player) + " to declare blockers"
	case AskCast:
		return fmt.Sprintf("%s to cast %s without paying its mana cost (%s)", who(q.Player), strings.Join(q.Options, ", "), s.objName(q.Resolving))
	}
	return "nothing: the match is over"
}
