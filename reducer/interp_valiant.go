package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// "Whenever ~ becomes the target of a spell or ability you control for the
// first time each turn" (valiant): the trigger's Nth 1 on a becomes-target
// event. The permanent remembers, for the turn, that the event happened
// (a Use of its own, as "activate only once each turn" does), whether or
// not the ability then triggered; a permanent that left and came back is
// a new object with no memory (CR 400.7).

// valiantSupported reports whether a becomes-target trigger's Nth is the
// first time each turn, of its own source.
func valiantSupported(t *ability.Trigger) bool {
	return t.Event == ability.BecomesTarget && t.Nth == 1 && t.Self
}

// useValiant is the Use kind of trigger i's event.
func useValiant(i int) string { return "targeted for trigger " + itoa(i) }

// firstTargetedThisTurn reports whether trigger i of p, a first-time
// trigger, meets its event for the first time this turn, and remembers
// that it has; a trigger with no Nth always does.
func (g *Game) firstTargetedThisTurn(p *Object, t *ability.Trigger, i int) bool {
	if t.Nth == 0 {
		return true
	}
	k := useValiant(i)
	if g.S.usedThisTurn(p, k) {
		return false
	}
	g.emit(Effect{Op: OpUsed, Obj: p.ID, Kind: k})
	return true
}
