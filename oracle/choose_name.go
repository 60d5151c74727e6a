package oracle

import (
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// A card name chosen as a spell resolves (CR 201.3) and what uses it:
// "Choose a nonland card name. Target player reveals their hand and
// discards all cards with that name." The choice binds the name; "that
// name" is the nearest name chosen before it (finishNames).

// thatName marks a filter's name as the one chosen before it, until
// finishNames resolves it.
const thatName = "$that-name"

func addChooseName(g *grammar) {
	choose := func(choice string) func(v []any) any {
		return func(v []any) any {
			return one(ability.Effect{Verb: ability.Choose, Choice: choice, Bind: bindName(v[0].(at), "name")})
		}
	}
	g.add("eff", "<@> choose a card name", choose("card_name"))
	g.add("eff", "<@> choose a nonland card name", choose("nonland_card_name"))
	// "When ~ enters, choose a land card name." (Petrified Hamlet): kept
	// on the permanent for its "with the chosen name" abilities.
	g.add("eff", "<@> choose a land card name", choose("land_card_name"))
	// "Target player reveals their hand and discards all cards with that
	// name."
	g.add("eff", "<who> reveals their hand <@> and discards all cards with that name", func(v []any) any {
		p := who(v[0])
		hand := func(name string) *ability.Selector {
			return &ability.Selector{Ref: ability.All, Player: p,
				Filter: &ability.Filter{Types: []string{"card"}, Zone: ability.ZoneHand, NameBound: name}}
		}
		return []ability.Effect{
			{Verb: ability.Reveal, Player: p, Bind: bindName(v[1].(at), "revealed"), Object: hand("")},
			{Verb: ability.Discard, Player: p, Object: hand(thatName)},
		}
	})
}

// finishNames points each "that name" at the name chosen last before it,
// in the effects' order; none is an error.
func finishNames(es []ability.Effect) error {
	last := ""
	for i := range es {
		e := &es[i]
		if o := e.Object; o != nil && o.Filter != nil && o.Filter.NameBound == thatName {
			if last == "" {
				return fmt.Errorf("\"that name\" refers to no name chosen before it")
			}
			f := *o.Filter
			f.NameBound = last
			s := *o
			s.Filter = &f
			e.Object = &s
		}
		if e.Verb == ability.Choose && strings.HasSuffix(e.Choice, "card_name") {
			last = e.Bind
		}
	}
	return nil
}

// printChooseName prints the effects of addChooseName, or reports false.
func printChooseName(a *pctx, es []ability.Effect, i int) (string, int, bool) {
	e := &es[i]
	switch {
	case e.Verb == ability.Choose && strings.HasSuffix(e.Choice, "card_name"):
		return w("choose a") + w(strings.ReplaceAll(e.Choice, "_", " ")), 1, true
	case e.Verb == ability.Reveal && i+1 < len(es) && isNamedDiscard(&es[i+1], e.Player):
		return printPlayer(a, e.Player) + w("reveals their hand and discards all cards with that name"), 2, true
	}
	return "", 0, false
}

// isNamedDiscard: "discards all cards with that name" from p's hand.
func isNamedDiscard(e *ability.Effect, p *ability.PlayerRef) bool {
	o := e.Object
	return e.Verb == ability.Discard && o != nil && o.Ref == ability.All && o.Filter != nil && o.Filter.NameBound != "" &&
		o.Filter.Zone == ability.ZoneHand && p != nil && e.Player != nil && *e.Player == *p && o.Player != nil && *o.Player == *p
}
