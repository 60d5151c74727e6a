package reducer

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Triggers on the Nth spell a player casts in a turn (CR 603.2): "Whenever
// you cast your second spell each turn" (flurry), "your fourth
// noncreature spell each turn". The spell just cast is already counted
// (countSpell runs on OpSpell, before the cast triggers, CR 601.2i), so
// the trigger matches when the count equals N. The engine counts all
// spells and the noncreature ones (the creature ones are the rest); a
// trigger on the Nth spell of another kind is not supported.

// nthCastSupported reports whether the engine counts the spells an Nth
// cast trigger names.
func nthCastSupported(t *ability.Trigger) bool {
	return t.Event == ability.Cast && t.Nth >= 2 && t.Player == "you" && !t.Self &&
		(maxSpellsFilterSupported(t.Subject) || t.Subject != nil && reflect.DeepEqual(*t.Subject, creatureFilter))
}

// creatureFilter is the filter of creature spells: counted as the spells
// that aren't noncreature ones.
var creatureFilter = ability.Filter{Types: []string{"creature"}}

// nthCastHolds reports whether the spell seat just cast is the Nth of its
// kind this turn (always, for a trigger with no Nth).
func (g *Game) nthCastHolds(t *ability.Trigger, seat int) bool {
	if t.Nth == 0 {
		return true
	}
	if seat < 0 || seat >= len(g.S.Players) {
		return false
	}
	p := g.S.Players[seat]
	if t.Subject != nil && reflect.DeepEqual(*t.Subject, creatureFilter) {
		return p.Spells-p.Noncreature == t.Nth
	}
	if t.Subject != nil {
		return p.Noncreature == t.Nth
	}
	return p.Spells == t.Nth
}

// langReadsNthCast reports whether an ability triggers on the Nth spell
// of a turn: the spell counts then join the digest; noncreature reports
// whether it counts the noncreature ones.
func langReadsNthCast(a *ability.Ability) (reads, noncreature bool) {
	if a.Kind != ability.Triggered || a.Trigger == nil || a.Trigger.Event != ability.Cast || a.Trigger.Nth == 0 {
		return false, false
	}
	return true, a.Trigger.Subject != nil
}

// attachesToCastSpell reports whether a cast trigger attaches something
// to the spell that was cast: a spell can't be attached to, so such a
// reading ("create a Monk token. You may attach ~ to it.", where "it" is
// the token) is not what the card says.
func attachesToCastSpell(a *ability.Ability) bool {
	if a.Trigger == nil || a.Trigger.Event != ability.Cast {
		return false
	}
	for _, e := range a.Effects {
		if e.Verb == ability.Attach && e.To != nil && e.To.Ref == ability.EventObject {
			return true
		}
	}
	return false
}

// noncreatureCast counts the noncreature spells the players of p cast
// this turn ("the number of noncreature spells they've cast this turn").
func (c *evalCtx) noncreatureCast(p *ability.PlayerRef) int {
	n := 0
	for _, seat := range c.players(p) {
		n += c.g.S.Players[seat].Noncreature
	}
	return n
}

// langReadsNoncreatureCast reports whether an ability reads how many
// noncreature spells were cast this turn through an amount.
func langReadsNoncreatureCast(a *ability.Ability) bool {
	return abilityReads(a, nil, func(x *ability.Amount) bool { return x.Var == "noncreature_spells_cast" })
}
