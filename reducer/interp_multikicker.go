package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Multikicker (CR 702.33c): "You may pay an additional [cost] any number
// of times as you cast this spell." The cast says how many times in
// `kicks` ("kicked": true alone is once, as for kicker); the spell, and
// the permanent it becomes, remembers the count (Object.Kicks), which
// "for each time it was kicked" reads (the amount "kicks"). A spell
// kicked at least once is kicked (CR 702.33d).

// kickTimes is how many times a cast pays its kicker: `kicks`, or 1 for
// "kicked": true.
func kickTimes(b *events.Cast) int {
	if b.Kicks > 0 {
		return b.Kicks
	}
	if b.Kicked {
		return 1
	}
	return 0
}

// langKickerCost is the mana a language spell's kicker adds, paid as
// many times as the cast says (CR 601.2f), or why it can't be.
func (g *Game) langKickerCost(def *cards.Card, lc *langCard, b *events.Cast) (cards.Cost, error) {
	n := kickTimes(b)
	if n == 0 {
		return nil, nil
	}
	field := "body.kicked"
	if b.Kicks > 0 {
		field = "body.kicks"
	}
	if k := langKicker(lc); k != nil && n == 1 {
		return k, nil
	}
	mk := langKeywordMana(lc, "Multikicker")
	switch {
	case mk == nil && langKicker(lc) != nil:
		return nil, g.refuse("CR 702.33c", field, "%s has kicker, not multikicker: its kicker is paid at most once, not %d times", def.Name, n)
	case mk == nil:
		return nil, g.refuse("CR 702.33a", field, "%s has no kicker", def.Name)
	}
	var out cards.Cost
	for i := 0; i < n; i++ {
		out = append(out, mk...)
	}
	return out, nil
}

// langKeywordMana is the mana cost of keyword name on lc, or nil.
func langKeywordMana(lc *langCard, name string) cards.Cost {
	for _, a := range lc.keywords {
		if k := a.Keyword; k.Name == name && k.Cost != nil {
			return langMana(k.Cost)
		}
	}
	return nil
}

// emitKicked records that spell nid was kicked n times (n > 0).
func (g *Game) emitKicked(nid ObjID, n int) {
	e := Effect{Op: OpKicked, Obj: nid}
	if n > 1 {
		e.N = n // once stays N = 0, as logs recorded before
	}
	g.emit(e)
}

// timesKicked is how many times o was kicked: its count, or 1 for a
// plain kicked object.
func timesKicked(o *Object) int {
	switch {
	case o == nil || !o.Kicked:
		return 0
	case o.Kicks > 0:
		return o.Kicks
	}
	return 1
}

// multikickerSupported: a mana multikicker cost, as kicker's.
func multikickerSupported(k *ability.KeywordAbility) bool {
	return k.Cost != nil && k.Cost.Mana != "" && (ability.Cost{Mana: k.Cost.Mana}) == *k.Cost && k.N == 0 && k.Filter == nil
}
