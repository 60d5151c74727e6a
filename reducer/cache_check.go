package reducer

import (
	"fmt"
	"slices"
)

// checkCaches makes every use of a cache keyed on State.changes (the
// state-based actions found nothing, the legend rule found nothing, the
// static sources) work the answer out again and panic where the two
// differ. Only tests set it (export_test.go): it clones the state each
// time, far too slow for a replay.
var checkCaches bool

// checkNoStateBasedActions panics if the state-based actions, skipped as
// unchanged since they last found nothing, would act now.
func (g *Game) checkNoStateBasedActions() {
	c := g.S.Clone()
	c.sbaClean, c.legendClean = 0, 0
	if NewFromState(c).stateBasedScan() {
		panic(fmt.Sprintf("reducer: the state-based actions were skipped as unchanged (last effect op %d), yet they act", g.lastOp()))
	}
}

// checkNoLegendConflict panics if the legend rule, skipped as unchanged,
// would find a conflict now.
func (g *Game) checkNoLegendConflict() {
	c := g.S.Clone()
	c.sbaClean, c.legendClean = 0, 0
	if _, ids := NewFromState(c).legendScan(); ids != nil {
		panic(fmt.Sprintf("reducer: the legend rule was skipped as unchanged (last effect op %d), yet %v conflict", g.lastOp(), ids))
	}
}

// checkSources panics if the cached static sources differ from a fresh
// list.
func (s *State) checkSources(ss *staticSources) {
	var fresh staticSources
	s.listSources(&fresh)
	if fresh.readsTapped != ss.readsTapped {
		panic(fmt.Sprintf("reducer: cached that a permanent reads tapped status %v, yet now %v", ss.readsTapped, fresh.readsTapped))
	}
	if !slices.Equal(fresh.topCast, ss.topCast) {
		panic(fmt.Sprintf("reducer: cached permanents letting a player cast from the top of the library %v, yet now %v", ss.topCast, fresh.topCast))
	}
	if !slices.Equal(fresh.replaces, ss.replaces) {
		panic(fmt.Sprintf("reducer: cached permanents with a replacement effect %v, yet now %v", ss.replaces, fresh.replaces))
	}
	if fresh.attached != ss.attached {
		panic(fmt.Sprintf("reducer: cached that a permanent is attached %v, yet now %v", ss.attached, fresh.attached))
	}
	if fresh.typing != ss.typing {
		panic(fmt.Sprintf("reducer: cached that an effect gives a type %v, yet now %v", ss.typing, fresh.typing))
	}
	if ss.plainKnown && ss.plain != s.plainNow(&fresh) {
		panic(fmt.Sprintf("reducer: the position was cached as plain %v, yet now %v", ss.plain, !ss.plain))
	}
	if !slices.Equal(fresh.walkers, ss.walkers) || !slices.Equal(fresh.sagas, ss.sagas) || !slices.Equal(fresh.auras, ss.auras) || !slices.Equal(fresh.creatures, ss.creatures) {
		panic(fmt.Sprintf("reducer: cached planeswalkers, Sagas, enchantments and creatures %v %v %v %v, yet now %v %v %v %v", ss.walkers, ss.sagas, ss.auras, ss.creatures, fresh.walkers, fresh.sagas, fresh.auras, fresh.creatures))
	}
	if !slices.Equal(fresh.coded, ss.coded) || !slices.Equal(fresh.lang, ss.lang) || !slices.Equal(fresh.triggers, ss.triggers) || !slices.Equal(fresh.mana, ss.mana) || !slices.Equal(fresh.tapped, ss.tapped) || !slices.Equal(fresh.rules, ss.rules) || !slices.Equal(fresh.legendary, ss.legendary) {
		panic(fmt.Sprintf("reducer: cached static sources (coded, lang, triggers, mana, rules, legendary) %v %v %v %v %v %v, yet now %v %v %v %v %v %v",
			ss.coded, ss.lang, ss.triggers, ss.mana, ss.rules, ss.legendary, fresh.coded, fresh.lang, fresh.triggers, fresh.mana, fresh.rules, fresh.legendary))
	}
}

// checkSpecialIDs panics if a token or copy is missing from the ids the
// state-based actions walk for them, or the ids are out of order.
func (s *State) checkSpecialIDs() {
	if !slices.IsSorted(s.specialIDs) {
		panic(fmt.Sprintf("reducer: the ids of tokens and copies are out of order: %v", s.specialIDs))
	}
	for id, o := range s.Objects {
		if o != nil && o.special() {
			if _, found := slices.BinarySearch(s.specialIDs, ObjID(id)); !found {
				panic(fmt.Sprintf("reducer: token or copy o%d is missing from the ids %v", id, s.specialIDs))
			}
		}
	}
}

func (g *Game) lastOp() Op {
	if len(g.out) == 0 {
		return OpNone
	}
	return g.out[len(g.out)-1].Op
}
