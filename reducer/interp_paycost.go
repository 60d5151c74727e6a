package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Paying a language cost (CR 601.2h, 602.2b): its mana from the pool, and
// every other part. Parts that take objects the player chooses
// ("Sacrifice a creature", "Discard a card", "Exile a blue card from your
// hand", "Return an Island you control to its owner's hand", "Tap an
// untapped creature you control") are named by the input's cost choices
// (events.CostChoices); where only one choice is possible the input may
// leave it out.

// costPlan is a language cost checked, ready to pay.
type costPlan struct {
	pay                                         []int
	helpers                                     helpers // delve, improvise (interp_delve.go)
	life, energy                                int
	sacrifice, discard, exile, ret, tap, reveal []ObjID
	selfSacrifice, selfDiscard, selfExile       bool
}

// costPart is one choosing part of a cost.
type costPart struct {
	field string // the input's field
	what  string // for messages: "sacrifice"
	sel   *ability.Selector
	refs  []string
	zone  ability.Zone // where the chosen objects are by default
}

// planCost checks cost c of src (the spell or the ability's source),
// paid by seat with X = x; extra is mana added to it (kicker). spell is
// the face cast when src is a spell being cast (its cost may be changed),
// nil for an ability.
func (g *Game) planCost(seat int, src *Object, spell *cards.Card, c *ability.Cost, extra cards.Cost, x int, pay []events.Payment, ch *events.CostChoices) (costPlan, error) {
	return g.planCostHelped(seat, src, spell, c, extra, x, pay, ch, helpers{})
}

// planCostHelped is planCost with objects that pay for generic mana of the
// total cost (delve, improvise: interp_delve.go).
func (g *Game) planCostHelped(seat int, src *Object, spell *cards.Card, c *ability.Cost, extra cards.Cost, x int, pay []events.Payment, ch *events.CostChoices, h helpers) (costPlan, error) {
	s := g.S
	var p costPlan
	if c == nil {
		c = &ability.Cost{}
	}
	if c.Life != nil {
		p.life = fixedAmount(c.Life)
		if s.Players[seat].Life < p.life {
			return p, g.refuse("CR 119.4", "body", "%s has %d life: paying %d life is impossible", s.Players[seat].ID, s.Players[seat].Life, p.life)
		}
	}
	if c.Energy > 0 { // CR 107.14 (interp_energy.go)
		if have := g.energyOf(seat); have < c.Energy {
			return p, g.refuse("CR 107.14", "body", "%s has %d energy: paying %d is impossible", s.Players[seat].ID, have, c.Energy)
		}
		p.energy = c.Energy
	}
	parts := [...]costPart{
		{"body.sacrifice", "sacrifice", c.Sacrifice, ch.Sacrifice, ability.ZoneBattlefield},
		{"body.discard", "discard", c.Discard, ch.Discard, ability.ZoneHand},
		{"body.exile", "exile", c.Exile, ch.Exile, ability.ZoneGraveyard},
		{"body.return", "return to its owner's hand", c.Return, ch.Return, ability.ZoneBattlefield},
		{"body.tap_others", "tap", c.TapOthers, ch.TapOthers, ability.ZoneBattlefield},
		{"body.reveal", "reveal", c.Reveal, ch.Reveal, ability.ZoneHand},
	}
	// Where each part's choice goes, apart from the parts: a part's words
	// reach a refusal, and with them the compiler would move p to the heap.
	into := [len(parts)]*[]ObjID{&p.sacrifice, &p.discard, &p.exile, &p.ret, &p.tap, &p.reveal}
	self := [len(parts)]*bool{&p.selfSacrifice, &p.selfDiscard, &p.selfExile}
	var taken []ObjID
	for i, part := range parts {
		if part.sel == nil {
			if len(part.refs) > 0 {
				return p, g.refuse("CR 601.2h", part.field, "the cost doesn't %s anything", part.what)
			}
			continue
		}
		if part.sel.Ref == ability.Self {
			if self[i] != nil {
				*self[i] = true
			}
			continue
		}
		ids, err := g.chooseCostObjects(seat, src, part, x, taken)
		if err != nil {
			return p, err
		}
		*into[i] = ids
		taken = append(taken, ids...)
	}
	var mana cards.Cost
	var manaBuf [8]cards.Symbol // the usual cost: on the stack
	if base := costMana(c, spell); len(base)+len(extra) > 0 {
		mana = append(append(manaBuf[:0], base...), extra...)
	}
	if c.Reduce != nil { // "This ability costs {1} less to activate for each ..." (interp_reduce.go)
		mana = reduceGeneric(mana, (&evalCtx{g: g, you: seat, src: src.ID, x: x}).amount(c.Reduce))
	}
	var paysFor *Object
	if spell != nil {
		mana = g.changedCost(seat, src, spell, mana, x) // a spell's cost changes (CR 601.2f)
		paysFor = src
	}
	if h.harmonize != 0 { // interp_harmonize.go
		if slices.Contains(taken, h.harmonize) {
			return p, g.refuse("CR 601.2h", "body.harmonize", "%s is named for another cost too", s.objName(h.harmonize))
		}
		mana = reduceGeneric(mana, h.harmonizeBy)
		p.helpers = h
	}
	if h.n() > 0 {
		var err error
		if mana, err = g.payGenericWith(mana, h.n()); err != nil {
			return p, err
		}
		for _, id := range h.delve {
			if slices.Contains(taken, id) {
				return p, g.refuse("CR 601.2h", "body.delve", "%s is named for another cost too", s.objName(id))
			}
		}
		for _, id := range h.improvise {
			if slices.Contains(taken, id) {
				return p, g.refuse("CR 601.2h", "body.improvise", "%s is named for another cost too", s.objName(id))
			}
		}
		p.helpers = h
	}
	for _, id := range h.conspire { // interp_conspire.go
		if slices.Contains(taken, id) || id == h.harmonize {
			return p, g.refuse("CR 601.2h", "body.conspire", "%s is named for another cost too", s.objName(id))
		}
		p.helpers = h
	}
	if len(h.convoke) > 0 { // interp_convoke.go
		for _, id := range h.convoke {
			if slices.Contains(taken, id) || id == h.harmonize {
				return p, g.refuse("CR 601.2h", "body.convoke", "%s is named for another cost too", s.objName(id))
			}
		}
		var err error
		if mana, err = g.payConvoke(mana, x, h.convoke); err != nil {
			return p, err
		}
		p.helpers = h
	}
	plan, err := g.choosePaymentFor(seat, paysFor, mana, x, pay)
	if err != nil {
		return p, err
	}
	p.pay = plan
	return p, nil
}

