package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// A condition on what a spell targets ("This spell costs {2} less to
// cast if it targets a blue spell"). The total cost is determined after
// the targets are chosen (CR 601.2c, 601.2f), so while a spell is cast
// its chosen targets are read from g.casting; once it is on the stack,
// from the object.

// targetsMatch reports whether the source spell or ability targets an
// object f accepts.
func (c *evalCtx) targetsMatch(f *ability.Filter) bool {
	ts := c.g.casting
	if c.res != nil {
		ts = c.res.Targets
	} else if o := c.g.S.Obj(c.src); o != nil && o.Zone == ZoneStack && len(o.Targets) > 0 {
		ts = o.Targets
	}
	for _, t := range ts {
		if t.Obj != 0 && c.matches(f, c.g.S.Obj(ObjID(t.Obj))) {
			return true
		}
	}
	return false
}

// withCastTargets runs f with ts as the targets of the spell being cast.
func (g *Game) withCastTargets(ts []Target, f func()) {
	prev := g.casting
	g.casting = ts
	defer func() { g.casting = prev }()
	f()
}
