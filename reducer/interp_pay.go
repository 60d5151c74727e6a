package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
)

// Paying as an effect (CR 118.3, 608.2d): "you may pay {B}. If you do,
// draw a card", "pay {2}{G}{G}. If you don't, you lose the game". The
// payer chooses to pay or not with a `choose` input answering "pay" or
// "no", asked only when what they have can pay it: mana already in their
// pool (mana abilities are activated with priority, before the ability
// resolves) and life. Whether they paid is what a following "If you do"
// or "If you don't" reads. "You may pay" asks the same one question.

func init() { registerVerb(ability.Pay, "player cost", verbPay) }

// payableCost reports whether the interpreter pays a cost as an effect:
// mana and a fixed amount of life.
func payableCost(c *ability.Cost) bool {
	if c == nil || c.Tap || c.Untap || c.Sacrifice != nil || c.Discard != nil || c.Exile != nil || c.Return != nil ||
		c.TapOthers != nil || c.Reveal != nil || c.RemoveCounters != 0 || c.PutCounters != 0 ||
		c.Loyalty != nil || c.CountersX || c.LoyaltyX || c.Reduce != nil {
		return false
	}
	if c.Life != nil {
		if _, ok := c.Life.IsFixed(); !ok {
			return false
		}
	}
	return true
}

func verbPay(x *verbRun) {
	if x.e.Cost != nil && x.e.Cost.EnergyAny {
		verbPayEnergyAny(x) // interp_energy.go
		return
	}
	g, c := x.r.g, x.r.ctx
	payer := c.you
	if ps := c.players(x.e.Player); x.e.Player != nil && len(ps) > 0 {
		payer = ps[0]
	}
	if !g.canPayLangCost(payer, x.e.Cost) {
		return // can't pay: not paid
	}
	step, answer := x.at()
	if step == 0 {
		x.ask(1, Question{Player: payer, Options: []string{"pay", "no"}, N: 1, Max: 1, Prompt: "pay " + costText(x.e.Cost)})
		return
	}
	if len(answer) == 1 && answer[0] == "pay" {
		g.payLangCost(payer, x.e.Cost)
		x.did = true
	}
}
