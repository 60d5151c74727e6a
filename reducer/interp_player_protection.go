package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// A player with protection from everything (CR 702.16j): "When this
// enters, if you cast it, you gain protection from everything until your
// next turn." The player can't be the target of spells or abilities (CR
// 702.16b) and all damage that would be dealt to them is prevented (CR
// 702.16e; not when damage can't be prevented). It is a continuous
// effect of the game's rules, Rule RulePlayerProtection, for its
// controller, until it ends.

// RulePlayerProtection: the effect's controller has protection from
// everything.
const RulePlayerProtection = "player_protection_everything"

// protectionFromEverything is what PlayerGains gives that is carried out.
const protectionFromEverything = "protection from everything"

// playerGainsSupported: the player is the ability's controller and the
// effect lasts until end of turn or until their next turn.
func playerGainsSupported(e *ability.Effect) bool {
	return e.Text == protectionFromEverything && e.Player != nil && e.Player.Who == ability.You &&
		(e.Duration == ability.EndOfTurn || e.Duration == ability.YourNextTurn)
}

// verbPlayerGains: the ability's controller gains protection from
// everything for the effect's duration.
func verbPlayerGains(x *verbRun) {
	c := x.r.ctx
	if !playerGainsSupported(x.e) {
		return
	}
	x.r.g.addContinuous(Continuous{Source: c.src, Controller: c.you, Until: string(x.e.Duration), Rule: RulePlayerProtection})
	x.did = true
}

// playerProtected reports whether seat has protection from everything.
func (g *Game) playerProtected(seat int) bool {
	for i := range g.S.Continuous {
		if c := &g.S.Continuous[i]; c.Rule == RulePlayerProtection && c.Controller == seat {
			return true
		}
	}
	return false
}

// playerTargetIllegal says why seat can't be targeted now, or "".
func (g *Game) playerTargetIllegal(seat int) string {
	if seat >= 0 && seat < len(g.S.Players) && g.playerProtected(seat) {
		return g.S.Players[seat].ID + " has protection from everything (CR 702.16b, 702.16j)"
	}
	return ""
}
