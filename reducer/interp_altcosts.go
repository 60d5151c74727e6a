package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Alternative costs a keyword gives (CR 118.9): a cast names one by the
// keyword ("alternative": "evoke") and pays it rather than the mana cost.
// The spell remembers which (Object.CastWith), and so does the permanent
// it becomes, for abilities that ask ("if its evoke cost was paid").
//
// Evoke (CR 702.74): cast for the evoke cost; "When this permanent
// enters, if its evoke cost was paid, its controller sacrifices it."

// OpCastWith: spell Obj was cast for the alternative cost Name.
const OpCastWith Op = 246

func init() {
	registerOp(OpCastWith, func(s *State, e *Effect) { s.mustObj(e.Obj).CastWith = e.Name })
	extDescribe[OpCastWith] = func(s *State, e Effect) string {
		return s.objName(e.Obj) + " is cast for its " + e.Name + " cost"
	}
}

// keywordAltCost is an alternative cost a keyword gives: the keyword and
// the rule that allows it.
type keywordAltCost struct {
	name    string // as a cast names it
	keyword string
	rule    string
}

// keywordAltCosts are the alternative costs casts may name by keyword,
// flashback and escape aside (interp_gravecast.go: they also say where from).
var keywordAltCosts = []keywordAltCost{
	{name: "evoke", keyword: "Evoke", rule: "CR 702.74a"},
	{name: "overload", keyword: "Overload", rule: "CR 702.96a"}, // interp_overload.go
	{name: "warp", keyword: "Warp", rule: "CR 702.185a"},        // interp_warp.go
	{name: "dash", keyword: "Dash", rule: "CR 702.109a"},        // interp_dash.go
}

// altCostNamed is the keyword alternative cost a cast names, if any.
func altCostNamed(name string) (keywordAltCost, bool) {
	for _, kc := range keywordAltCosts {
		if kc.name == name {
			return kc, true
		}
	}
	return keywordAltCost{}, false
}

// castWithRecorded reports whether a cast for alternative cost name is
// remembered on the spell: the keyword ones are.
func castWithRecorded(name string) bool {
	_, ok := altCostNamed(name)
	_, grave := graveCastNamed(name)
	return ok || grave
}

// keywordCost is the cost of def's keyword ability named kw, or nil.
func keywordCost(def *cards.Card, kw string) *ability.Cost {
	lc := langOf(def)
	if lc == nil {
		return nil
	}
	for _, a := range lc.keywords {
		if k := a.Keyword; k.Name == kw && k.Cost != nil {
			return k.Cost
		}
	}
	return nil
}

// keywordAltCost is the cost a cast naming kc pays, or why it can't.
func (g *Game) keywordAltCost(o *Object, def *cards.Card, kc keywordAltCost) (*ability.Cost, error) {
	c := keywordCost(def, kc.keyword)
	if c == nil {
		return nil, g.refuse(kc.rule, "body.alternative", "%s has no %s", def.Name, strings.ToLower(kc.keyword))
	}
	if kc.name == MayCastWarp {
		if err := g.warpFromHand(o, def); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// keywordAltNames are the alternative costs by keyword lc's card has, as a
// cast names them.
func keywordAltNames(lc *langCard) []string {
	var out []string
	for _, a := range lc.keywords {
		for _, kc := range keywordAltCosts {
			if a.Keyword.Name == kc.keyword && a.Keyword.Cost != nil {
				out = append(out, kc.name)
			}
		}
	}
	return out
}

// evokeSacrifice is evoke's triggered ability (CR 702.74a).
func evokeSacrifice(a *ability.Ability) ability.Ability {
	return ability.Ability{
		Kind:    ability.Triggered,
		Text:    a.Text,
		Trigger: &ability.Trigger{Event: ability.Enters, Self: true},
		If:      &ability.Condition{Kind: ability.CondCastWith, Text: "evoke"},
		Effects: []ability.Effect{{Verb: ability.Sacrifice, Object: &ability.Selector{Ref: ability.Self}}},
	}
}

// altCostSupported reports whether keyword a's alternative cost can be
// paid by the engine.
func altCostSupported(a *ability.Ability) bool {
	c := a.Keyword.Cost
	if c == nil || c.Tap || c.Untap || c.Loyalty != nil || c.RemoveCounters != 0 {
		return false
	}
	if Supports(&ability.Ability{Kind: ability.Activated, Cost: c}) != nil {
		return false
	}
	for _, x := range expandKeyword(a) {
		if Supports(&x) != nil {
			return false
		}
	}
	return true
}
