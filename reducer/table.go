package reducer

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
)

// Table effects: an input may carry what the table says it did (its
// envelope's effects, package events). A real game is never refused
// because the engine lacks a card or disagrees: the input is recorded with
// how far the rules could check it.
//
//   - Verified: the engine models everything the input touches, and the
//     table's effects, if any, leave the game as the rules do.
//   - Unverified: the input touches a card whose rules text the engine
//     doesn't model (its spell resolving, its ability activated, the card
//     cast or played). The engine does the rules it knows (casting moves
//     the card to the stack and pays the mana cost it knows; priority, the
//     stack, the turn go on as always) and the table's effects supply the
//     rest. Without table effects such an input is refused (CARD-CODE), as
//     it always was.
//   - Disputed: the rules refuse the input, or derive a different game
//     from it than the table's effects say (TABLE-DISPUTE). The table's
//     version is applied all the same, because the game as it was really
//     played is the table's, and the inputs that follow were made in it;
//     the rules' version is kept beside it in the finding.
//
// How the table's version is applied: its effects are run on a copy of the
// game as it was before the input (table_run.go, which checks their form:
// a form error refuses the input under TABLE-FORM). The rules then take
// the input on the game itself, with generic rules for what isn't
// modelled (table_generic.go); where they refuse it, the table's run is
// applied as it is, and then the bookkeeping the input's kind implies
// (priority to a player who cast a spell, activated an ability or played
// a land). Where they take it, the effects that bring the public state to
// the table's (table_patch.go) follow the rules' own. Either way every
// change is an effect, so folding the stored effects rebuilds exactly the
// state that deriving them did. The table's effects are preceded by an
// OpTable effect, so that a log can tell them: "(table) ...".

// Verification statuses of an input.
const (
	Verified   = "verified"
	Unverified = "unverified"
	Disputed   = "disputed"
)

// Rules of the table's effects, beside events.RuleTableForm.
const (
	// RuleTableUnverified: the table's effects stand for rules text the
	// engine doesn't model.
	RuleTableUnverified = "TABLE-UNVERIFIED"
	// RuleTableDispute: the table's effects leave the game otherwise than
	// the rules derive.
	RuleTableDispute = "TABLE-DISPUTE"
	// RuleCardCode: a card's rules text is not modelled yet.
	RuleCardCode = "CARD-CODE"
)

// Verification is how far the rules could check an input.
type Verification struct {
	Status string // Verified, Unverified or Disputed
	// Cards are the unmodelled cards whose behaviour the table supplied
	// (unverified), sorted.
	Cards []string
	// Rule and Reason: for a disputed input the rule that refused it (a CR
	// number, a RULINGS.md ID) or TABLE-DISPUTE, and the facts; for an
	// unverified one TABLE-UNVERIFIED and what the table supplied.
	Rule   string
	Reason string
	// Table and Engine are the two versions of a disputed input, in the
	// table's vocabulary, objects named by card id (or object id): what
	// the table said, and what the rules derived (empty when they refused
	// the input).
	Table  []events.TableEffect
	Engine []events.TableEffect
}

// Verification is how far the rules could check the input last submitted.
func (g *Game) Verification() Verification {
	if g.verif.Status == "" {
		return Verification{Status: Verified}
	}
	return g.verif
}

// SubmitVerified is Submit, also returning how far the rules checked the
// input.
func (g *Game) SubmitVerified(ev *events.Event) ([]Effect, Verification, error) {
	effs, err := g.Submit(ev)
	return effs, g.Verification(), err
}

// submitTable submits an input that carries table effects. It works on a
// copy of the game and takes the copy's state only when the input is
// stored, so a refused input changes nothing.
func (g *Game) submitTable(ev *events.Event) ([]Effect, error) {
	if len(g.S.Players) == 0 {
		return nil, g.refuse(events.RuleStart, "kind", "the match has not started")
	}
	tr, err := g.runTable(ev)
	if err != nil {
		return nil, err
	}
	w := g.Clone()
	w.seq, w.actor, w.action, w.ev, w.out = ev.Seq, ev.Actor, "", ev, nil
	w.table, w.touched, w.tr, w.hooked, w.diffs = true, nil, tr, false, nil
	in := withTablePayment(ev)
	seat, cerr := w.checkActing(in)
	if cerr != nil && in != ev {
		in, w.action = ev, "" // the table's payment isn't one the rules take: the default
		seat, cerr = w.checkActing(in)
	}
	var v Verification
	if cerr != nil {
		var re *RuleError
		if !errors.As(cerr, &re) {
			return nil, cerr
		}
		mark := len(w.out)
		for _, e := range tr.effects {
			if e.Op != OpTrigger && e.Op != OpRequeue { // the table lists what triggered
				w.emit(e)
			}
		}
		w.markTable(mark)
		w.tableBookkeeping(g.S, ev)
		v = w.refusedVerification(re, tr)
	} else {
		pre := g.S
		w.execute(in, seat)
		w.settle() // the rules' state-based actions, as the table's run had its own
		tr.catchUp(w.out)
		mark := len(w.out)
		diffs := append(w.diffs, w.patchTo(tr, tr.g.S)...)
		for _, e := range tr.effects {
			if e.Op == OpReveal && w.S.Obj(e.Obj) != nil {
				w.emit(e) // information only: the state has no trace of it
			}
		}
		w.markTable(mark)
		diffs = append(diffs, w.shuffleDiffs(tr.shuffles)...)
		v = w.judge(pre, w.out, diffs, tr)
	}
	w.dropMoot()
	if err := w.askShuffles(tr.shuffles); err != nil {
		return nil, err
	}
	w.settle()
	if s := w.S; len(s.Triggers) > 0 && s.Pending.Ask == AskPriority && !s.GameOver {
		w.givePriority(s.Priority, s.Passes) // triggers the table's effects set off go on the stack
	}
	g.S, g.verif = w.S, v
	return w.out, nil
}

