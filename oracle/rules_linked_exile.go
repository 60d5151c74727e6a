package oracle

import (
	"encoding/json"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Linked abilities (CR 607.2a): "When ~ enters, you may exile a
// nonartifact, nonland card from your hand." and "{T}: Add one mana of
// any of the exiled card's colors." (Chrome Mox). "The exiled card" is
// the card the card's own exile effect exiled: the compiler marks that
// exile "linked" (Effect.Text) when another ability of the face reads the
// exiled card (ManaSpec Among "exiled"), and declines the reading ability
// when no exile of the face can be what it names.

func addLinkedExile(g *grammar) {
	g.add("eff", "exile <some>", func(v []any) any {
		s := sel(v[0])
		if s.Ref != ability.ChooseRef || s.Filter == nil || s.Filter.Zone != ability.ZoneHand {
			return nil
		}
		return one(ability.Effect{Verb: ability.Exile, Object: s})
	})
	g.add("manaspec", "one mana of any of the exiled card 's colors", func(v []any) any {
		return &ability.ManaSpec{Among: "exiled", Amount: ability.Fixed(1)}
	})
	// "If a card is exiled with ~, add {C}{C} instead." (Ugin's
	// Labyrinth) and "Return the exiled card to its owner's hand."
	g.add("cond", "a card is exiled with ~", func(v []any) any { return &ability.Condition{Kind: ability.CondFact, Text: "exiled_with"} })
	g.add("eff", "return the exiled card to its owner 's hand", func(v []any) any {
		return one(ability.Effect{Verb: ability.Move, Object: &ability.Selector{Ref: ability.LinkedExiled}, Zone: ability.ZoneHand})
	})
}

// readsExiled reports whether a reads the card its face's exile linked:
// mana of its colours, the fact that there is one, or the card itself.
func readsExiled(a *ability.Ability) bool {
	js, _ := json.Marshal(a)
	s := string(js)
	return strings.Contains(s, `"among":"exiled"`) || strings.Contains(s, `"text":"exiled_with"`) || strings.Contains(s, `"ref":"exiled"`)
}

// linkExiled marks the face's exiles of a card from a hand, as its own
// enters trigger does them, linked to the abilities that read the exiled
// card; with none to link, those abilities are declined.
func linkExiled(r *Result) {
	var readers []int
	for i := range r.Abilities {
		if readsExiled(&r.Abilities[i]) {
			readers = append(readers, i)
		}
	}
	if len(readers) == 0 {
		return
	}
	linked := false
	for i := range r.Abilities {
		a := &r.Abilities[i]
		if a.Kind != ability.Triggered || a.Trigger == nil || a.Trigger.Event != ability.Enters || !a.Trigger.Self || len(a.Trigger.Or) > 0 {
			continue
		}
		for k := range a.Effects {
			if e := &a.Effects[k]; e.Verb == ability.Exile && e.Text == "" && e.Duration == "" && e.Object != nil && e.Object.Ref == ability.ChooseRef {
				e.Text, linked = "linked", true
			}
		}
	}
	if linked {
		return
	}
	var keep []ability.Ability
	for i := range r.Abilities {
		if readsExiled(&r.Abilities[i]) {
			t := r.Abilities[i].Text
			r.Declined = append(r.Declined, Decline{Text: t, Sentence: t, Reason: "no ability of the card exiles the card it names (CR 607.2a)"})
			continue
		}
		keep = append(keep, r.Abilities[i])
	}
	r.Abilities = keep
}
