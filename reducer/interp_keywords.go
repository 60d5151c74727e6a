package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Keyword abilities of the ability language that stand for other
// abilities (CR 702): the engine expands them, once per card, into the
// abilities they mean, numbered where the keyword is printed.
//
//	Cycling {C}          {C}, Discard this card: Draw a card. (CR 702.29a)
//	<Type>cycling {C}    {C}, Discard this card: Search your library for a
//	                     <type> card, reveal it, put it into your hand,
//	                     then shuffle. (CR 702.29e; "Basic landcycling":
//	                     a basic land card)
//
// Keywords the engine checks where they matter (flying, trample, ...)
// need no expansion; kicker is read as a spell is cast.

// expandKeyword returns the abilities keyword a stands for, or nil when
// it stands for none (a keyword the engine reads where it matters).
func expandKeyword(a *ability.Ability) []ability.Ability {
	k := a.Keyword
	if k.Name == "Sunburst" && k.Cost == nil && k.N == 0 && k.Filter == nil && k.Text == "" {
		return []ability.Ability{sunburstAbility(a)} // interp_spent.go
	}
	if k.Name == "Cascade" && k.Cost == nil && k.N == 0 && k.Filter == nil && k.Text == "" {
		return []ability.Ability{cascadeTrigger(a)} // interp_cascade.go
	}
	if k.Name == "Crew" && crewSupported(k) {
		return []ability.Ability{crewAbility(a)} // interp_crew.go
	}
	if k.Name == "Rebound" && k.Cost == nil && k.N == 0 && k.Filter == nil && k.Text == "" {
		return []ability.Ability{reboundTrigger(a)} // interp_rebound.go
	}
	if k.Name == "Fading" && fadingSupported(k) {
		return fadingAbilities(a) // interp_fading.go
	}
	if k.Name == "Madness" && madnessSupported(k) {
		return []ability.Ability{madnessTrigger(a)} // interp_madness.go
	}
	if k.Name == "Mobilize" && mobilizeSupported(k) {
		return []ability.Ability{mobilizeTrigger(a)} // interp_attacking.go
	}
	if k.Name == "Conspire" && k.Cost == nil && k.N == 0 && k.Filter == nil && k.Text == "" {
		return []ability.Ability{conspireTrigger(a)} // interp_conspire.go
	}
	if exp := expandTriggerKeyword(a); exp != nil {
		return exp // interp_keyword_triggers.go
	}
	if k.Cost == nil {
		return nil
	}
	switch k.Name {
	case "Equip":
		return []ability.Ability{equipAbility(a)} // interp_attach.go
	case "Ward":
		return []ability.Ability{wardAbility(a)}
	case "Evoke":
		return []ability.Ability{evokeSacrifice(a)} // interp_altcosts.go
	case "Replicate":
		return []ability.Ability{replicateTrigger(a)} // interp_copies.go
	case "Level":
		if !levelSupported(k) {
			return nil
		}
		return []ability.Ability{levelAbility(a)} // interp_class.go
	}
	cost := *k.Cost
	cost.Discard = &ability.Selector{Ref: ability.Self}
	cycle := func(effects ...ability.Effect) []ability.Ability {
		return []ability.Ability{{Kind: ability.Activated, Text: a.Text, Zone: ability.ZoneHand, Cost: &cost, Effects: effects}}
	}
	switch name := k.Name; {
	case name == "Cycling":
		return cycle(ability.Effect{Verb: ability.Draw, Amount: ability.Fixed(1)})
	case strings.HasSuffix(name, "cycling"):
		f := cyclingFilter(strings.TrimSuffix(name, "cycling"))
		if f == nil {
			return nil
		}
		return cycle(ability.Effect{Verb: ability.Search, Filter: f, Zone: ability.ZoneHand, Text: "reveal"},
			ability.Effect{Verb: ability.Shuffle})
	}
	return nil
}

