package reducer

import (
	"github.com/chronicle-mtg/chronicle/events"
)

// A setup input places a whole position at once, for bug reports and tests
// that start mid-game. It replaces the current game's position: every zone is
// rebuilt from the lists given, life totals set, and the game continues at
// the given turn and step with priority to the given player (the active
// player by default). Cards are named by card id ("c3") or by name; a name
// takes the player's first card of that name not used yet, and a card the
// deck list lacks is added to the match as that player's card. A player the
// setup doesn't list is left with empty zones.

// ExiledBySetup is what a card a setup places in exile was exiled by,
// unless the setup says (events.Exiled.ExiledBy).
const ExiledBySetup = exiledBySetup

const exiledBySetup = "a setup position"

func (g *Game) checkSetup(b *events.Setup) error {
	s := g.S
	st, ok := ParseStep(b.Step)
	if isPregame(b) { // setup_pregame.go
		if err := g.checkPregame(b); err != nil {
			return err
		}
	} else if !ok || st == StepUntap || st == StepCleanup && b.Pending == nil && b.Over == nil { // cleanup: only a question in it (CR 514.1, 514.3)
		return g.refuse("CR 500.1", "body.step", "%q is not a step with priority (upkeep, draw, main1, begin_combat, declare_attackers, declare_blockers, combat_damage, end_combat, main2, end), nor pregame", b.Step)
	}
	if s.Seat(b.ActivePlayer) < 0 {
		return g.refuse("CR 102.1", "body.active_player", "%q is not a player of this match", b.ActivePlayer)
	}
	if b.Priority != "" && s.Seat(b.Priority) < 0 {
		return g.refuse("CR 102.1", "body.priority", "%q is not a player of this match", b.Priority)
	}
	if b.Passes >= len(s.Players) {
		return g.refuse("CR 117.4", "body.passes", "%d passes in a row with %d players: the round would be over", b.Passes, len(s.Players))
	}
	if err := g.checkChosePlay(b); err != nil { // setup_match.go
		return err
	}
	if err := g.checkSetupOver(b); err != nil { // setup_over.go
		return err
	}
	_, err := g.planSetup(b) // setup_plan.go
	return err
}

func (g *Game) doSetup(b *events.Setup) {
	s := g.S
	game := b.Game
	if game == 0 {
		game = max(s.Game, 1)
	}
	pl, _ := g.planSetup(b)
	g.emit(Effect{Op: OpNewGame, N: game})
	g.emitPlaced(pl)      // setup_place.go
	g.emitUnderWay(b, pl) // setup_stack.go
	g.emitLater(b, pl)    // setup_later.go
	g.emitChosePlay(b)    // setup_match.go
	for _, p := range b.Players {
		seat := s.Seat(p.ID)
		if p.Life != nil {
			if d := *p.Life - s.Players[seat].Life; d != 0 {
				g.emit(Effect{Op: OpLife, Seat: seat, N: d})
			}
		}
		if !isPregame(b) {
			g.emit(Effect{Op: OpKeep, Seat: seat})
		}
	}
	for seat, p := range s.Players {
		if !p.Kept && !isPregame(b) {
			g.emit(Effect{Op: OpKeep, Seat: seat})
		}
	}
	if isPregame(b) {
		g.emitPregame(b) // setup_pregame.go
	}
	st, _ := ParseStep(b.Step) // StepNone for pregame
	active := s.Seat(b.ActivePlayer)
	g.emit(Effect{Op: OpStep, N: b.Turn, Step: st, Seat: active})
	g.emitAfterStep(b, pl)
	if b.Over != nil {
		g.emitOver(b) // setup_over.go
		return
	}
	if b.Pending != nil {
		g.askSetup(b, pl)
		return
	}
	prio := active
	if b.Priority != "" {
		prio = s.Seat(b.Priority)
	}
	g.givePriority(prio, b.Passes)
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}
