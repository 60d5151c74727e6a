package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Listing the legal inputs of language cards (see legal.go): casts with
// each choice of modes and of targets per slot, activations of each
// activated ability with each X and choice of targets. The validating
// door keeps only what it accepts.

// langCasts offers the ways to cast a language spell def (face) of card
// id.
func (l *lister) langCasts(seat int, id ObjID, face string, def *cards.Card, lc *langCard) {
	p := l.g.S.Players[seat]
	var choices []struct {
		modes []int
		specs []ability.Target
	}
	switch sp := lc.spell; {
	case sp != nil && sp.Modes != nil:
		m := sp.Modes
		for k := m.Min; k <= m.Max; k++ {
			combinations(len(m.List), k, maxTargetSets, func(idx []int) {
				var specs []ability.Target
				for _, j := range idx {
					specs = append(specs, m.List[j].Targets...)
				}
				choices = append(choices, struct {
					modes []int
					specs []ability.Target
				}{append([]int(nil), idx...), specs})
			})
		}
	case sp != nil:
		choices = append(choices, struct {
			modes []int
			specs []ability.Target
		}{nil, sp.Targets})
	default:
		choices = append(choices, struct {
			modes []int
			specs []ability.Target
		}{})
	}
	kicker := langKicker(lc) != nil
	for _, ch := range choices {
		sets := l.langTargetSets(seat, id, ch.specs)
		for x := 0; x <= l.maxX(seat, def.Cost); x++ {
			for _, ts := range sets {
				l.offer(p.ID, &events.Cast{Player: p.ID, Card: id.String(), Face: face, X: x, Targets: ts, Modes: ch.modes})
				if kicker {
					l.offer(p.ID, &events.Cast{Player: p.ID, Card: id.String(), Face: face, X: x, Targets: ts, Modes: ch.modes, Kicked: true})
				}
			}
		}
	}
}

// langActivations offers every activation of o's language abilities that
// aren't mana abilities.
func (l *lister) langActivations(seat int, o *Object, lc *langCard) {
	p := l.g.S.Players[seat]
	for k, a := range lc.activated {
		if a.Kind != ability.Activated || (a.Zone == ability.ZoneHand) != (o.Zone == ZoneHand) {
			continue
		}
		sets := l.langTargetSets(seat, o.ID, a.Targets)
		for x := 0; x <= l.maxX(seat, langMana(a.Cost)); x++ {
			for _, ts := range sets {
				l.offer(p.ID, &events.Activate{Player: p.ID, Source: o.ID.String(), Ability: lc.intrinsic + k, X: x, Targets: ts})
			}
		}
	}
}

// langTargetSets lists target choices for slots: for each slot each
// count from its minimum to its maximum of distinct legal references,
// at most maxTargetSets in all.
func (l *lister) langTargetSets(seat int, src ObjID, specs []ability.Target) [][]string {
	c := &evalCtx{g: l.g, you: seat, src: src}
	o := l.g.S.Obj(src)
	sets := [][]string{nil}
	for i := range specs {
		spec := &specs[i]
		var refs []string
		for j, pl := range l.g.S.Players {
			if spec.Players != "" && c.targetIllegalLang(spec, Target{Player: j}, o) == "" {
				refs = append(refs, pl.ID)
			}
		}
		for _, id := range c.zoneForSlot(spec) {
			if c.targetIllegalLang(spec, Target{Obj: uint32(id)}, o) == "" {
				refs = append(refs, id.String())
			}
		}
		hi := spec.Max
		if hi < 0 || hi > len(refs) {
			hi = len(refs)
		}
		var next [][]string
		for _, prefix := range sets {
			for n := spec.Min; n <= hi; n++ {
				ok := combinations(len(refs), n, maxTargetSets-len(next), func(idx []int) {
					set := append([]string(nil), prefix...)
					for _, j := range idx {
						set = append(set, refs[j])
					}
					next = append(next, set)
				})
				if !ok {
					l.complete = false
				}
			}
		}
		sets = next
	}
	return sets
}