// dropMoot: a question about a triggered ability's targets is moot once
// the table's version has left the ability off the stack (the rules put
// it there; the table's effects don't list it, and the stack is the
// table's). The game goes on as it would after the answer: the next
// trigger's targets, or priority.
func (g *Game) dropMoot() {
	q := g.S.Pending
	if q.Ask != AskChoose || q.What != whatTriggerTarget {
		return
	}
	if o := g.S.Obj(q.Resolving); o == nil || o.Zone != ZoneStack {
		g.givePriority(q.Of, 0)
	}
}

// tableHook applies the table's effects where the engine meets what it
// doesn't model, once an input: right after it did what every card of
// the kind does (a permanent spell entered the battlefield, a card was
// cast or played, an ability activated), so that what the card's text
// does there (entering with counters, an additional cost) is in place
// before state-based actions are checked and triggered abilities put on
// the stack (CR 117.5). The state-based actions are the rules' own: the
// hook brings the game to the table's effects as listed, and what the
// rules do after it is brought to the table's version again at the end
// of the input.
func (g *Game) tableHook() {
	if g.tr == nil || g.hooked {
		return
	}
	g.hooked = true
	mark := len(g.out)
	g.diffs = append(g.diffs, g.patchTo(g.tr, g.tr.listed)...)
	g.markTable(mark)
}

// markTable puts an OpTable effect before the effects emitted since mark,
// when there are any: they are the table's.
func (g *Game) markTable(mark int) {
	if n := len(g.out) - mark; n > 0 {
		g.out = slices.Insert(g.out, mark, Effect{Op: OpTable, N: n})
	}
}

// judge says how far the rules checked an input they took: the rules'
// effects were rules, the differences from the table's are diffs.
func (g *Game) judge(pre *State, rules []Effect, diffs []string, tr *tableRun) Verification {
	if len(g.touched) > 0 {
		cards := slices.Clone(g.touched)
		slices.Sort(cards)
		cards = slices.Compact(cards)
		return Verification{Status: Unverified, Cards: cards, Rule: RuleTableUnverified,
			Reason: "the table's effects stand for the rules text of " + strings.Join(cards, ", ") + ", which is not modelled"}
	}
	if len(diffs) == 0 {
		return Verification{Status: Verified}
	}
	if cards := g.unmodelledInPlay(); len(cards) > 0 {
		return Verification{Status: Unverified, Cards: cards, Rule: RuleTableUnverified,
			Reason: "the table's effects differ from the rules' while cards whose rules text is not modelled are on the battlefield (" +
				strings.Join(cards, ", ") + "): " + strings.Join(diffs, "; ")}
	}
	return Verification{Status: Disputed, Rule: RuleTableDispute,
		Reason: "the table's effects differ from the rules': " + strings.Join(diffs, "; "),
		Table:  tr.canon, Engine: project(pre, rules)}
}

// refusedVerification: the rules refused the input and the table's version
// was applied. A card the engine doesn't model makes it unverified.
func (g *Game) refusedVerification(re *RuleError, tr *tableRun) Verification {
	why := re.Player + " can't " + re.Action + ": " + re.Reason
	if re.Rule == RuleCardCode {
		cards := slices.Clone(g.touched)
		slices.Sort(cards)
		return Verification{Status: Unverified, Cards: slices.Compact(cards), Rule: RuleTableUnverified, Reason: why}
	}
	return Verification{Status: Disputed, Rule: re.Rule, Reason: why, Table: tr.canon}
}

