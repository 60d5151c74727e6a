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
	if b.Special == specialForetell {
		return g.planForetell(seat, b)
	}
	if b.Special != specialPlot {
		return plotPlan{}, g.refuse("CR 116.2", "body.special", "%q is no special action the rules know: those modelled are %q and %q", b.Special, specialPlot, specialForetell)
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

// doSpecial plots or foretells the card: the cost is paid, the card
// exiled and plotted (or foretold, face down), and its owner keeps
// priority (CR 116.3c).
func (g *Game) doSpecial(seat int, b *events.Activate) {
	p, _ := g.planSpecial(seat, b)
	s := g.S
	o := s.Objects[p.obj]
	g.spend(seat, p.pay)
	nid := s.nextObjID()
	if b.Special == specialForetell {
		g.emit(Effect{Op: OpMove, Obj: o.ID, To: nid, Zone: ZoneExile, Seat: o.Owner, N: -1, Name: MayCastForetell})
		g.emit(Effect{Op: OpFaceDown, Obj: nid, N: 1})
		g.emit(Effect{Op: OpMayCast, Obj: nid, Seat: o.Owner, Kind: MayCastForetell})
		g.emit(Effect{Op: OpUsed, Obj: nid, Kind: useForetold})
		g.acted(seat)
		return
	}
	g.emit(Effect{Op: OpMove, Obj: o.ID, To: nid, Zone: ZoneExile, Seat: o.Owner, N: -1, Name: MayCastPlot})
	g.emit(Effect{Op: OpMayCast, Obj: nid, Seat: o.Owner, Kind: MayCastPlot})
	g.emit(Effect{Op: OpUsed, Obj: nid, Kind: usePlotted})
	g.acted(seat)
}

// planForetell checks a foretell: a card with foretell in seat's hand,
// during seat's turn, {2} paid (CR 702.143a).
func (g *Game) planForetell(seat int, b *events.Activate) (plotPlan, error) {
	s := g.S
	g.action = "foretell " + string(b.Source)
	cands := s.matchRef(b.Source, s.Players[seat].Hand)
	if len(cands) == 0 {
		return plotPlan{}, g.refuse("CR 702.143a", "body.source", "%q is not a card in %s's hand: only a card in its owner's hand is foretold", b.Source, s.Players[seat].ID)
	}
	if s.Active != seat {
		return plotPlan{}, g.refuse("CR 702.143a", "body.special", "a card is foretold only during its owner's turn")
	}
	var first error
	for _, id := range cands {
		if foretellCost(s.Objects[id].Def) == nil {
			if first == nil {
				first = g.refuse("CR 702.143a", "body.source", "%s has no foretell ability the engine carries out", s.Objects[id].Name())
			}
			continue
		}
		two, _ := cards.ParseCost("{2}")
		pay, err := g.choosePaymentFor(seat, nil, two, 0, b.Pay)
		if err != nil {
			return plotPlan{}, err
		}
		return plotPlan{obj: id, pay: pay}, nil
	}
	return plotPlan{}, first
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

// Foretell (CR 702.143a) is the other special action: any time its owner
// has priority during their turn, they may pay {2} and exile the card
// from their hand face down ("special": "foretell"); only they may look at
// it. On a later turn they may cast it from exile for its foretell cost
// rather than its mana cost (a plain `cast`, or "alternative":
// "foretell"), at the time its type allows.

const (
	specialForetell = "foretell"
	// MayCastForetell: the owner may cast the foretold card.
	MayCastForetell = "foretell"
	useForetold     = "foretold"
)

// foretellCost is the card's foretell cost, or nil.
func foretellCost(def *cards.Card) *ability.Cost {
	if c := keywordCost(def, "Foretell"); c != nil && plotSupported(&ability.KeywordAbility{Cost: c}) {
		return c
	}
	return nil
}

// foretold reports whether o is a foretold card seat may cast.
func (o *Object) foretold(seat int) bool {
	return o.Zone == ZoneExile && slices.ContainsFunc(o.MayCast, func(p Permission) bool { return p.Seat == seat && p.Kind == MayCastForetell })
}

// foretellAllows: on a later turn than the one it was foretold in (CR
// 702.143a).
func (g *Game) foretellAllows(o *Object) error {
	for _, u := range o.Used {
		if u.Kind == useForetold && u.Turn >= g.S.Turn {
			return g.refuse("CR 702.143a", "body.card", "%s was foretold this turn: it may be cast on a later turn", o.Name())
		}
	}
	return nil
}

// foretellCastCost: a foretold card is cast for its foretell cost.
func (g *Game) foretellCastCost(def *cards.Card, b *events.Cast) (*ability.Cost, error) {
	c := foretellCost(def)
	if c == nil || b.Alternative != "" && b.Alternative != MayCastForetell {
		return nil, g.refuse("CR 702.143a", "body.alternative", "%s is foretold: it is cast for its foretell cost, and with no other alternative cost", def.Name)
	}
	return c, nil
}
