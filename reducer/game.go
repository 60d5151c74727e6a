package reducer

import (
	"fmt"
	"strconv"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Game is one match being rebuilt: its state and the two doors.
type Game struct {
	S *State

	match string
	// While Submit runs: the input, for messages, and the effects so far.
	seq    uint64
	actor  string
	action string        // what the input tries, when a check names it; else from ev
	ev     *events.Event // the input being submitted
	out    []Effect
	// arena is spare capacity for out: the effects of successive inputs
	// are carved from one shared chunk, each returned slice clipped to its
	// own length so that a caller's append never reaches the next one. A
	// pure allocation cache: never read, and dropped by Clone.
	arena []Effect
	// reuse: the caller drops each input's effects before the next input
	// (ReuseEffects), so one chunk serves them all.
	reuse bool
	// table: the input carries table effects, so what the engine doesn't
	// model is handled by generic rules (table_generic.go), each such card
	// noted in touched; verif is how far the rules checked the last input
	// (table.go).
	table bool
	// sacrificer is the seat sacrificing the permanent being moved, plus
	// one (0: the move isn't a sacrifice), for "whenever you sacrifice"
	// triggers (interp_sacrifice.go).
	sacrificer int
	// combatDealing: combat damage is being dealt (CR 510.2), for
	// replacements of noncombat damage only (interp_damage_counters.go).
	combatDealing bool
	// turnDraw: the card being drawn is the first of the draw step's
	// turn-based draw (CR 504.1), for "except the first one they draw in
	// each of their draw steps" (interp_drawstep.go).
	turnDraw bool
	touched  []string
	verif    Verification
	// tr is the table's run of the input being submitted; hooked is set
	// once its effects have been applied where the engine met what it
	// doesn't model, diffs the differences found there (table.go).
	tr     *tableRun
	hooked bool
	diffs  []string
	// casting: the targets of the spell being cast while its total cost
	// is determined (CR 601.2f follows 601.2c), for "costs {2} less to
	// cast if it targets a blue spell" (interp_costtargets.go).
	casting []Target
	// memo: the plan the check of the input made, for execute (plan_memo.go).
	memo planMemo
	// idScratch holds battlefield lists walked while effects happen
	// (snapshotBattlefield): an allocation cache, dropped by Clone.
	idScratch []ObjID
}

// arenaChunk is how many effects a fresh arena chunk holds.
const arenaChunk = 256

// New returns a game before its match_started input.
func New(pool *cards.Pool) *Game {
	if pool == nil {
		pool = cards.Default()
	}
	return &Game{S: &State{pool: pool, Priority: -1, Winner: -1}}
}

// Submit validates one input against the rules and, if it is legal, applies
// it and returns the effects it produced. A rejected input changes nothing
// and returns a *RuleError (or an *events.Error for a malformed one).
func (g *Game) Submit(ev *events.Event) (effs []Effect, err error) {
	g.S.link()
	g.seq, g.actor, g.action, g.ev, g.out = ev.Seq, ev.Actor, "", ev, g.arena[:0:cap(g.arena)]
	if g.match == "" {
		g.match = ev.Match
	}
	if g.table || g.tr != nil || g.hooked || g.touched != nil || g.diffs != nil || g.verif.Status != "" {
		// Most inputs find these empty: a table's input left them set.
		g.verif, g.table, g.touched, g.tr, g.hooked, g.diffs = Verification{}, false, nil, nil, false, nil
	}
	if len(ev.Effects) > 0 {
		return g.submitTable(ev) // table.go
	}
	seat, err := g.checkActing(ev)
	if err != nil {
		return nil, err
	}
	g.execute(ev, seat)
	g.settle()
	n := len(g.out)
	effs, g.arena = g.out[:n:n], g.out[n:]
	if g.reuse {
		g.arena = g.out[:0]
	}
	g.out = nil
	if n == 0 {
		effs = nil
	}
	return effs, nil
}

// ReuseEffects tells the game that its caller is done with the effects an
// input returned once it submits the next: a replay that only checks the
// inputs, a recorder that encodes each input's effects at once. The
// effects of every input are then written over the same memory instead of
// a fresh share of it, which at a few effects of 216 bytes an input was
// most of what the rules allocated, and of the collector's work.
func (g *Game) ReuseEffects() { g.reuse = true }

// Apply folds effects recorded for an input, without the rules.
func (g *Game) Apply(effs []Effect) {
	g.S.link()
	for i := range effs {
		g.S.applyFolded(&effs[i])
	}
}

// emit applies an effect and records it.
func (g *Game) emit(e Effect) {
	if len(g.out) == cap(g.out) {
		g.growOut()
	}
	// Applied where it is kept: e itself would escape to the heap, once
	// per effect, through the ops registered as functions (effect_ext.go).
	g.out = append(g.out, e)
	g.S.apply(&g.out[len(g.out)-1])
}

// growOut gives out room for more effects.
func (g *Game) growOut() {
	grown := make([]Effect, len(g.out), max(2*len(g.out), arenaChunk))
	copy(grown, g.out)
	g.out = grown
}

// check is the validating half: it reads the state and the input and says
// whether the input is legal now. It never changes the state.
func (g *Game) check(ev *events.Event) error {
	_, err := g.checkActing(ev)
	return err
}

// checkActing is check, and says the seat of the player the input is a
// decision of (-1 for a start, a setup, a random outcome or a concession)
// for execute: each input's player is looked up once.
func (g *Game) checkActing(ev *events.Event) (int, error) {
	s := g.S
	if ev.Kind == events.KindMatchStarted {
		if len(s.Players) > 0 {
			return -1, g.refuse(events.RuleStart, "kind", "the match has started already")
		}
		return -1, g.checkMatchStarted(ev.Body.(*events.MatchStarted))
	}
	if len(s.Players) == 0 {
		return -1, g.refuse(events.RuleStart, "kind", "the match has not started")
	}
	if s.Over {
		return -1, g.refuse("CR 104.1", "kind", "the match is over")
	}
	var player string
	switch b := ev.Body.(type) {
	case *events.Setup:
		return -1, g.checkSetup(b)
	case *events.Random:
		return -1, g.checkRandom(b)
	case *events.Concede:
		return -1, g.checkConcede(b)
	case *events.Pass: // the inputs made most often: their player read without an interface
		player = b.Player
	case *events.Activate:
		player = b.Player
	default:
		player, _ = events.PlayerOf(ev.Body)
	}
	seat := s.Seat(player)
	if seat < 0 {
		return -1, g.refuse(events.RuleActor, "body.player", "%q is not a player of this match", player)
	}
	return seat, g.checkDecision(seat, ev)
}

// checkDecision is check for a player's decision, seat's.
func (g *Game) checkDecision(seat int, ev *events.Event) error {
	switch b := ev.Body.(type) {
	case *events.Mulligan:
		return g.checkMulligan(seat, b)
	case *events.Keep:
		return g.checkKeep(seat, b)
	case *events.Choose:
		return g.checkChoose(seat, b)
	case *events.Pass:
		if err := g.checkPriority(seat); err != nil {
			return err
		}
		return g.checkPassResolves(seat) // table_generic.go
	case *events.PlayLand:
		return g.checkPlayLand(seat, b)
	case *events.Activate:
		return g.checkActivate(seat, b)
	case *events.Cast:
		return g.checkCast(seat, b)
	case *events.Attack:
		return g.checkAttack(seat, b)
	case *events.Block:
		return g.checkBlock(seat, b)
	}
	return g.refuse(events.RuleKind, "kind", "%s is not handled by the rules yet", ev.Kind)
}

// execute is the applying half, run only on a legal input; seat is the
// one checkActing said.
func (g *Game) execute(ev *events.Event, seat int) {
	s := g.S
	switch b := ev.Body.(type) {
	case *events.MatchStarted:
		g.startMatch(b)
	case *events.Setup:
		g.doSetup(b)
	case *events.Random:
		g.doRandom(b)
	case *events.Concede:
		g.doConcede(s.Seat(b.Player))
	case *events.Mulligan:
		g.doMulligan(seat)
	case *events.Keep:
		g.doKeep(seat, b)
	case *events.Choose:
		g.doChoose(seat, b)
	case *events.Pass:
		g.doPass(seat)
	case *events.PlayLand:
		g.doPlayLand(seat, b)
	case *events.Activate:
		g.doActivate(seat, b)
	case *events.Cast:
		g.doCast(seat, b)
	case *events.Attack:
		g.doAttack(seat, b)
	case *events.Block:
		g.doBlock(seat, b)
	default:
		panic(fmt.Sprintf("reducer: no executor for %T", b))
	}
}

// describeInput names what an input tries, for messages.
func describeInput(ev *events.Event) string {
	switch b := ev.Body.(type) {
	case *events.MatchStarted:
		return "start the match"
	case *events.Setup:
		return "set up a position"
	case *events.Random:
		return "supply a random " + b.Of
	case *events.Mulligan:
		return "mulligan"
	case *events.Keep:
		return "keep"
	case *events.Pass:
		return "pass priority"
	case *events.PlayLand:
		return "play " + b.Card
	case *events.Cast:
		return "cast " + b.Card
	case *events.Activate:
		if b.Special == specialPlot || b.Special == specialForetell {
			return b.Special + " " + b.Source // a special action (interp_plot.go)
		}
		if b.Special != "" {
			return "take the special action " + strconv.Quote(b.Special) + " with " + b.Source
		}
		return "activate " + b.Source
	case *events.Choose:
		return "choose"
	case *events.Attack:
		return "declare attackers"
	case *events.Block:
		return "declare blockers"
	case *events.Concede:
		return "concede"
	}
	return string(ev.Kind)
}
