package oracle

import "github.com/chronicle-mtg/chronicle/ability"

// Cost changes under conditions of their own (CR 601.2f): a spell that
// costs less when it targets something ("This spell costs {2} less to
// cast if it targets a blue spell").

func addCostChanges(g *grammar) {
	self := func(r ability.Rule) func(v []any) any {
		return func(v []any) any {
			return &ability.StaticEffect{Rule: r, Cost: &ability.Cost{Mana: v[0].(string)},
				If: &ability.Condition{Kind: ability.CondTargets, Filter: filt(v[1])}}
		}
	}
	g.add("static", "~ costs <mana> less to cast if it targets (a | an) <desc>", self(ability.CostLess))
	g.add("static", "~ costs <mana> more to cast if it targets (a | an) <desc>", self(ability.CostMore))
}

// printCostChange prints the statics of cost_changes.go, or "".
func printCostChange(s *ability.StaticEffect) string {
	switch {
	case (s.Rule == ability.CostLess || s.Rule == ability.CostMore) && s.Filter == nil && s.Affected == nil && s.Mods == nil &&
		s.Amount == nil && s.Player == "" && s.Cost != nil && *s.Cost == (ability.Cost{Mana: s.Cost.Mana}) &&
		s.If != nil && s.If.Kind == ability.CondTargets && s.If.Filter != nil:
		more := map[ability.Rule]string{ability.CostMore: "more", ability.CostLess: "less"}[s.Rule]
		return w("~ costs") + w(s.Cost.Mana) + w(more+" to cast if it targets") + alt(w("a"), w("an")) + printDesc(s.If.Filter, "")
	}
	return ""
}
