package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// Replacement effects a resolving spell or ability sets up (the language's
// replace verb, CR 614): "If that creature would die this turn, exile it
// instead." The effect is a continuous one on the objects named as it
// resolves (CR 611.2c), ending in the cleanup step (CR 514.2); a creature
// that changes zones becomes a new object the effect doesn't know (CR
// 400.7). When such a creature would be put into a graveyard from the
// battlefield, it is exiled instead (langZoneReplaced, interp_replace.go).

// RuleDiesExile: the affected creatures are exiled instead of dying.
const RuleDiesExile = "dies_exile"

func init() {
	registerVerb(ability.Replace, "object duration replace", verbReplace)
}

// replaceVerbSupported says why a replace effect isn't carried out, or "".
func replaceVerbSupported(e *ability.Effect) string {
	r := e.Replace
	if r == nil || e.Duration != ability.ThisTurn || r.Event != ability.ReplDies || !r.Self || r.To != ability.ZoneExile ||
		r.Subject != nil || r.Player != "" || r.Tapped || r.Counter != "" || r.CopyOf != nil || r.Choose != "" || r.Unless != nil ||
		r.UnlessPay != nil || r.Times != 0 || r.Plus != 0 || r.Prevent || r.Combat || len(r.Instead) > 0 || r.Duration != "" || r.Amount != nil {
		return "a replacement effect other than \"if it would die this turn, exile it instead\""
	}
	return ""
}

func verbReplace(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	if replaceVerbSupported(x.e) != "" {
		return // Supports refuses it
	}
	var objs []ObjID
	for _, id := range c.objects(x.e.Object) {
		if o := g.S.Obj(id); o != nil && o.Zone == ZoneBattlefield {
			objs = append(objs, id)
		}
	}
	if len(objs) == 0 {
		return
	}
	g.addContinuous(Continuous{Source: x.r.o.ID, Controller: c.you, Objects: objs, Until: UntilEndOfTurn, Rule: RuleDiesExile})
	x.did = true
}

// diesExiled reports whether a spell's or ability's effect exiles o
// instead of its dying.
func (s *State) diesExiled(o *Object) bool {
	if o.Zone != ZoneBattlefield || !o.Is("Creature") {
		return false
	}
	for i := range s.Continuous {
		if c := &s.Continuous[i]; c.Rule == RuleDiesExile && c.affects(o) {
			return true
		}
	}
	return false
}
