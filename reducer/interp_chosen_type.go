package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Choosing a creature type as a permanent enters (CR 614.12, 205.3m):
// Cavern of Souls, Engineered Plague. The answer is any creature type,
// in any case; the permanent keeps it as Object.Chosen with the prefix
// chosenTypePrefix (one letter is a colour, other text a card name). A
// filter's ChosenType asks for that type of the ability's source; a
// restriction on mana spending that names it is made concrete as the
// mana is made (mana keeps its restriction wherever its source goes).

const (
	optCreatureType  = "a creature type"
	chosenTypePrefix = "type:"
)

// chosenType is the creature type o chose as it entered, if one.
func chosenType(o *Object) (string, bool) {
	if o == nil {
		return "", false
	}
	return strings.CutPrefix(o.Chosen, chosenTypePrefix)
}

// creatureTypeAnswer checks the answer to a creature type question and
// returns the type's own spelling.
func (g *Game) creatureTypeAnswer(answer []string, prompt string) (string, error) {
	if len(answer) == 1 {
		if t := creatureTypeNamed(answer[0]); t != "" {
			return t, nil
		}
	}
	return "", g.refuse("CR 205.3m", "body.answer", "answer with one creature type (%s)", prompt)
}

// creatureTypeNamed is the creature type spelled s in any case, or "".
func creatureTypeNamed(s string) string {
	s = strings.TrimSpace(s)
	for _, t := range []string{s, title(strings.ToLower(s))} { // "Assembly-Worker" as written, "elf"
		if cards.IsCreatureType(t) {
			return t
		}
	}
	return ""
}

// chosenTypeMatches: o has the creature type src chose as it entered.
func chosenTypeMatches(src, o *Object) bool {
	t, ok := chosenType(src)
	return ok && o.HasSubtype(t)
}

// concreteSpend is a mana restriction with the chosen type of the mana's
// source written in: "a creature spell of the chosen type" becomes "a
// creature spell of type T" (no type chosen: no spell).
func concreteSpend(spend *ability.Filter, src *Object) *ability.Filter {
	if spend == nil || !spend.ChosenType {
		return spend
	}
	f := *spend
	f.ChosenType = false
	t, ok := chosenType(src)
	if !ok {
		t = "(no type chosen)"
	}
	f.Subtypes = []string{t}
	return &f
}

// creatureTypes offers, for a creature type question, the creature types
// of the match's cards in object order (Human when they have none): a
// sample of the answers, so the list is incomplete.
func (l *lister) creatureTypes(player string) {
	seen := map[string]bool{}
	for _, o := range l.g.S.Objects {
		if o == nil || o.Def == nil {
			continue
		}
		for _, t := range o.Def.Subtypes {
			if !seen[t] && cards.IsCreatureType(t) {
				seen[t] = true
				l.offer(player, &events.Choose{Player: player, Answer: events.Answer{t}})
			}
		}
	}
	if len(seen) == 0 {
		l.offer(player, &events.Choose{Player: player, Answer: events.Answer{"Human"}})
	}
	l.complete = false
}
