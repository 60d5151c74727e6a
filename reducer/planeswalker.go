package reducer

import (
	"slices"
	"strconv"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Planeswalkers (CR 306, 606). A planeswalker enters with its printed
// loyalty in loyalty counters (CR 306.5b). Its loyalty abilities are
// `activate` inputs like any activated ability (the index counts the
// card's activated abilities in Oracle order); the cost adds or removes
// loyalty counters (CR 606.4), a player may activate them only with
// priority in a main phase of their own turn with an empty stack, and
// only one loyalty ability of each planeswalker each turn (CR 606.3); a
// negative cost needs that many counters (CR 606.6). Damage dealt to a
// planeswalker removes that many loyalty counters (CR 120.3c) and a
// planeswalker with no loyalty goes to its owner's graveyard as a
// state-based action (CR 704.5i). Creatures may attack a planeswalker an
// opponent controls: an `attack` names it as the defender (by object id
// or name), and unblocked it takes the combat damage (CR 506.3, 510.1).
// "Any target" includes planeswalkers (CR 115.4); damage to a player is
// never redirected to one.

// OpUsed: the permanent Obj used its once-a-turn ability Kind this turn
// (a loyalty ability, Johann's cast from the top).
const OpUsed Op = 160

// Kinds of once-a-turn uses.
const (
	useLoyalty = "loyalty"
	useTopCast = "cast_from_top"
)

func init() {
	registerOp(OpUsed, func(s *State, e *Effect) {
		o := s.mustObj(e.Obj)
		o.Used = slices.DeleteFunc(o.Used, func(u Use) bool { return u.Turn != s.Turn || u.Kind == e.Kind })
		o.Used = append(o.Used, Use{Kind: e.Kind, Turn: s.Turn})
	})
	extDescribe[OpUsed] = func(s *State, e Effect) string {
		switch e.Kind {
		case useForetold:
			return descObj(s, e.Obj) + " became foretold this turn" // interp_plot.go
		case usePlotted:
			return descObj(s, e.Obj) + " became plotted this turn" // interp_plot.go
		case useRebound:
			return descObj(s, e.Obj) + " will rebound at its owner's next upkeep" // interp_rebound.go
		case useRebounded:
			return descObj(s, e.Obj) + "'s rebound triggered"
		}
		what := map[string]string{useLoyalty: "a loyalty ability", useTopCast: "its permission to cast from the top of the library"}[e.Kind]
		if what == "" {
			what = e.Kind
		}
		return descObj(s, e.Obj) + " used " + what + " this turn"
	}
}

// usedThisTurn reports whether o used its once-a-turn ability kind this turn.
func (s *State) usedThisTurn(o *Object, kind string) bool {
	return slices.ContainsFunc(o.Used, func(u Use) bool { return u.Kind == kind && u.Turn == s.Turn })
}

// printedLoyalty is a planeswalker card's loyalty, or 0.
func printedLoyalty(d *cards.Card) int {
	if d == nil {
		return 0
	}
	n, _ := strconv.Atoi(d.Loyalty)
	return n
}

// checkLoyalty: the timing and once-a-turn rules of loyalty abilities and
// a negative cost's counters (CR 606.3, 606.6).
func (g *Game) checkLoyalty(seat int, o *Object, ab *cards.Activated) error {
	return g.checkLoyaltyCost(seat, o, ab.Loyalty)
}

// checkLoyaltyCost is checkLoyalty for a cost of loyalty counters.
func (g *Game) checkLoyaltyCost(seat int, o *Object, loyalty int) error {
	s := g.S
	name := s.nameOf(o.ID)
	switch {
	case s.Active != seat:
		return g.refuse("CR 606.3", "body.source", "%s's loyalty abilities can be activated only in %s's own turn: it is %s's turn", name, s.Players[seat].ID, s.Players[s.Active].ID)
	case s.Step != StepMain1 && s.Step != StepMain2:
		return g.refuse("CR 606.3", "body.source", "loyalty abilities are activated only in a main phase, not %s", s.Step)
	case len(s.Stack) > 0:
		return g.refuse("CR 606.3", "body.source", "loyalty abilities are activated only when the stack is empty")
	case s.usedThisTurn(o, useLoyalty):
		return g.refuse("CR 606.3", "body.source", "a loyalty ability of %s has been activated this turn already", name)
	case loyalty < 0 && o.counter("loyalty") < -loyalty:
		return g.refuse("CR 606.6", "body.ability", "%s has %d loyalty: the cost %d can't be paid", name, o.counter("loyalty"), loyalty)
	}
	return nil
}

// payLoyalty pays a loyalty ability's cost and records the use.
func (g *Game) payLoyalty(src ObjID, ab *cards.Activated) { g.payLoyaltyCost(src, ab.Loyalty) }

// payLoyaltyCost pays a cost of loyalty counters and records the use.
func (g *Game) payLoyaltyCost(src ObjID, loyalty int) {
	if loyalty != 0 {
		g.emit(Effect{Op: OpCounter, Obj: src, Kind: "loyalty", N: loyalty})
	}
	g.emit(Effect{Op: OpUsed, Obj: src, Kind: useLoyalty})
}

// damagePlaneswalker removes loyalty for damage dealt to a planeswalker
// (CR 120.3c).
func (g *Game) damagePlaneswalker(o *Object, n int) {
	if have := o.counter("loyalty"); have > 0 {
		g.emit(Effect{Op: OpCounter, Obj: o.ID, Kind: "loyalty", N: -min(n, have)})
	}
}

// planeswalkersOutOfLoyalty are the planeswalkers with 0 loyalty (CR 704.5i).
func (g *Game) planeswalkersOutOfLoyalty() []ObjID {
	var out []ObjID
	for _, id := range g.S.printedOr(g.S.sources().walkers) { // sba.go
		if o := g.S.Objects[id]; o.Is("Planeswalker") && o.counter("loyalty") <= 0 {
			out = append(out, id)
		}
	}
	return out
}

// attackablePlaneswalker finds the planeswalker an attack names as its
// defender: one on the battlefield that an opponent of seat controls.
func (g *Game) attackablePlaneswalker(seat int, ref string) (ObjID, string) {
	s := g.S
	why := ""
	for _, id := range s.matchRef(ref, s.Battlefield) {
		o := s.Objects[id]
		switch {
		case !o.Is("Planeswalker"):
			why = s.objName(id) + " is not a planeswalker"
		case o.Controller == seat:
			why = s.objName(id) + " is " + s.Players[seat].ID + "'s own planeswalker"
		default:
			return id, ""
		}
	}
	if why == "" {
		why = strconv.Quote(ref) + " is neither an opponent nor a planeswalker an opponent controls"
	}
	return 0, why
}
