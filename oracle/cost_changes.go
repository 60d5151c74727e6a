package oracle

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

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
	// "As long as ~ is untapped, each spell that would cost less than
	// three mana to cast costs three mana to cast."
	g.add("static", "as long as ~ is untapped , each spell that would cost less than <n> mana to cast costs <n> mana to cast", func(v []any) any {
		if v[0].(int) != v[1].(int) {
			return nil
		}
		return &ability.StaticEffect{Rule: ability.CostFloor, Player: "each", Amount: ability.Fixed(v[0].(int)), If: selfUntapped()}
	})
	// "Each spell costs {3} more to cast except during its controller's
	// turn."
	g.add("static", "each spell costs <mana> more to cast except during its controller 's turn", func(v []any) any {
		return &ability.StaticEffect{Rule: ability.CostMore, Player: "each", Filter: &ability.Filter{}, Cost: &ability.Cost{Mana: v[0].(string)},
			If: notCastersTurn()}
	})
	// "This spell costs {X} less to cast, where X is the greatest mana
	// value among Elementals you control."
	g.add("static", "~ costs <mana> less to cast , where x is the greatest mana value among <descs>", func(v []any) any {
		if v[0].(string) != "{X}" {
			return nil
		}
		return &ability.StaticEffect{Rule: ability.CostLess, Cost: &ability.Cost{Mana: "{X}"},
			Amount: &ability.Amount{Var: "greatest_mana_value", Count: filt(v[1])}}
	})
}

// notCastersTurn is "except during its controller's turn".
func notCastersTurn() *ability.Condition {
	return &ability.Condition{Kind: ability.CondNot, Sub: []ability.Condition{{Kind: ability.CondItsControllersTurn}}}
}

// selfUntapped is "~ is untapped".
func selfUntapped() *ability.Condition {
	return &ability.Condition{Kind: ability.CondIs, Object: &ability.Selector{Ref: ability.Self}, Filter: &ability.Filter{Untapped: true}}
}

// printCostChange prints the statics of cost_changes.go, or "".
func printCostChange(s *ability.StaticEffect) string {
	switch {
	case s.Rule == ability.CostMore && s.Player == "each" && s.Filter != nil && reflect.DeepEqual(*s.Filter, ability.Filter{}) &&
		s.Amount == nil && s.Mods == nil && s.Affected == nil && s.Cost != nil && *s.Cost == (ability.Cost{Mana: s.Cost.Mana}) &&
		reflect.DeepEqual(s.If, notCastersTurn()):
		return w("each spell costs") + w(s.Cost.Mana) + w("more to cast except during its controller's turn")
	case s.Rule == ability.CostFloor && s.Player == "each" && s.Filter == nil && s.Cost == nil && s.Mods == nil && s.Affected == nil &&
		reflect.DeepEqual(s.If, selfUntapped()):
		if _, ok := s.Amount.IsFixed(); !ok || s.Amount == nil {
			return unprintable
		}
		m := printAmount(s.Amount)
		return w("as long as ~ is untapped, each spell that would cost less than") + m + w("mana to cast costs") + m + w("mana to cast")
	case (s.Rule == ability.CostLess || s.Rule == ability.CostMore) && s.Filter == nil && s.Affected == nil && s.Mods == nil &&
		s.Amount == nil && s.Player == "" && s.Cost != nil && *s.Cost == (ability.Cost{Mana: s.Cost.Mana}) &&
		s.If != nil && s.If.Kind == ability.CondTargets && s.If.Filter != nil:
		more := map[ability.Rule]string{ability.CostMore: "more", ability.CostLess: "less"}[s.Rule]
		return w("~ costs") + w(s.Cost.Mana) + w(more+" to cast if it targets") + alt(w("a"), w("an")) + printDesc(s.If.Filter, "")
	case s.Rule == ability.CostLess && s.Filter == nil && s.Affected == nil && s.Mods == nil && s.If == nil && s.Player == "" &&
		s.Cost != nil && *s.Cost == (ability.Cost{Mana: "{X}"}) && s.Amount != nil && s.Amount.Var == "greatest_mana_value" &&
		s.Amount.Count != nil && s.Amount.N == 0 && s.Amount.Times == 0:
		return w("~ costs {X} less to cast, where x is the greatest mana value among") + printDescs(s.Amount.Count, "")
	}
	return ""
}

// addChosenNameRules: what a card name chosen as the source entered
// stops (CR 201.3): "Activated abilities of sources with the chosen name
// can't be activated [unless they're mana abilities]." A source is any
// object, wherever its ability functions.
func addChosenNameRules(g *grammar) {
	named := &ability.Filter{ChosenName: true}
	g.add("static", "activated abilities of sources with the chosen name can't be activated", func(v []any) any {
		return &ability.StaticEffect{Rule: ability.CantActivate, Filter: named}
	})
	g.add("static", "activated abilities of sources with the chosen name can't be activated unless they're mana abilities", func(v []any) any {
		return &ability.StaticEffect{Rule: ability.CantActivateNonMana, Filter: named}
	})
}

// printChosenNameRule prints the statics of addChosenNameRules, or "".
func printChosenNameRule(s *ability.StaticEffect) string {
	if s.Filter == nil || !reflect.DeepEqual(*s.Filter, ability.Filter{ChosenName: true}) || s.Mods != nil || s.Affected != nil || s.If != nil ||
		s.Cost != nil || s.Amount != nil || s.Player != "" {
		return ""
	}
	switch s.Rule {
	case ability.CantActivate:
		return w("activated abilities of sources with the chosen name can't be activated")
	case ability.CantActivateNonMana:
		return w("activated abilities of sources with the chosen name can't be activated unless they're mana abilities")
	}
	return ""
}
