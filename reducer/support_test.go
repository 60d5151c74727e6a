package reducer

import (
	"testing"

	"github.com/chronicle-mtg/chronicle/ability"
)

// The verbs Supports accepts are exactly the ones the interpreter runs.
func TestSupportedVerbsAreInterpreted(t *testing.T) {
	for v := range supportedVerbOperands {
		if verbs[v] == nil {
			t.Errorf("Supports accepts %s, which the interpreter doesn't run", v)
		}
	}
	for v := range verbs {
		if _, ok := supportedVerbOperands[v]; !ok {
			t.Errorf("the interpreter runs %s, which Supports refuses", v)
		}
	}
}

// Supports names what it doesn't carry out, with the path.
func TestSupportsSaysWhatIsMissing(t *testing.T) {
	cases := []struct {
		a    ability.Ability
		want string
	}{
		{ability.Ability{Kind: ability.Spell, Effects: []ability.Effect{{Verb: ability.Draw, Amount: ability.Fixed(1)}, {Verb: ability.GainControl, Object: &ability.Selector{Ref: ability.Self}}}},
			"effects[1].verb: gain_control is not carried out yet"},
		{ability.Ability{Kind: ability.Triggered, Trigger: &ability.Trigger{Event: ability.Discards}, Effects: []ability.Effect{{Verb: ability.Draw}}},
			"trigger.event: discards triggers are not carried out yet"},
		{ability.Ability{Kind: ability.Static, Static: &ability.StaticEffect{Rule: ability.NoMaxHandSize}},
			"static.rule: the rule no_max_hand_size is not carried out yet"},
		{ability.Ability{Kind: ability.Keyword, Keyword: &ability.KeywordAbility{Name: "Flying"}}, ""},
		{ability.Ability{Kind: ability.Keyword, Keyword: &ability.KeywordAbility{Name: "Ninjutsu", Cost: &ability.Cost{Mana: "{U}"}}},
			"keyword: Ninjutsu {U} is not carried out yet"},
	}
	for _, c := range cases {
		err := Supports(&c.a)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("Supports(%+v) = %q, want %q", c.a, got, c.want)
		}
	}
}

func TestSupportsRefusesUnmatchedFilterFacts(t *testing.T) {
	a := &ability.Ability{Kind: ability.Static, Static: &ability.StaticEffect{Rule: ability.CostMore, Player: "each",
		Cost: &ability.Cost{Mana: "{1}"}, Filter: &ability.Filter{CastFrom: []ability.Zone{ability.ZoneGraveyard}}}}
	if err := Supports(a); err == nil {
		t.Fatal("a filter with cast_from is supported")
	}
	// "Players can't cast spells from graveyards": castFromMatches.
	a.Static = &ability.StaticEffect{Rule: ability.CantCast, Player: "each", Filter: &ability.Filter{CastFrom: []ability.Zone{ability.ZoneGraveyard}}}
	if err := Supports(a); err != nil {
		t.Fatalf("can't cast spells from graveyards: %v", err)
	}
	b := &ability.Ability{Kind: ability.Triggered, Trigger: &ability.Trigger{Event: ability.Cast, Player: "you",
		Subject: &ability.Filter{CastFrom: []ability.Zone{ability.ZoneExile}}},
		Effects: []ability.Effect{{Verb: ability.Draw, Amount: ability.Fixed(1)}}}
	if err := Supports(b); err == nil || err.Error() != "filter.cast_from: this filter is not carried out yet" {
		t.Fatalf("cast trigger from exile: %v", err)
	}
	c := &ability.Ability{Kind: ability.Spell, Effects: []ability.Effect{{Verb: ability.Search, Zone: ability.ZoneBattlefield,
		Filter: &ability.Filter{Types: []string{"artifact"}, ManaCosts: []string{"{0}", "{1}"}}}}}
	if err := Supports(c); err != nil {
		t.Fatalf("search for an artifact with mana cost {0} or {1}: %v", err)
	}
}
