package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Effects written in place. emit takes a whole Effect (some 220 bytes),
// built by its caller and copied into the input's effects; the effects
// made most often (who has priority, the question, a step, a tap, a zone
// change, a card created, mana added) are instead written field by field
// into the next slot of the effects, zeroed first, and applied there. A
// replay of a recorded tournament makes several of these per input.

// emitPriority emits OpPriority: seat (or -1) receives priority with
// passes consecutive passes. With the pending question (emitAsk) it is
// half of all effects, so it is written in place, field by field, not
// built as a whole Effect and copied in by emit.
// Neither drops a cache (State.keepsCaches), so each makes its change
// directly, not through apply.
func (g *Game) emitPriority(seat, passes int) {
	e := g.nextOut()
	e.Op, e.Seat, e.N = OpPriority, seat, passes
	g.S.givePriority(seat, passes)
}

// emitAsk emits OpAsk for q, in place as emitPriority.
func (g *Game) emitAsk(q *Question) {
	e := g.nextOut()
	e.Op, e.Ask = OpAsk, q
	g.S.askNow(q)
}

// nextOut appends a zero effect to out and returns it.
func (g *Game) nextOut() *Effect {
	if len(g.out) == cap(g.out) {
		g.growOut()
	}
	g.out = g.out[:len(g.out)+1]
	e := &g.out[len(g.out)-1]
	*e = Effect{} // a reused arena holds the effects of an input before
	return e
}

// emitStep emits OpStep: the game moves to step st of turn n, seat
// active.
//
// A step of the same turn with the same active player keeps every cache
// (State.keepsCaches) and is made directly, as emitPriority's change.
func (g *Game) emitStep(n int, st Step, seat int) {
	e := g.nextOut()
	e.Op, e.N, e.Step, e.Seat = OpStep, n, st, seat
	if s := g.S; n == s.Turn && seat == s.Active {
		s.Step = st // OpStep's change within a turn (State.change)
		return
	}
	g.S.apply(e)
}

// emitObj emits op (OpTap, OpUntap, OpSick) for object id with n.
//
// A tap or an untap where nothing reads tapped status keeps every cache
// (State.quietInPlain) and is made directly, as emitPriority's change.
func (g *Game) emitObj(op Op, id ObjID, n int) {
	e := g.nextOut()
	e.Op, e.Obj, e.N = op, id, n
	if s := g.S; (op == OpTap || op == OpUntap) && s.tapBlind() {
		s.mustObj(id).Tapped = op == OpTap // OpTap's and OpUntap's change (State.change)
		return
	}
	g.S.apply(e)
}

// emitMove emits OpMove: id leaves its zone and becomes object to in
// zone, controlled by seat, at position pos.
func (g *Game) emitMove(id, to ObjID, zone Zone, seat, pos int) {
	e := g.nextOut()
	e.Op, e.Obj, e.To, e.Zone, e.Seat, e.N = OpMove, id, to, zone, seat, pos
	g.S.apply(e)
}

// emitCreate emits OpCreate: object id for card, owned by seat, in zone
// at position pos.
func (g *Game) emitCreate(id ObjID, card CardID, seat int, zone Zone, pos int) {
	e := g.nextOut()
	e.Op, e.Obj, e.Card, e.Seat, e.Zone, e.N = OpCreate, id, card, seat, zone, pos
	g.S.apply(e)
}

// emitAddMana emits OpAddMana: one mana of color c from source src to
// seat's pool; n and spend as OpAddMana says.
func (g *Game) emitAddMana(seat int, src ObjID, c cards.Color, n int, spend *ability.Filter) {
	e := g.nextOut()
	e.Op, e.Seat, e.Obj, e.Color, e.N, e.Spend = OpAddMana, seat, src, c, n, spend
	g.S.addMana(e) // keeps every cache, as emitPriority
}

// emitCard emits OpCard: card is name, owned by seat; n is 1 for a card
// that starts in the sideboard.
func (g *Game) emitCard(card CardID, seat int, name string, n int) {
	e := g.nextOut()
	e.Op, e.Card, e.Seat, e.Name, e.N = OpCard, card, seat, name, n
	g.S.apply(e)
}
