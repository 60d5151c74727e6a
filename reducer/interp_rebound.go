package reducer

import (
	"fmt"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Rebound (CR 702.88a): "If this spell was cast from your hand, instead
// of putting it into your graveyard as it resolves, exile it and, at the
// beginning of your next upkeep, you may cast this card from exile without
// paying its mana cost."
//
// A resolving spell with rebound that was cast from its owner's hand (not
// a copy) is exiled instead (exiled by "rebound"), and the turn is noted
// on it (a Use). At the beginning of its owner's next upkeep its rebound
// trigger (the keyword's expansion, an ability that works in exile) goes
// on the stack once; as it resolves, its owner may cast the card: the
// `choose` answers "cast" or "no", then the `cast` itself comes as for a
// discover (discover.go: timing rules don't apply, X is 0, costs added to
// the spell are paid). A card left uncast stays in exile.

// verbRebound is the rebound trigger's effect; it isn't a verb of the
// ability language, so no declared card names it.
const verbRebound ability.Verb = "rebound"

const (
	// whatRebound names a rebound's questions and effects.
	whatRebound = "rebound"
	// useRebound: the turn the card was exiled by rebound; useRebounded:
	// its rebound triggered (the Use that replaces the first).
	useRebound   = "rebound"
	useRebounded = "rebounded"
)

func init() { registerVerb(verbRebound, "", verbDoRebound) }

// reboundTrigger is the delayed upkeep trigger the keyword stands for; it
// works while the card is in exile.
func reboundTrigger(a *ability.Ability) ability.Ability {
	return ability.Ability{Kind: ability.Triggered, Text: a.Text, Zone: ability.ZoneExile,
		Trigger: &ability.Trigger{Event: ability.StepBegins, Step: ability.StepUpkeep, Player: "you"},
		Effects: []ability.Effect{{Verb: verbRebound}}}
}

// reboundIndex is the index of def's rebound trigger, or -1.
func reboundIndex(def *cards.Card) int {
	lc := langOf(def)
	if lc == nil || lc.unsupported != nil {
		return -1
	}
	for i, a := range lc.triggered {
		if len(a.Effects) == 1 && a.Effects[0].Verb == verbRebound {
			return i
		}
	}
	return -1
}

// reboundExile exiles a resolving spell with rebound cast from its
// owner's hand instead of putting it into the graveyard; it reports
// whether it did.
func (g *Game) reboundExile(o *Object) bool {
	if o.isAbility() || o.isSpellCopy() || o.CastFrom != ZoneNone || !o.Cast && o.Card == 0 || reboundIndex(o.Def) < 0 {
		return false
	}
	nid := g.S.nextObjID()
	g.emit(Effect{Op: OpMove, Obj: o.ID, To: nid, Zone: ZoneExile, Seat: o.Owner, N: -1, Name: whatRebound})
	g.emit(Effect{Op: OpUsed, Obj: nid, Kind: useRebound})
	return true
}

// reboundFire: the beginning of seat's upkeep triggers the rebound of each
// card seat's spell exiled by rebound on an earlier turn, once.
func (g *Game) reboundFire(seat int) {
	s := g.S
	for _, id := range append([]ObjID(nil), s.Exile...) {
		o := s.Objects[id]
		if o.Owner != seat || o.ExiledBy != whatRebound {
			continue
		}
		waiting := false
		for _, u := range o.Used {
			waiting = waiting || u.Kind == useRebound && u.Turn < s.Turn
		}
		if i := reboundIndex(o.Def); waiting && i >= 0 {
			g.emitLangTrigger(o, i, 0, seat, nil)
			g.emit(Effect{Op: OpUsed, Obj: o.ID, Kind: useRebounded})
		}
	}
}

// verbDoRebound: the owner may cast the card from exile, if it's still
// there.
func verbDoRebound(x *verbRun) {
	if step, _ := x.at(); step == discoverResumes {
		return
	}
	r := x.r
	o := r.g.S.Obj(r.ctx.src)
	if o == nil || o.Zone != ZoneExile {
		return // it left exile: a new object, which the trigger can't find (CR 400.7)
	}
	if r.g.startDiscover(r.o, &discoverRequest{seat: o.Owner, n: -1, rebound: o.ID}, false) {
		return
	}
	x.asked = true // the rebound is the trigger's only effect: nothing to resume
}

// reboundAsk offers the cast, when the card can be cast; it reports
// whether the rebound is over already.
func (g *Game) reboundAsk(card ObjID) bool {
	s := g.S
	d := s.Discovery
	g.emit(Effect{Op: OpDiscoverFound, To: card})
	if len(g.freeCasts(&lister{g: g}, d.Seat, card, -1, 1)) == 0 {
		g.emit(Effect{Op: OpDiscoverEnd, Name: d.endName()})
		return true
	}
	g.emit(Effect{Op: OpPriority, Seat: -1})
	g.ask(Question{Ask: AskChoose, Player: d.Seat, What: whatRebound, Options: []string{"cast", "no"}, N: -1, Max: 1,
		Resolving: d.Resolving, Prompt: fmt.Sprintf("rebound: cast %s without paying its mana cost, or leave it in exile", descObj(s, card))})
	return false
}
