package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Cascade (CR 702.85): "When you cast this spell, exile cards from the top
// of your library until you exile a nonland card whose mana value is less
// than this spell's mana value. You may cast that card without paying its
// mana cost if the resulting spell's mana value is less than this spell's
// mana value. Then put all cards exiled this way that weren't cast on the
// bottom of your library in a random order." (CR 702.85a)
//
// The keyword stands for a cast trigger whose one effect is the internal
// verb cascade. It runs as a discovery (discover.go) of the spell's mana
// value less one, with two differences: the choice is "cast" or "bottom"
// (a card not cast joins the others), and the card that isn't cast goes to
// the bottom with the rest, in the random order the table supplies
// (`random` of `order`). The spell's mana value is read as the trigger
// resolves: from the spell on the stack, or as it last existed there (CR
// 702.85a, 608.2h). Each instance triggers on its own (CR 702.85b).

// verbCascade is the effect the cascade keyword's trigger runs; it isn't a
// verb of the ability language, so no declared card names it.
const verbCascade ability.Verb = "cascade"

// cascadeBottom is the answer that leaves the cascaded card uncast.
const cascadeBottom = "bottom"

func init() { registerVerb(verbCascade, "", verbDoCascade) }

// cascadeTrigger is the cast trigger the keyword stands for.
func cascadeTrigger(a *ability.Ability) ability.Ability {
	return ability.Ability{Kind: ability.Triggered, Text: a.Text,
		Trigger: &ability.Trigger{Event: ability.Cast, Self: true},
		Effects: []ability.Effect{{Verb: verbCascade}}}
}

func verbDoCascade(x *verbRun) {
	if step, _ := x.at(); step == discoverResumes {
		return
	}
	r := x.r
	req := &discoverRequest{seat: r.ctx.you, n: cascadeValue(r.ctx) - 1, cascade: true}
	if r.g.startDiscover(r.o, req, false) {
		return
	}
	x.asked = true // the cascade is the trigger's only effect: nothing to resume
}

// cascadeValue is the mana value of the spell with cascade: on the stack,
// or as it last existed there.
func cascadeValue(c *evalCtx) int {
	s := c.g.S
	if o := s.Obj(c.src); o != nil && o.Zone == ZoneStack {
		return o.ManaValue()
	}
	if c.res != nil && c.res.LKI != nil && c.res.LKI.Card != 0 {
		if def := s.cardDefOf(c.res.LKI.Card); def != nil {
			return def.Cost.Value(c.res.LKI.X)
		}
	}
	return 0
}
