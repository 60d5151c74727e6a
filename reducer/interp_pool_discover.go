package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Discover as a verb of the ability language (CR 701.57): the rules of
// discover.go carried out for a language spell or ability. The discovery
// asks its own questions (cast or hand, the cast, the order of the rest);
// the resolution waits at the verb meanwhile and goes on after it once the
// discovery is over (discoverDone). Discover is mostly the last thing an
// ability does: then the discovery's end is the resolution's, as for card
// code, and nothing is recorded to resume.

func init() { registerVerb(ability.Discover, "player amount", verbDiscover) }

// discoverResumes is the verb's second step: the discovery is over.
const discoverResumes = 1

func verbDiscover(x *verbRun) {
	if step, _ := x.at(); step == discoverResumes {
		return
	}
	r, c := x.r, x.r.ctx
	seat := c.you
	if ps := c.players(x.e.Player); len(ps) > 0 {
		seat = ps[0]
	}
	if r.g.startDiscover(r.o, &discoverRequest{seat: seat, n: c.amount(x.e.Amount)}, false) {
		return // nothing to ask: the discovery is over already
	}
	if !lastEffect(r.ab, r.o, x.path) {
		r.g.emit(Effect{Op: OpPc, Obj: r.o.ID, Ints: append(slices.Clone(x.path), phaseVerb, discoverResumes)})
	}
	x.asked = true
}

// lastEffect reports whether the effect at path is the last the ability
// runs, so that nothing is left to resume after it: the last of a
// non-modal ability's effects, or of its last chosen mode's.
func lastEffect(ab *ability.Ability, o *Object, path []int) bool {
	if ab.Modes == nil {
		return len(path) == 1 && path[0] == len(ab.Effects)-1
	}
	modes := o.Lang.modes()
	if len(path) != 2 || path[0] != len(modes)-1 {
		return false
	}
	return path[1] == len(ab.Modes.List[modes[path[0]]].Effects)-1
}

// resumeAfterDiscover goes on with a language spell or ability whose
// discover verb is over; it reports whether the resolution finished (else
// a question of a later verb is pending). ok is false for an object not
// waiting at a discover verb.
func (g *Game) resumeAfterDiscover(o *Object) (finished, ok bool) {
	ab := langAbilityOf(o)
	if ab == nil || o.Lang == nil || !waitsAtDiscover(ab, o, o.Lang.Pc) {
		return false, false // done, or an earlier question's place is still recorded
	}
	return g.resolveLang(o, ab, nil), true
}

// waitsAtDiscover reports whether path is a discover verb's second step.
func waitsAtDiscover(ab *ability.Ability, o *Object, path []int) bool {
	n := len(path)
	if n < 3 || path[n-2] != phaseVerb || path[n-1] != discoverResumes {
		return false
	}
	e := effectAt(ab, o, path[:n-2]) // interp_pool_rules.go
	return e != nil && e.Verb == ability.Discover
}
