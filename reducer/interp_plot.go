package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Plot (CR 702.170). "Plot [cost]" works while the card is in its owner's
// hand: any time they have priority during their own main phase with an
// empty stack, they may pay the cost and exile the card; it becomes
// plotted (CR 702.170a). That is a special action (CR 116.2k), not an
// ability: nothing goes on the stack and the player keeps priority. The
// input is an `activate` naming the card as its source with "special":
// "plot" (and `pay` as for any cost).
//
// On any later turn, its owner may cast the plotted card from exile
// without paying its mana cost, during their main phase while the stack is
// empty (CR 702.170d) — as a sorcery, whatever its type. The permission is
// the exiled card's MayCastPlot; the turn it was plotted is its Use
// usePlotted. Cast that way, X is 0 (CR 107.3b) and additional costs are
// paid as usual.

// specialPlot is the special action of plot.
const specialPlot = "plot"

// MayCastPlot: the owner may cast the plotted card (CR 702.170d).
const MayCastPlot = "plot"

// usePlotted marks the turn the card became plotted.
const usePlotted = "plotted"

// plotCost is the card's plot cost, or nil.
func plotCost(def *cards.Card) *ability.Cost {
	lc := langOf(def)
	if lc == nil || lc.unsupported != nil {
		return nil
	}
	for _, a := range lc.keywords {
		if k := a.Keyword; k.Name == "Plot" && plotSupported(k) {
			return k.Cost
		}
	}
	return nil
}

// plotSupported: "Plot [mana]".
func plotSupported(k *ability.KeywordAbility) bool {
	return k.Cost != nil && k.Cost.Mana != "" && (ability.Cost{Mana: k.Cost.Mana}) == *k.Cost && k.N == 0 && k.Filter == nil && k.Text == ""
}

// plotPlan is a plot the rules allow: the card and the mana paid.
type plotPlan struct {
	obj ObjID
	pay []int
}

// planSpecial checks a special action (an activate with Special).
func (g *Game) planSpecial(seat int, b *events.Activate) (plotPlan, error) {
	s := g.S
	if b.Special != specialPlot {
		return plotPlan{}, g.refuse("CR 116.2", "body.special", "%q is no special action the rules know: the one modelled is %q", b.Special, specialPlot)
	}
	g.action = "plot " + string(b.Source)
	cands := s.matchRef(b.Source, s.Players[seat].Hand)
	if len(cands) == 0 {
		return plotPlan{}, g.refuse("CR 702.170a", "body.source", "%q is not a card in %s's hand: only a card in its owner's hand is plotted", b.Source, s.Players[seat].ID)
	}
	if s.Active != seat || s.Step != StepMain1 && s.Step != StepMain2 || len(s.Stack) > 0 {
		return plotPlan{}, g.refuse("CR 702.170a", "body.special", "a card is plotted only during its owner's main phase while the stack is empty")
	}
	var first error
	for _, id := range cands {
		o := s.Objects[id]
		c := plotCost(o.Def)
		if c == nil {
			if first == nil {
				first = g.refuse("CR 702.170a", "body.source", "%s has no plot ability the engine carries out", o.Name())
			}
			continue
		}
		cost, err := cards.ParseCost(c.Mana)
		if err != nil {
			return plotPlan{}, g.refuse("CR 702.170a", "body.source", "%s's plot cost %s can't be paid", o.Name(), c.Mana)
		}
		pay, err := g.choosePaymentFor(seat, nil, cost, 0, b.Pay)
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		return plotPlan{obj: id, pay: pay}, nil
	}
	return plotPlan{}, first
}

// doSpecial plots the card: the cost is paid, the card exiled and
// plotted, and its owner keeps priority (CR 116.3c).
func (g *Game) doSpecial(seat int, b *events.Activate) {
	p, _ := g.planSpecial(seat, b)
	s := g.S
	o := s.Objects[p.obj]
	g.spend(seat, p.pay)
	nid := s.nextObjID()
	g.emit(Effect{Op: OpMove, Obj: o.ID, To: nid, Zone: ZoneExile, Seat: o.Owner, N: -1, Name: MayCastPlot})
	g.emit(Effect{Op: OpMayCast, Obj: nid, Seat: o.Owner, Kind: MayCastPlot})
	g.emit(Effect{Op: OpUsed, Obj: nid, Kind: usePlotted})
	g.acted(seat)
}

// plotted reports whether o is a plotted card seat may cast with plot.
func (o *Object) plotted(seat int) bool {
	return o.Zone == ZoneExile && slices.ContainsFunc(o.MayCast, func(p Permission) bool { return p.Seat == seat && p.Kind == MayCastPlot })
}

// plotAllows checks the plot permission: a later turn than the one it was
// plotted in, its owner's main phase, an empty stack (CR 702.170d).
func (g *Game) plotAllows(o *Object) error {
	s := g.S
	for _, u := range o.Used {
		if u.Kind == usePlotted && u.Turn >= s.Turn {
			return g.refuse("CR 702.170d", "body.card", "%s was plotted this turn: it may be cast on a later turn", o.Name())
		}
	}
	if s.Active != o.Owner || s.Step != StepMain1 && s.Step != StepMain2 || len(s.Stack) > 0 {
		return g.refuse("CR 702.170d", "body.card", "a plotted card is cast only during its owner's main phase while the stack is empty")
	}
	return nil
}

// plotCastCost: a plotted card is cast without paying its mana cost (CR
// 702.170d), so with no alternative cost of another kind (CR 118.9a) and
// X 0 (CR 107.3b).
func (g *Game) plotCastCost(def *cards.Card, b *events.Cast) (*ability.Cost, error) {
	if b.Alternative != "" && b.Alternative != MayCastPlot {
		return nil, g.refuse("CR 118.9a", "body.alternative", "%s is plotted: it is cast without paying its mana cost, and with no other alternative cost", def.Name)
	}
	if b.X != 0 {
		return nil, g.refuse("CR 107.3b", "body.x", "cast without paying its mana cost, %s's X is 0, not %d", def.Name, b.X)
	}
	return &ability.Cost{}, nil
}
