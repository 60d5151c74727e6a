package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Warp (CR 702.185a): "You may cast this card from your hand by paying
// [cost] rather than its mana cost" and "If this spell's warp cost was
// paid, exile the permanent this spell becomes at the beginning of the
// next end step. Its owner may cast this card after the current turn has
// ended for as long as it remains exiled."
//
// The cast names "alternative": "warp" (only from the hand). The permanent
// remembers it (Object.CastWith) and, as it enters, the delayed ability
// warpExile waits for the next end step (a delayed trigger the keyword's
// static ability sets up, so nothing goes on the stack for it until then).
// As it resolves it exiles the permanent, still the same object (CR
// 400.7), and gives its owner the permission MayCastWarp, good from the
// next turn on (its Use useWarped is the turn it was exiled). Cast that
// way the card pays its own costs: warp is for casting from the hand.

// verbWarpExile is the delayed ability's effect; not a verb of the
// ability language.
const verbWarpExile ability.Verb = "warp_exile"

const (
	// MayCastWarp: the owner may cast the warped card from exile after
	// the turn it was exiled in.
	MayCastWarp = "warp"
	// useWarped marks the turn it was exiled.
	useWarped = "warped"
	// exiledByWarp is how the exiled card records who exiled it.
	exiledByWarp = "warp"
)

func init() { registerVerb(verbWarpExile, "", verbDoWarpExile) }

// warpExile is the delayed ability warp sets up; its source is the
// permanent.
var warpExile = &ability.Ability{Kind: ability.Triggered,
	Text:    "At the beginning of the next end step, exile this permanent. Its owner may cast it after this turn.",
	Trigger: &ability.Trigger{Event: ability.StepBegins, Step: ability.StepEnd},
	Effects: []ability.Effect{{Verb: verbWarpExile}}}

// hasWarp reports whether a language card has a warp cost.
func hasWarp(lc *langCard) bool {
	return slices.ContainsFunc(lc.keywords, func(a *ability.Ability) bool { return a.Keyword.Name == "Warp" && a.Keyword.Cost != nil })
}

// warpEnters sets up the end-step exile of a permanent whose spell's warp
// cost was paid.
func (g *Game) warpEnters(o *Object) {
	if o.CastWith != MayCastWarp {
		return
	}
	def := o.Def
	lc := langOf(def)
	if lc == nil {
		return
	}
	k := slices.Index(lc.delayed, warpExile)
	if k < 0 {
		return
	}
	g.emit(Effect{Op: OpDelayed, Obj: o.ID, Name: def.Name, N: delayedBase + k, Seat: o.Controller, LKI: lkiOf(o), Facts: g.S.describedFacts(def)})
}

// verbDoWarpExile exiles the permanent, if it is still the one that
// entered, with its owner's permission to cast it on a later turn.
func verbDoWarpExile(x *verbRun) {
	g := x.r.g
	o := g.S.Obj(x.r.ctx.src)
	if o == nil || o.Zone != ZoneBattlefield {
		return // it left: a new object the ability can't find (CR 400.7)
	}
	nid := g.S.nextObjID()
	g.emit(Effect{Op: OpMove, Obj: o.ID, To: nid, Zone: ZoneExile, Seat: o.Owner, N: -1, Name: exiledByWarp})
	if moved := g.S.Obj(nid); moved == nil || moved.Zone != ZoneExile || moved.Token {
		return
	}
	g.emit(Effect{Op: OpMayCast, Obj: nid, Seat: o.Owner, Kind: MayCastWarp})
	g.emit(Effect{Op: OpUsed, Obj: nid, Kind: useWarped})
	x.did = true
}

// warpAllows: a warped card is cast after the turn it was exiled in (CR
// 702.185a).
func (g *Game) warpAllows(o *Object) error {
	for _, u := range o.Used {
		if u.Kind == useWarped && u.Turn >= g.S.Turn {
			return g.refuse("CR 702.185a", "body.card", "%s was exiled by its warp this turn: it may be cast after this turn has ended", o.Name())
		}
	}
	return nil
}

// warpFromHand: warp's cost is paid only for a cast from the hand.
func (g *Game) warpFromHand(o *Object, def *cards.Card) error {
	if o.Zone != ZoneHand {
		return g.refuse("CR 702.185a", "body.alternative", "%s is cast for its warp cost only from its owner's hand, not from %s", def.Name, castFromName(o.Zone))
	}
	return nil
}
