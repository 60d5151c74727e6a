package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Exile until the source leaves the battlefield (CR 610.3): "exile target
// nonland permanent an opponent controls with mana value 2 or less until
// ~ leaves the battlefield." The exiled cards are remembered with their
// source as a continuous effect (RuleExiledUntil, Until
// UntilSourceLeaves); as soon as that permanent leaves the battlefield
// they return to the battlefield under their owners' control (CR 610.3c),
// a one-shot effect that uses no stack. If the source has already left
// the battlefield when the exile would happen, nothing is exiled (CR
// 610.3c). A card that has left exile meanwhile is a new object and
// stays where it is (CR 400.7); a token exiled ceases to exist (CR
// 704.5d) and can't return.

// RuleExiledUntil: the effect's objects are exiled until its source
// leaves the battlefield; UntilSourceLeaves: it lasts until then.
const (
	RuleExiledUntil   = "exiled_until"
	UntilSourceLeaves = "source_leaves"
)

// exileUntilSupported says why an exile effect isn't carried out, or "".
func exileUntilSupported(e *ability.Effect) string {
	switch {
	case e.Duration == "":
		return ""
	case e.Duration != ability.SourceLeaves:
		return "exiling for " + string(e.Duration)
	case e.Text != "":
		return "exiling face down for a while"
	}
	return ""
}

// exileUntil exiles the objects of a "until ~ leaves the battlefield"
// effect, and remembers them with the source.
func (x *verbRun) exileUntil() {
	g, c := x.r.g, x.r.ctx
	src := g.S.Obj(c.src)
	if src == nil || src.Zone != ZoneBattlefield {
		return // CR 610.3c: the source has left; nothing is exiled
	}
	by := x.r.o.Name()
	var out []Target
	var objs []ObjID
	for _, id := range c.objects(x.e.Object) {
		o := g.S.Obj(id)
		if o.Zone != ZoneBattlefield {
			continue
		}
		nid := g.S.nextObjID()
		g.moveQuietExile(o, nid, by)
		out = append(out, Target{Obj: uint32(nid)})
		objs = append(objs, nid)
	}
	if len(objs) > 0 {
		g.addContinuous(Continuous{Source: src.ID, Controller: c.you, Objects: objs, Until: UntilSourceLeaves, Rule: RuleExiledUntil})
	}
	x.bind(out)
}

// returnExiledUntil: permanent left has left the battlefield; the cards
// it exiled until then return (CR 610.3c).
func (g *Game) returnExiledUntil(left ObjID) {
	for i := 0; i < len(g.S.Continuous); i++ {
		c := g.S.Continuous[i]
		if c.Rule != RuleExiledUntil || c.Source != left {
			continue
		}
		g.emit(Effect{Op: OpEndContinuous, N: c.Timestamp})
		i--
		for _, id := range c.Objects {
			if o := g.S.Obj(id); o != nil && o.Zone == ZoneExile {
				g.move(id, ZoneBattlefield, o.Owner, -1)
			}
		}
	}
}

// describeExiledUntil tells an exile-until effect for people.
func describeExiledUntil(s *State, c *Continuous) string {
	var objs []string
	for _, id := range c.Objects {
		objs = append(objs, descObj(s, id))
	}
	return strings.Join(objs, ", ") + " exiled until " + descObj(s, c.Source) + " leaves the battlefield"
}
