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
	kicker := langKicker(lc) != nil
	alts := []string{""}
	k := 0
	for _, a := range lc.statics {
		if a.Static.Rule == ability.AlternativeCost {
			if k++; k == 1 {
				alts = append(alts, "alternative")
			} else {
				alts = append(alts, "alternative "+itoa(k))
			}
		}
	}
	alts = append(alts, keywordAltNames(lc)...) // interp_altcosts.go
	o := l.g.S.Objects[id]
	if o.Zone == ZoneGraveyard {
		alts = graveCastNames(def) // interp_gravecast.go
	}
	for _, alt := range alts {
		b := &events.Cast{Player: p.ID, Card: id.String(), Face: face, Alternative: alt}
		cost, err := l.g.langSpellCost(seat, o, def, lc, b)
		if err != nil {
			continue
		}
		choices := spellChoices(lc.spellFor(alt)) // interp_overload.go
		costSets := l.costChoiceSets(seat, o, cost)
		for _, ch := range choices {
			sets := l.langTargetSets(seat, id, ch.specs)
			for x := 0; x <= l.maxX(seat, def.Cost); x++ {
				for _, ts := range sets {
					for _, cc := range costSets {
						l.offer(p.ID, &events.Cast{Player: p.ID, Card: id.String(), Face: face, X: x, Targets: ts, Modes: ch.modes, Alternative: alt, CostChoices: cc})
						if kicker {
							l.offer(p.ID, &events.Cast{Player: p.ID, Card: id.String(), Face: face, X: x, Targets: ts, Modes: ch.modes, Alternative: alt, CostChoices: cc, Kicked: true})
						}
					}
				}
			}
		}
	}
}

// langChoice is one way to choose a language spell's modes, with the
// target slots they have.
type langChoice struct {
	modes []int
	specs []ability.Target
}

// langSpellChoices lists the ways to choose a language spell's modes (one
// for a spell without modes, or for a permanent spell).
func langSpellChoices(lc *langCard) []langChoice { return spellChoices(lc.spell) }

// spellChoices lists the ways to choose spell ability sp's modes.
func spellChoices(sp *ability.Ability) []langChoice {
	var choices []langChoice
	switch {
	case sp != nil && sp.Modes != nil:
		m := sp.Modes
		for k := m.Min; k <= m.Max; k++ {
			combinations(len(m.List), k, maxTargetSets, func(idx []int) {
				var specs []ability.Target
				for _, j := range idx {
					specs = append(specs, m.List[j].Targets...)
				}
				choices = append(choices, langChoice{append([]int(nil), idx...), specs})
			})
		}
	case sp != nil:
		choices = append(choices, langChoice{nil, sp.Targets})
	default:
		choices = append(choices, langChoice{})
	}
	return choices
}

// costChoiceSets lists the ways to name a cost's choices: for each
// choosing part each set of candidates it takes, all parts combined, at
// most maxCardSets; a cost without choices gives one empty set.
func (l *lister) costChoiceSets(seat int, src *Object, c *ability.Cost) []events.CostChoices {
	out := []events.CostChoices{{}}
	if c == nil {
		return out
	}
	parts := []struct {
		sel  *ability.Selector
		zone ability.Zone
		into func(cc *events.CostChoices, refs []string)
	}{
		{c.Sacrifice, ability.ZoneBattlefield, func(cc *events.CostChoices, r []string) { cc.Sacrifice = r }},
		{c.Discard, ability.ZoneHand, func(cc *events.CostChoices, r []string) { cc.Discard = r }},
		{c.Exile, ability.ZoneGraveyard, func(cc *events.CostChoices, r []string) { cc.Exile = r }},
		{c.Return, ability.ZoneBattlefield, func(cc *events.CostChoices, r []string) { cc.Return = r }},
		{c.TapOthers, ability.ZoneBattlefield, func(cc *events.CostChoices, r []string) { cc.TapOthers = r }},
		{c.Reveal, ability.ZoneHand, func(cc *events.CostChoices, r []string) { cc.Reveal = r }},
	}
	ctx := &evalCtx{g: l.g, you: seat, src: src.ID}
	for _, part := range parts {
		if part.sel == nil || part.sel.Ref != ability.ChooseRef {
			continue
		}
		f := part.sel.Filter
		if f == nil {
			f = &ability.Filter{}
		}
		var cands []ObjID
		for _, id := range ctx.all(withZone(f, part.zone), nil) {
			if o := l.g.S.Obj(id); ownerOrController(o) == seat && id != src.ID {
				cands = append(cands, id)
			}
		}
		n := 1
		if p := part.sel.Choose; p != nil {
			n = p.Min
		}
		var next []events.CostChoices
		for _, prefix := range out {
			ok := combinations(len(cands), n, maxCardSets-len(next), func(idx []int) {
				cc := prefix
				var refs []string
				for _, j := range idx {
					refs = append(refs, cands[j].String())
				}
				part.into(&cc, refs)
				next = append(next, cc)
			})
			l.complete = l.complete && ok
		}
		out = next
	}
	return out
}

// langActivations offers every activation of o's language abilities that
// aren't mana abilities.
func (l *lister) langActivations(seat int, o *Object, lc *langCard) {
	p := l.g.S.Players[seat]
	for k, a := range lc.activated {
		if a.Kind != ability.Activated || activatedZone(a) != o.Zone {
			continue
		}
		sets := l.langTargetSets(seat, o.ID, a.Targets)
		costSets := l.costChoiceSets(seat, o, a.Cost)
		for x := 0; x <= l.maxX(seat, langMana(a.Cost)); x++ {
			for _, ts := range sets {
				for _, cc := range costSets {
					l.offer(p.ID, &events.Activate{Player: p.ID, Source: o.ID.String(), Ability: lc.intrinsic + k, X: x, Targets: ts, CostChoices: cc})
				}
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