// costMana is c's mana; a spell's own mana cost comes parsed already
// (langCard.own). Shared: read only.
func costMana(c *ability.Cost, spell *cards.Card) cards.Cost {
	if spell != nil {
		if lc := langOf(spell); lc != nil && c == lc.own {
			return lc.ownMana
		}
	}
	return langMana(c)
}

// chooseCostObjects resolves the objects an input names for one choosing
// part of a cost: each a candidate, once, as many as the cost takes.
func (g *Game) chooseCostObjects(seat int, src *Object, part costPart, x int, taken []ObjID) ([]ObjID, error) {
	s := g.S
	c := &evalCtx{g: g, you: seat, src: src.ID, x: x}
	f := part.sel.Filter
	if f == nil {
		f = &ability.Filter{}
	}
	f = withZone(f, part.zone)
	var cands []ObjID
	for _, id := range c.all(f, nil) {
		o := s.Obj(id)
		if ownerOrController(o) != seat || id == src.ID && part.zone != ability.ZoneBattlefield || slices.Contains(taken, id) {
			continue
		}
		if part.what == "tap" && o.Tapped {
			continue
		}
		cands = append(cands, id)
	}
	lo, hi := 1, 1
	if p := part.sel.Choose; p != nil {
		lo, hi = p.Min, p.Max
		if p.Amount != nil {
			lo = c.amount(p.Amount)
			hi = lo
		}
	}
	if hi < 0 {
		hi = len(cands)
	}
	if len(part.refs) == 0 {
		if len(cands) == lo && lo == hi {
			return cands, nil // only one way to pay
		}
		if len(cands) < lo {
			return nil, g.refuse("CR 601.2h", part.field, "the cost must %s %s, and only %d can be", part.what, countedFilter(lo, f), len(cands))
		}
		return nil, g.refuse("CR 601.2h", part.field, "name what the cost will %s: %s (choices: %s)", part.what, countedFilter(lo, f), s.describeIDs(cands, false))
	}
	var out []ObjID
	for i, ref := range part.refs {
		m := slices.DeleteFunc(s.matchRef(ref, cands), func(id ObjID) bool { return slices.Contains(out, id) })
		if len(m) == 0 {
			return nil, g.refuse("CR 601.2h", part.field+"["+itoa(i)+"]", "%q can't be used to %s: the cost takes %s", ref, part.what, withArticle(filterText(f)))
		}
		out = append(out, m[0])
	}
	switch {
	case len(out) >= lo && len(out) <= hi:
	case lo == hi:
		return nil, g.refuse("CR 601.2h", part.field, "the cost must %s %s, not %d", part.what, countedFilter(lo, f), len(out))
	default:
		return nil, g.refuse("CR 601.2h", part.field, "the cost must %s %d to %s, not %d", part.what, lo, countedFilter(hi, f), len(out))
	}
	return out, nil
}

// payCost pays a planned cost: mana, life, then the objects (the source
// itself last, after the spell or ability is on the stack: the caller
// does that with paySelf).
func (g *Game) payCost(seat int, p costPlan) {
	s := g.S
	g.spend(seat, p.pay)
	g.payHelpers(p.helpers) // interp_delve.go
	if p.life > 0 {
		g.emit(Effect{Op: OpLife, Seat: seat, N: -p.life})
	}
	g.payEnergy(seat, p.energy)
	for _, id := range p.tap {
		g.tapPermanent(id)
	}
	for _, id := range p.sacrifice {
		g.sacrifice(id, seat) // interp_sacrifice.go
	}
	for _, id := range p.discard {
		g.discard(id) // interp_madness.go
	}
	for _, id := range p.exile {
		if o := s.Obj(id); o != nil {
			g.moveQuietExile(o, s.nextObjID(), "a cost")
		}
	}
	for _, id := range p.ret {
		if o := s.Obj(id); o != nil {
			g.move(id, ZoneHand, o.Owner, -1)
		}
	}
}

// paySelf pays the parts of a cost that take the source itself.
func (g *Game) paySelf(src ObjID, p costPlan) {
	o := g.S.Obj(src)
	if o == nil {
		return
	}
	switch {
	case p.selfSacrifice && o.Zone == ZoneBattlefield:
		g.sacrifice(src, o.Controller) // interp_sacrifice.go
	case p.selfDiscard && o.Zone == ZoneHand:
		g.discard(src) // interp_madness.go
	case p.selfExile && o.Zone != ZoneExile:
		g.moveQuietExile(o, g.S.nextObjID(), "a cost")
	}
}
