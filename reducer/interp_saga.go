package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Sagas (CR 714). A Saga's chapter abilities are triggered abilities
// about its lore counters: chapter N triggers when lore counters put on
// the Saga bring their number from less than N to N or more (CR 714.2b;
// "I, II —" is one ability for each number, CR 714.2a). Its controller
// puts a lore counter on it as it enters (CR 714.3a) and as their
// precombat main phase begins, a turn-based action (CR 714.3b). A Saga
// with at least as many lore counters as its final chapter number, and no
// chapter ability of its own triggered and not yet gone from the stack,
// is sacrificed as a state-based action (CR 714.4, 704.5s).

// sagaChapters is the final chapter number of a language card's chapter
// abilities; 0 for a card with none.
func sagaChapters(lc *langCard) int {
	n := 0
	for _, a := range lc.triggered {
		if a.Trigger != nil && a.Trigger.Event == ability.Chapter {
			n = max(n, slices.Max(append([]int{0}, a.Trigger.Chapters...)))
		}
	}
	return n
}

// isSaga reports whether o is a Saga with chapter abilities on the
// battlefield, and its final chapter number.
//
// The chapters are looked at first: the state-based actions ask every
// permanent, and a card without chapter abilities is never one, whatever
// its subtypes.
func isSaga(o *Object) (int, bool) {
	if o == nil || o.Zone != ZoneBattlefield {
		return 0, false
	}
	lc := langOf(o.def())
	if lc == nil || lc.chapters == 0 || !o.HasSubtype("Saga") {
		return 0, false
	}
	return lc.chapters, true
}

// sagaEnters puts the lore counter a Saga enters with (CR 714.3a).
func (g *Game) sagaEnters(o *Object) {
	if _, ok := isSaga(o); ok {
		g.putCounters(o.ID, "lore", 1)
	}
}

// sagaMainPhase puts a lore counter on each Saga the active player
// controls as their precombat main phase begins (CR 714.3b).
func (g *Game) sagaMainPhase() {
	s := g.S
	// Only the permanents listed as showing chapter abilities may be
	// Sagas (static_sources.go).
	if !slices.ContainsFunc(s.sources().sagas, func(id ObjID) bool {
		o := s.Obj(id)
		if o == nil || o.Controller != s.Active {
			return false
		}
		_, ok := isSaga(o)
		return ok
	}) {
		return // most main phases: no copy of the battlefield to walk
	}
	for _, id := range slices.Clone(g.S.Battlefield) {
		if o := g.S.Obj(id); o != nil && o.Controller == g.S.Active {
			if _, ok := isSaga(o); ok {
				g.putCounters(id, "lore", 1)
			}
		}
	}
}

// fireChapters triggers the chapter abilities of Saga o whose numbers its
// lore counters went past, from before to now (CR 714.2b).
func (g *Game) fireChapters(o *Object, before int) {
	lc := langOf(o.def())
	if lc == nil {
		return
	}
	now := o.counter("lore")
	for i, a := range lc.triggered {
		if a.Trigger == nil || a.Trigger.Event != ability.Chapter || !hasLevel(o, a) {
			continue
		}
		for _, n := range a.Trigger.Chapters {
			if before < n && n <= now {
				g.emitLangTrigger(o, i, o.ID, o.Controller, nil)
			}
		}
	}
}

// finishedSagas are the Sagas to sacrifice (CR 714.4).
func (g *Game) finishedSagas() []ObjID {
	s := g.S
	var out []ObjID
	for _, id := range s.sources().sagas { // only these have chapter abilities (static_sources.go)
		o := s.Objects[id]
		final, ok := isSaga(o)
		if !ok || o.counter("lore") < final || g.chapterPending(o) {
			continue
		}
		out = append(out, id)
	}
	return out
}

// chapterPending reports whether a chapter ability of Saga o has
// triggered and not yet left the stack.
func (g *Game) chapterPending(o *Object) bool {
	isChapter := func(k int) bool {
		a := langTriggerAbility(o.def(), k)
		return a != nil && a.Trigger != nil && a.Trigger.Event == ability.Chapter
	}
	for _, t := range g.S.Triggers {
		if t.Source == o.ID && isChapter(t.Index) {
			return true
		}
	}
	for _, id := range g.S.Stack {
		if so := g.S.Obj(id); so != nil && so.Trigger > 0 && so.Source == o.ID && isChapter(so.Trigger-1) {
			return true
		}
	}
	return false
}
