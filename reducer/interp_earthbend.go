package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Earthbend N, a keyword action: "Target land you control becomes a 0/0
// creature with haste that's still a land. Put N +1/+1 counters on it.
// When it dies or is exiled, return it to the battlefield tapped." The
// target is the ability's own: the engine adds the slot to an ability
// whose text says "earthbend N" (lowerEarthbend), so it is chosen as the
// ability is activated or put on the stack (CR 601.2c, 603.3d). The land
// becomes a creature for as long as it stays on the battlefield (layers 4
// and 7b, CR 613.1); the return is a delayed ability about that land (CR
// 603.7), which finds the card in the graveyard or exile (CR 400.7d).

func init() { registerVerb(ability.Earthbend, "player amount object", verbEarthbend) }

// earthbendReturn is the delayed ability an earthbend sets up: its Self
// is the land it refers to.
var earthbendReturn = &ability.Ability{
	Kind: ability.Triggered, Text: "When it dies or is exiled, return it to the battlefield tapped.",
	Trigger: &ability.Trigger{Event: ability.Dies, Self: true,
		Or: []ability.Trigger{{Event: ability.ZoneChange, Self: true, From: ability.ZoneBattlefield, To: ability.ZoneExile}}},
	Effects: []ability.Effect{{Verb: ability.Move, Object: &ability.Selector{Ref: ability.EventObject}, Zone: ability.ZoneBattlefield, Tapped: true}},
}

// earthbendTarget is the slot of "target land you control".
var earthbendTarget = ability.Target{Min: 1, Max: 1, Filter: &ability.Filter{Types: []string{"land"}, Controller: "you"}}

// lowerEarthbend returns a with a target slot for each earthbend of its
// effects that names no object, or a itself.
func lowerEarthbend(a *ability.Ability) *ability.Ability {
	if !slices.ContainsFunc(a.Effects, func(e ability.Effect) bool { return e.Verb == ability.Earthbend && e.Object == nil }) {
		return a
	}
	out := *a
	out.Targets = slices.Clone(a.Targets)
	out.Effects = slices.Clone(a.Effects)
	for i := range out.Effects {
		if e := &out.Effects[i]; e.Verb == ability.Earthbend && e.Object == nil {
			e.Object = &ability.Selector{Ref: ability.TargetRef, Index: len(out.Targets)}
			out.Targets = append(out.Targets, earthbendTarget)
		}
	}
	return &out
}

// earthbends reports whether effects earthbend (for the card's delayed
// abilities).
func earthbends(es []ability.Effect) bool {
	return slices.ContainsFunc(es, func(e ability.Effect) bool { return e.Verb == ability.Earthbend })
}

func verbEarthbend(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	def := x.r.o.def()
	lc := langOf(def)
	k := slices.Index(lc.delayed, earthbendReturn)
	n := c.amount(x.e.Amount)
	for _, id := range c.objects(x.e.Object) {
		o := g.S.Obj(id)
		if o.Zone != ZoneBattlefield || k < 0 {
			continue
		}
		g.addContinuous(Continuous{Source: x.r.o.ID, Controller: c.you, Objects: []ObjID{id}, Until: UntilLeaves,
			AddKeywords: []string{"Haste"}, Becomes: &Becoming{Types: []string{"Creature"}, SetPT: true}})
		g.putCounters(id, "+1/+1", n)
		g.emit(Effect{Op: OpDelayed, Obj: c.src, Name: def.Name, N: delayedBase + k, Seat: c.you, Event: id, Facts: g.S.describedFacts(def)})
		x.did = true
	}
}
