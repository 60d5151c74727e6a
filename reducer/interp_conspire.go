package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Conspire (CR 702.78a): "As you cast this spell, you may tap two
// untapped creatures you control that share a color with it. When you
// do, copy it and you may choose a new target for the copy." The cast
// names the two creatures in `conspire`; they are tapped as the costs are
// paid (an additional cost, CR 601.2h), and the spell is copied once by
// its cast trigger as storm's and replicate's copies are
// (interp_copies.go): the copy asks for its target, the original's first.
// A spell cast without conspiring has no trigger.

// conspired is the CondKicked text of conspire's trigger: the conspire
// cost was paid (the spell will be copied: Object.Times > 0).
const conspired = "conspired"

// conspireTrigger is the reflexive cast trigger conspire stands for.
func conspireTrigger(a *ability.Ability) ability.Ability {
	t := copyTrigger(a)
	t.If = &ability.Condition{Kind: ability.CondKicked, Text: conspired}
	return t
}

// conspireHelper reads a cast's conspire creatures into h: exactly two
// untapped creatures its caster controls, each sharing a colour with the
// spell, none named for convoke or improvise.
func (g *Game) conspireHelper(seat int, spell *Object, def *cards.Card, lc *langCard, b *events.Cast, h *helpers) error {
	if len(b.Conspire) == 0 {
		return nil
	}
	s := g.S
	if lc == nil || !lc.hasKeyword("Conspire") {
		return g.refuse("CR 702.78a", "body.conspire", "%s has no conspire", def.Name)
	}
	if len(b.Conspire) != 2 {
		return g.refuse("CR 702.78a", "body.conspire", "conspire taps two creatures, not %d", len(b.Conspire))
	}
	cands := slices.DeleteFunc(s.convokeCreatures(seat, h), func(id ObjID) bool { return slices.Contains(h.convoke, id) })
	for i, ref := range b.Conspire {
		m := slices.DeleteFunc(s.matchRef(ref, cands), func(id ObjID) bool { return slices.Contains(h.conspire, id) })
		if len(m) == 0 {
			return g.refuse("CR 702.78a", "body.conspire["+itoa(i)+"]", "%q is not an untapped creature %s controls, or is named twice or for convoke", ref, s.Players[seat].ID)
		}
		if !sharesColor(s.Objects[m[0]], def.Colors) {
			return g.refuse("CR 702.78a", "body.conspire["+itoa(i)+"]", "%s shares no colour with %s", s.objName(m[0]), def.Name)
		}
		h.conspire = append(h.conspire, m[0])
	}
	return nil
}

// sharesColor: o is one of colors.
func sharesColor(o *Object, colors []cards.Color) bool {
	return slices.ContainsFunc(colors, o.IsColor)
}
