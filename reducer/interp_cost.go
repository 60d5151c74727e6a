package reducer

import (
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Costs in the ability language: the mana part, paid from the pool as
// every cost is here (mana abilities are activated first), and the other
// parts ({T}, {Q}, life, sacrificing or discarding the source, removing
// counters from it) paid as the cost is paid (CR 601.2h, 602.2b).

// langMana parses a language cost's mana; nil for none.
func langMana(c *ability.Cost) cards.Cost {
	if c == nil || c.Mana == "" {
		return nil
	}
	m, err := cards.ParseCost(c.Mana)
	if err != nil {
		return nil
	}
	return m
}

// canPayLangCost reports whether seat can pay an "unless ... pays" cost
// now: its mana from the pool, its life from the life total.
func (g *Game) canPayLangCost(seat int, c *ability.Cost) bool {
	if _, _, ok := payPlanWithin(g.S.Players[seat].Pool, g.spendable(seat, nil), langMana(c), 0); !ok {
		return false
	}
	if c.Energy > g.energyOf(seat) { // interp_energy.go
		return false
	}
	if c.Life != nil {
		n, _ := c.Life.IsFixed()
		return g.S.Players[seat].Life >= n
	}
	return true
}

// payLangCost pays such a cost.
func (g *Game) payLangCost(seat int, c *ability.Cost) {
	if plan, _, ok := payPlanWithin(g.S.Players[seat].Pool, g.spendable(seat, nil), langMana(c), 0); ok {
		g.spend(seat, plan)
	}
	if c.Life != nil {
		if n, _ := c.Life.IsFixed(); n > 0 {
			g.emit(Effect{Op: OpLife, Seat: seat, N: -n})
		}
	}
	g.payEnergy(seat, c.Energy)
}

// costText words a cost: "{2}", "{1}{U} and 2 life".
func costText(c *ability.Cost) string {
	var parts []string
	if c.Mana != "" {
		parts = append(parts, c.Mana)
	}
	if c.Tap {
		parts = append(parts, "{T}")
	}
	if c.Life != nil {
		n, _ := c.Life.IsFixed()
		parts = append(parts, fmt.Sprintf("%d life", n))
	}
	if c.Energy > 0 {
		parts = append(parts, strings.Repeat("{E}", c.Energy))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " and ")
}

// verbText words what an effect does, for the questions it asks.
func verbText(e *ability.Effect) string {
	w := strings.ReplaceAll(string(e.Verb), "_", " ")
	if n, ok := e.Amount.IsFixed(); ok && e.Amount != nil {
		w += " " + itoa(n)
	}
	if e.Counter != "" {
		w += " " + e.Counter + " counters"
	}
	return w
}

// langRule reports whether a definition has a static ability making rule
// r with no filter (a rule about itself: "This spell can't be
// countered").
func langRule(def *cards.Card, r ability.Rule) bool {
	lc := langOf(def)
	if lc == nil {
		return false
	}
	for _, a := range lc.statics {
		st := a.Static
		if st.Rule == r && st.Filter == nil {
			return true
		}
		if st.Mods != nil && st.Affected != nil && st.Affected.Ref == ability.Self && containsRule(st.Mods.Rules, r) {
			return true
		}
	}
	return false
}

// colorlessMana is {C}.
const colorlessMana = cards.Colorless

// parseManaLetter reads one coloured or colourless mana symbol's inside.
func parseManaLetter(sym string) (cards.Color, bool) { return cards.ParseColor(sym) }