// cyclingFilter is what "<type>cycling" searches for: "Island" an Island
// card, "Basic land" a basic land card, "Land" a land card, "Wizard" a
// Wizard card; nil for a kind the engine doesn't know.
func cyclingFilter(kind string) *ability.Filter {
	switch strings.ToLower(kind) {
	case "basic land":
		return &ability.Filter{Types: []string{"land"}, Supertypes: []string{"basic"}}
	case "land":
		return &ability.Filter{Types: []string{"land"}}
	case "":
		return nil
	}
	return &ability.Filter{Types: []string{"card"}, Subtypes: []string{title(strings.ToLower(kind))}}
}

// keywordSupported reports whether the engine carries out keyword k:
// one it reads where it matters, one it expands, or kicker.
func keywordSupported(a *ability.Ability) bool {
	k := a.Keyword
	if k.Name == "Enchant" && k.Filter != nil && k.Cost == nil && k.N == 0 && (k.Text == "" || k.Text == "player") {
		return true // interp_attach.go
	}
	if k.Name == "Storm" && k.Cost == nil && k.N == 0 {
		return true // interp_copies.go
	}
	if k.Name == "Replicate" && k.Cost != nil && k.Cost.Mana != "" && (ability.Cost{Mana: k.Cost.Mana}) == *k.Cost {
		return true // interp_copies.go
	}
	if k.Name == "Affinity" && k.Filter != nil && k.Cost == nil && k.N == 0 {
		return true // interp_rules.go
	}
	if k.Name == "Protection" && k.Filter != nil && k.Cost == nil && k.N == 0 && k.Text == "" {
		return true // protection.go, interp_pool_rules.go
	}
	if graveCastKeyword(k.Name) && k.Cost != nil && k.Cost.Tap == false && k.Cost.Loyalty == nil {
		return Supports(&ability.Ability{Kind: ability.Activated, Cost: k.Cost}) == nil // interp_gravecast.go
	}
	if (k.Name == "Delve" || k.Name == "Improvise" || k.Name == "Convoke") && k.Cost == nil && k.N == 0 && k.Filter == nil && k.Text == "" {
		return true // interp_delve.go
	}
	if k.Name == "Prototype" && k.Cost != nil && k.Cost.Mana != "" && (ability.Cost{Mana: k.Cost.Mana}) == *k.Cost && k.Text != "" && k.N == 0 && k.Filter == nil {
		return true // cast with "prototype": true from the card's data (cast.go, CR 718)
	}
	if k.Name == "Fuse" && k.Cost == nil && k.N == 0 && k.Filter == nil && k.Text == "" {
		return true // interp_fuse.go: a half that can't be fused is refused as the card is built
	}
	if k.Name == "Escalate" {
		return escalateSupported(k) // interp_escalate.go
	}
	if k.Name == "Plot" || k.Name == "Foretell" {
		return plotSupported(k) // interp_plot.go
	}
	if k.Name == "Level" {
		return levelSupported(k) // interp_class.go
	}
	if k.Name == "Kicker" && k.Cost != nil && k.Cost.Mana != "" && (ability.Cost{Mana: k.Cost.Mana}) == *k.Cost {
		return true
	}
	if k.Name == "Entwine" {
		return entwineSupported(k) // interp_entwine.go
	}
	if k.Name == "Multikicker" {
		return multikickerSupported(k) // interp_multikicker.go
	}
	for _, kc := range keywordAltCosts {
		if k.Name == kc.keyword {
			return altCostSupported(a) // interp_altcosts.go
		}
	}
	if exp := expandKeyword(a); exp != nil {
		for i := range exp {
			if Supports(&exp[i]) != nil {
				return false
			}
		}
		if k.Cost == nil {
			return true // a keyword without a cost: its expansion says it all
		}
		return !k.Cost.Tap && !k.Cost.Untap && k.Cost.Loyalty == nil // the expansion's own cost was checked above
	}
	return cards.KeywordImplemented(k.Name) && k.Cost == nil && k.N == 0 && k.Filter == nil && k.Text == ""
}