// unmodelledInPlay lists the cards on the battlefield whose rules text the
// engine doesn't model, sorted.
func (g *Game) unmodelledInPlay() []string {
	var out []string
	for _, id := range g.S.Battlefield {
		if o := g.S.Objects[id]; o.Def != nil && o.Facts == nil && !modelled(o.Def) {
			out = append(out, o.Def.Name)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// tableBookkeeping is what an input's kind implies once the table's
// effects stand for an input the rules refused: a player who cast a spell,
// activated an ability or played a land keeps priority (CR 117.3c), and a
// spell the table put on the stack is recorded as cast.
func (g *Game) tableBookkeeping(pre *State, ev *events.Event) {
	s := g.S
	p, _ := events.PlayerOf(ev.Body)
	seat := s.Seat(p)
	if seat < 0 || s.Pending.Ask != AskPriority || s.GameOver {
		return
	}
	switch b := ev.Body.(type) {
	case *events.Cast:
		if id := cardOnStack(pre, s, b.Card); id != 0 {
			g.emit(Effect{Op: OpSpell, Obj: id, N: b.X, Kind: b.Face, Targets: looseTargets(s, b.Targets)})
		}
		g.acted(seat)
	case *events.Activate:
		g.acted(seat)
	case *events.PlayLand:
		g.emit(Effect{Op: OpLandPlayed, Seat: seat})
		g.acted(seat)
	}
}

// cardOnStack is the stack object of the card ref named before the input
// (pre), if the card is on the stack now.
func cardOnStack(pre, s *State, ref string) ObjID {
	for _, id := range pre.matchRef(ref, pre.objectsIn(ZoneNone)) {
		card := pre.Objects[id].Card
		for _, sid := range s.Stack {
			if card != 0 && s.Objects[sid].Card == card && !s.Objects[sid].isAbility() {
				return sid
			}
		}
	}
	for _, sid := range s.matchRef(ref, s.Stack) {
		return sid
	}
	return 0
}

// looseTargets resolves target references to whatever they name now: a
// player, or an object in any zone; a reference that names nothing is
// left out.
func looseTargets(s *State, refs []string) []Target {
	var out []Target
	for _, ref := range refs {
		if p := s.Seat(ref); p >= 0 {
			out = append(out, Target{Player: p})
		} else if ids := s.matchRef(ref, s.objectsIn(ZoneNone)); len(ids) > 0 {
			out = append(out, Target{Obj: uint32(ids[0])})
		}
	}
	return out
}

// withTablePayment: a cast or an activation that names no payment is paid
// with the mana the table's effects spend, when they spend any: which mana
// pays a cost is the player's choice (CR 601.2h), and the table saw it.
// The input itself is left as it is.
func withTablePayment(ev *events.Event) *events.Event {
	var pay []events.Payment
	for _, e := range ev.Effects {
		if e.Op == events.EffSpendMana {
			for range max(e.N, 1) {
				pay = append(pay, events.Payment{Mana: e.Mana, Source: e.Source})
			}
		}
	}
	if len(pay) == 0 {
		return ev
	}
	c := *ev
	switch b := ev.Body.(type) {
	case *events.Cast:
		if b.Pay != nil {
			return ev
		}
		nb := *b
		nb.Pay = pay
		c.Body = &nb
	case *events.Activate:
		if b.Pay != nil {
			return ev
		}
		nb := *b
		nb.Pay = pay
		c.Body = &nb
	default:
		return ev
	}
	return &c
}

// What a random input answers when the table asked for a shuffle.
const whatTableShuffle = "table_shuffle"

// shuffleDiffs are the shuffles the rules ask for and the table doesn't.
func (g *Game) shuffleDiffs(table []int) []string {
	q := g.S.Pending
	if q.Ask == AskRandom && q.Random == events.RandomShuffle && !slices.Contains(table, q.Of) {
		return []string{"the rules ask for a shuffle of " + g.S.playerID(q.Of) + "'s library, the table doesn't"}
	}
	return nil
}

// askShuffles asks the table for the library orders its effects shuffled,
// the seats in order, before the player who would receive priority does;
// a shuffle the rules ask for already isn't asked twice.
func (g *Game) askShuffles(seats []int) error {
	q := g.S.Pending
	if q.Ask == AskRandom && q.Random == events.RandomShuffle {
		seats = slices.DeleteFunc(slices.Clone(seats), func(s int) bool { return s == q.Of })
	}
	if len(seats) == 0 {
		return nil
	}
	if q.Ask != AskPriority {
		return &RuleError{Seq: g.seq, Player: g.actor, Action: "apply the table's effects", Field: "effects",
			Rule: events.RuleTableForm, Reason: "a shuffle can be asked for only where a player would receive priority next; the game waits for " + g.describePending()}
	}
	g.askTableShuffle(seats, q.Player, g.S.Passes)
	return nil
}

// askTableShuffle asks for the first seat's library order; the rest and
// the priority to give back ride in the question.
func (g *Game) askTableShuffle(seats []int, priority, passes int) {
	rest := make([]string, len(seats)-1)
	for i, s := range seats[1:] {
		rest[i] = strconv.Itoa(s)
	}
	g.emit(Effect{Op: OpPriority, Seat: -1, N: passes})
	g.ask(Question{Ask: AskRandom, Player: -1, Random: events.RandomShuffle, Of: seats[0], What: whatTableShuffle,
		N: priority, Max: passes, Options: rest})
}

// afterTableShuffle goes on once a shuffle the table asked for has its
// order: the next shuffle, or priority back to its player.
func (g *Game) afterTableShuffle(q Question) {
	if len(q.Options) > 0 {
		var seats []int
		for _, o := range q.Options {
			n, _ := strconv.Atoi(o)
			seats = append(seats, n)
		}
		g.askTableShuffle(seats, q.N, q.Max)
		return
	}
	g.givePriority(q.N, q.Max)
}
