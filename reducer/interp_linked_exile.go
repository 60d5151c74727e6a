package reducer

import (
	"encoding/json"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Linked abilities (CR 607.2a): a permanent's exile marked "linked"
// ("When ~ enters, you may exile a nonartifact, nonland card from your
// hand.", Chrome Mox) remembers the cards it exiled with the permanent, as
// a continuous effect (RuleExiledWith) that lasts while the permanent is
// on the battlefield; "the exiled card" of its other abilities are those
// cards, while they stay in exile ("{T}: Add one mana of any of the
// exiled card's colors.": mana Among cards.AmongExiled). A new object the
// permanent becomes remembers nothing (CR 400.7).

// readsLinkedExile reports whether a reads the cards exiled with its
// source. A triggered one may resolve after the source has left, when
// what it exiled is forgotten: Supports refuses it.
func readsLinkedExile(a *ability.Ability) bool {
	js, _ := json.Marshal(a)
	s := string(js)
	return strings.Contains(s, `"among":"exiled"`) || strings.Contains(s, `"text":"exiled_with"`) || strings.Contains(s, `"ref":"exiled"`)
}

// RuleExiledWith: the effect's objects were exiled with its source.
const RuleExiledWith = "exiled_with"

// linkExiled remembers the cards just exiled with the resolving ability's
// source, if it is still on the battlefield.
func (x *verbRun) linkExiled(out []Target) {
	g, c := x.r.g, x.r.ctx
	src := g.S.Obj(c.src)
	if src == nil || src.Zone != ZoneBattlefield || len(out) == 0 {
		return
	}
	objs := make([]ObjID, len(out))
	for i, t := range out {
		objs[i] = ObjID(t.Obj)
	}
	g.addContinuous(Continuous{Source: src.ID, Controller: c.you, Objects: objs, Until: UntilSourceLeaves, Rule: RuleExiledWith})
}

// exiledWith lists the cards exiled with src that are still in exile.
func (s *State) exiledWith(src ObjID) []ObjID {
	var out []ObjID
	for i := range s.Continuous {
		c := &s.Continuous[i]
		if c.Rule != RuleExiledWith || c.Source != src {
			continue
		}
		for _, id := range c.Objects {
			if o := s.Obj(id); o != nil && o.Zone == ZoneExile {
				out = append(out, id)
			}
		}
	}
	return out
}

// exiledColors is the colours among the cards exiled with src.
func (s *State) exiledColors(src ObjID) typeSet {
	var t typeSet
	for _, id := range s.exiledWith(src) {
		for _, c := range s.Objects[id].Colors() {
			t |= 1 << c
		}
	}
	return t
}

// endExiledWith forgets what permanent left exiled, as it leaves.
func (g *Game) endExiledWith(left ObjID) {
	g.endContinuous(func(c *Continuous) bool { return c.Rule == RuleExiledWith && c.Source == left })
}

// describeExiledWith tells a linked exile for people.
func describeExiledWith(s *State, c *Continuous) string {
	var objs []string
	for _, id := range c.Objects {
		objs = append(objs, descObj(s, id))
	}
	return strings.Join(objs, ", ") + " exiled with " + descObj(s, c.Source)
}
