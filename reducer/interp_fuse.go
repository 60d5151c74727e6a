package reducer

import (
	"encoding/json"
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Fuse (CR 702.102) for split cards whose halves the ability language
// plays (fuse.go has the rules for card code). The fused spell's ability is
// the left half's followed by the right half's (CR 702.102d): its target
// slots are the left half's, then the right half's, and the right half's
// effects name their slots shifted by the left half's count. Its cost is
// both halves' mana costs (CR 702.102c). A spell with some targets illegal
// does what it can with the rest, as any spell does (CR 608.2b); with all
// of them illegal it doesn't resolve.
//
// A half can be fused when its spell ability has no modes, sets up no
// delayed ability and names no result for later effects, and the half has
// no additional or alternative cost; a half with fuse that can't is
// refused by Supports (fusableHalf).

// hasFuse reports whether lc's card has fuse.
func hasFuse(lc *langCard) bool {
	return slices.ContainsFunc(lc.keywords, func(a *ability.Ability) bool { return a.Keyword.Name == "Fuse" })
}

// fusableHalf says why a split card half with fuse can't be part of a
// fused spell; "" when it can.
func fusableHalf(lc *langCard) string {
	sp := lc.spell
	switch {
	case sp == nil:
		return "a fused half without a spell ability is not carried out yet"
	case sp.Modes != nil:
		return "a fused modal half is not carried out yet"
	case len(lc.statics) > 0 || len(lc.activated) > 0 || len(lc.triggered) > 0 || len(lc.replace) > 0:
		return "a fused half with other abilities is not carried out yet"
	}
	for _, a := range lc.keywords {
		if a.Keyword.Name != "Fuse" {
			return "a fused half with other keywords is not carried out yet"
		}
	}
	raw, err := json.Marshal(sp.Effects)
	if err != nil {
		return "a fused half that can't be read"
	}
	var tree any
	if json.Unmarshal(raw, &tree) != nil || jsonHasKey(tree, "bind") || jsonHasKey(tree, "delayed") {
		return "a fused half that names its results or sets up a delayed ability is not carried out yet"
	}
	return ""
}

// jsonHasKey reports whether a decoded JSON tree has key anywhere.
func jsonHasKey(v any, key string) bool {
	switch x := v.(type) {
	case map[string]any:
		if _, ok := x[key]; ok {
			return true
		}
		for _, val := range x {
			if jsonHasKey(val, key) {
				return true
			}
		}
	case []any:
		for _, val := range x {
			if jsonHasKey(val, key) {
				return true
			}
		}
	}
	return false
}

// fusedSpell is the spell ability of def cast fused, or nil when def isn't
// a split card with fuse whose halves the language plays.
func fusedSpell(def *cards.Card) *ability.Ability {
	if def == nil || def.Layout != "split" || len(def.Faces) != 2 || !def.HasKeyword("Fuse") {
		return nil
	}
	var halves []*ability.Ability
	for _, f := range def.Faces {
		lc := langOf(f)
		if lc == nil || lc.unsupported != nil || !hasFuse(lc) || fusableHalf(lc) != "" {
			return nil
		}
		halves = append(halves, lc.spell)
	}
	left, right := halves[0], halves[1]
	shifted, ok := shiftTargets(right.Effects, len(left.Targets))
	if !ok {
		return nil
	}
	return &ability.Ability{Kind: ability.Spell, Text: left.Text + " " + right.Text,
		Targets: append(slices.Clone(left.Targets), right.Targets...),
		Effects: append(slices.Clone(left.Effects), shifted...)}
}

// shiftTargets returns effects with every target slot index raised by n:
// a selector's "target" and a player reference's.
func shiftTargets(es []ability.Effect, n int) ([]ability.Effect, bool) {
	raw, err := json.Marshal(es)
	if err != nil {
		return nil, false
	}
	var tree any
	if json.Unmarshal(raw, &tree) != nil {
		return nil, false
	}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if x["ref"] == string(ability.TargetRef) || x["who"] == string(ability.TargetPlayer) {
				i := 0
				if k, isNum := x["index"].(float64); isNum {
					i = int(k)
				}
				x["index"] = i + n
			}
			for _, val := range x {
				walk(val)
			}
		case []any:
			for _, val := range x {
				walk(val)
			}
		}
	}
	walk(tree)
	raw, err = json.Marshal(tree)
	if err != nil {
		return nil, false
	}
	var out []ability.Effect
	if json.Unmarshal(raw, &out) != nil {
		return nil, false
	}
	return out, true
}

// planFusedLangCast plans casting both halves of o's card fused: their
// targets, the total of their mana costs, paid as any spell's.
func (g *Game) planFusedLangCast(seat int, o *Object, id ObjID, face string, top ObjID, def *cards.Card, sp *ability.Ability, b *events.Cast) (castPlan, error) {
	if b.Alternative != "" || kickTimes(b) > 0 {
		return castPlan{}, g.refuse("CR 702.102c", "body.alternative", "%s fused is cast for both halves' mana costs, nothing else", def.Name)
	}
	lp, err := g.planLangCast(seat, o, def, sp, b)
	if err != nil {
		return castPlan{}, err
	}
	plan := castPlan{obj: id, face: face, from: o.Zone, top: top, targets: lp.targets, lang: &lp}
	cost := &ability.Cost{Mana: fusedCost(def).String()}
	cp, err := g.planCost(seat, o, def, cost, nil, b.X, b.Pay, &b.CostChoices)
	if err != nil {
		return castPlan{}, err
	}
	plan.pay, lp.costs = cp.pay, &cp
	return plan, nil
}
