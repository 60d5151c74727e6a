package reducer

import (
	"fmt"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Madness (CR 702.35a): "If a player would discard this card, that player
// discards it, but exiles it instead of putting it into their graveyard"
// and "When this card is exiled this way, its owner may cast it by paying
// [cost] rather than paying its mana cost. If that player doesn't, they
// put this card into their graveyard."
//
// Every discard goes through discard: a card with madness goes to exile
// (exiled by "madness") and its madness trigger, the keyword's expansion,
// an ability that works in exile, triggers at once. As it resolves its
// owner is asked, as for a rebound (discover.go), a `choose` answering
// "cast" or "no"; after "cast" the pending question is the cast itself
// (AskCast), answered by a `cast` of that card, which pays the madness
// cost (an alternative cost, CR 702.35b; from the mana pool: mana
// abilities are activated before the trigger resolves), ignoring timing
// (CR 608.2g). "no", or a card that can't be cast, goes to the graveyard.
// A card that left exile meanwhile is a new object the trigger can't find.

// verbMadness is the madness trigger's effect; not a verb of the ability
// language.
const verbMadness ability.Verb = "madness"

const (
	// whatMadness names a madness cast's questions and effects.
	whatMadness = "madness"
	// exiledByMadness: what exiled a discarded card with madness.
	exiledByMadness = "madness"
)

func init() { registerVerb(verbMadness, "", verbDoMadness) }

// madnessTrigger is the triggered ability of "Madness [cost]"; it works in
// exile and is triggered by discard, never matched against events.
func madnessTrigger(a *ability.Ability) ability.Ability {
	return ability.Ability{Kind: ability.Triggered, Text: a.Text, Zone: ability.ZoneExile,
		Trigger: &ability.Trigger{Event: ability.ZoneChange, Self: true, From: ability.ZoneHand, To: ability.ZoneExile},
		Effects: []ability.Effect{{Verb: verbMadness}}}
}

// madnessTriggered reports whether a is a madness trigger: discard
// triggers it, no event pattern.
func madnessTriggered(a *ability.Ability) bool {
	return a.Zone == ability.ZoneExile && len(a.Effects) == 1 && a.Effects[0].Verb == verbMadness
}

// madnessSupported: a madness cost the engine pays from the pool, with no
// X (its X would be 0 anyway).
func madnessSupported(k *ability.KeywordAbility) bool {
	if k.Cost == nil || k.N != 0 || k.Filter != nil || k.Text != "" || (ability.Cost{Mana: k.Cost.Mana}) != *k.Cost {
		return false
	}
	c, err := cards.ParseCost(k.Cost.Mana)
	return err == nil && !c.HasX()
}

// madnessIndex is the index of def's madness trigger, or -1.
func madnessIndex(def *cards.Card) int {
	lc := langOf(def)
	if lc == nil || lc.unsupported != nil {
		return -1
	}
	for i, a := range lc.triggered {
		if len(a.Effects) == 1 && a.Effects[0].Verb == verbMadness {
			return i
		}
	}
	return -1
}

// discard moves card id from its owner's hand to their graveyard (CR
// 701.8a), or to exile with its madness trigger; it reports the new
// object.
func (g *Game) discard(id ObjID) ObjID {
	o := g.S.Obj(id)
	if o == nil {
		return 0
	}
	i := -1
	if o.Zone == ZoneHand && !o.Token {
		i = madnessIndex(o.Def)
	}
	if i < 0 {
		return g.move(id, ZoneGraveyard, o.Owner, -1)
	}
	nid := g.S.nextObjID()
	g.emit(Effect{Op: OpMove, Obj: id, To: nid, Zone: ZoneExile, Seat: o.Owner, N: -1, Name: exiledByMadness})
	if n := g.S.Obj(nid); n != nil && n.Zone == ZoneExile {
		g.emitLangTrigger(n, i, 0, n.Owner, nil)
	}
	return nid
}

// verbDoMadness: the owner may cast the card from exile for its madness
// cost, if it's still there.
func verbDoMadness(x *verbRun) {
	if step, _ := x.at(); step == discoverResumes {
		return
	}
	r := x.r
	o := r.g.S.Obj(r.ctx.src)
	if o == nil || o.Zone != ZoneExile {
		return // it left exile: a new object (CR 400.7)
	}
	if r.g.startDiscover(r.o, &discoverRequest{seat: o.Owner, n: -1, rebound: o.ID, madness: true}, false) {
		return
	}
	x.asked = true // the madness trigger's only effect: nothing to resume
}

// madnessAsk offers the cast when the card can be cast for its madness
// cost now; otherwise it goes to the graveyard and the madness is over
// (it reports so).
func (g *Game) madnessAsk(card ObjID) bool {
	s := g.S
	d := s.Discovery
	g.emit(Effect{Op: OpDiscoverFound, To: card})
	if len(g.freeCasts(&lister{g: g}, d.Seat, card, -1, 1)) == 0 {
		g.madnessUncast()
		return true
	}
	g.emit(Effect{Op: OpPriority, Seat: -1})
	g.ask(Question{Ask: AskChoose, Player: d.Seat, What: whatMadness, Options: []string{"cast", "no"}, N: -1, Max: 1,
		Resolving: d.Resolving, Prompt: fmt.Sprintf("madness: cast %s for its madness cost, or put it into your graveyard", descObj(s, card))})
	return false
}

// madnessUncast puts the uncast card into its owner's graveyard and ends
// the madness.
func (g *Game) madnessUncast() {
	d := g.S.Discovery
	if o := g.S.Obj(d.Card); o != nil && o.Zone == ZoneExile {
		g.move(o.ID, ZoneGraveyard, o.Owner, -1)
	}
	g.emit(Effect{Op: OpDiscoverEnd, Name: d.endName()})
}

// planMadnessCast is planFreeCastOf's end for a madness cast: the spell's
// modes and targets, its madness cost and additional costs paid.
func (g *Game) planMadnessCast(seat int, o *Object, id ObjID, face string, def *cards.Card, b *events.Cast) (castPlan, error) {
	lc := langOf(def)
	c := keywordCost(def, "Madness")
	if lc == nil || c == nil {
		return castPlan{}, g.refuse("CR 702.35a", "body.card", "%s has no madness cost", def.Name)
	}
	if b.Alternative != "" && b.Alternative != whatMadness {
		return castPlan{}, g.refuse("CR 118.9a", "body.alternative", "%s is cast for its madness cost, with no other alternative cost", def.Name)
	}
	lp, err := g.planLangCast(seat, o, def, lc.spell, b)
	if err != nil {
		return castPlan{}, err
	}
	plan := castPlan{obj: id, face: face, from: o.Zone, targets: lp.targets, lang: &lp}
	cost, err := g.langAdditionalCosts(def, lc, b, c)
	if err != nil {
		return castPlan{}, err
	}
	cp, err := g.planCost(seat, o, def, cost, nil, 0, b.Pay, &b.CostChoices)
	if err != nil {
		return castPlan{}, err
	}
	plan.pay, lp.costs = cp.pay, &cp
	return plan, nil
}
