package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Dash (CR 702.109a): "You may cast this card by paying [cost] rather
// than its mana cost", "If this spell's dash cost was paid, return the
// permanent this spell becomes to its owner's hand at the beginning of
// the next end step" and "As long as this permanent's dash cost was paid,
// it has haste." The cast names "alternative": "dash"; the permanent
// remembers it (Object.CastWith), gains haste for as long as it stays on
// the battlefield, and the delayed ability dashReturn waits for the next
// end step (set up as it enters, as warp's is: interp_warp.go).

// verbDashReturn is the delayed ability's effect; not a verb of the
// ability language.
const verbDashReturn ability.Verb = "dash_return"

func init() { registerVerb(verbDashReturn, "", verbDoDashReturn) }

// dashReturn is the delayed ability dash sets up; its source is the
// permanent.
var dashReturn = &ability.Ability{Kind: ability.Triggered,
	Text:    "At the beginning of the next end step, return this permanent to its owner's hand.",
	Trigger: &ability.Trigger{Event: ability.StepBegins, Step: ability.StepEnd},
	Effects: []ability.Effect{{Verb: verbDashReturn}}}

// hasDash reports whether a language card has a dash cost.
func hasDash(lc *langCard) bool {
	return slices.ContainsFunc(lc.keywords, func(a *ability.Ability) bool { return a.Keyword.Name == "Dash" && a.Keyword.Cost != nil })
}

// dashEnters gives a permanent whose dash cost was paid haste and sets up
// its return at the next end step.
func (g *Game) dashEnters(o *Object) {
	if o.CastWith != "dash" {
		return
	}
	lc := langOf(o.Def)
	if lc == nil {
		return
	}
	k := slices.Index(lc.delayed, dashReturn)
	if k < 0 {
		return
	}
	g.addContinuous(Continuous{Source: o.ID, Controller: o.Controller, Objects: []ObjID{o.ID}, Until: UntilLeaves, AddKeywords: []string{"Haste"}})
	g.emit(Effect{Op: OpDelayed, Obj: o.ID, Name: o.Def.Name, N: delayedBase + k, Seat: o.Controller, LKI: lkiOf(o), Facts: g.S.describedFacts(o.Def)})
}

// verbDoDashReturn returns the permanent to its owner's hand, if it is
// still the one that entered.
func verbDoDashReturn(x *verbRun) {
	g := x.r.g
	o := g.S.Obj(x.r.ctx.src)
	if o == nil || o.Zone != ZoneBattlefield {
		return // it left: a new object the ability can't find (CR 400.7)
	}
	g.move(o.ID, ZoneHand, o.Owner, -1)
	x.did = true
}
