package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// Sunburst (CR 702.44a): "This permanent enters with a +1/+1 counter on it
// for each color of mana spent to cast it if it's a creature, and with a
// charge counter on it for each color of mana spent to cast it if it
// isn't." The keyword stands for a replacement effect as it enters whose
// amount is colors_spent of the permanent (interp_spent.go: the permanent
// keeps what was spent on its spell); the counter's kind is chosen as it
// enters.

// counterSunburst stands for sunburst's counter kind.
const counterSunburst = "sunburst"

// sunburstAbility is the replacement effect sunburst stands for.
func sunburstAbility(a *ability.Ability) ability.Ability {
	return ability.Ability{Kind: ability.Replacement, Text: a.Text, Replace: &ability.ReplaceEffect{Event: ability.ReplEnters, Self: true,
		Counter: counterSunburst, Amount: &ability.Amount{Var: "colors_spent", Of: &ability.Selector{Ref: ability.Self}}}}
}

// sunburstKind is the counter sunburst puts on o: +1/+1 on a creature,
// charge otherwise.
func sunburstKind(o *Object) string {
	if o.Is("Creature") {
		return "+1/+1"
	}
	return "charge"
}
