package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Choosing a card name (CR 201.3): "As ~ enters, choose a card name",
// then "Activated abilities of sources with the chosen name can't be
// activated" and "Spells with the chosen name cost {3} more to cast". The
// answer is any card's name, the match's declared cards included; a
// nonland card name must not be a land's. The name is kept on the
// permanent (Object.Chosen) in the card's own spelling.

// Options of a name question: the answer is a name, not one of a list.
const (
	optCardName        = "a card name"
	optNonlandCardName = "a nonland card name"
	optLandCardName    = "a land card name"
)

// nameOption is the option of a question for a name of what ("card_name",
// "nonland_card_name"), or "".
func nameOption(what string) string {
	switch what {
	case "card_name":
		return optCardName
	case "nonland_card_name":
		return optNonlandCardName
	case "land_card_name":
		return optLandCardName
	}
	return ""
}

// isNameQuestion reports whether options ask for a card name.
func isNameQuestion(options []string) bool {
	return len(options) == 1 && (options[0] == optCardName || options[0] == optNonlandCardName || options[0] == optLandCardName)
}

// cardNameAnswer checks a name answer to a question with options and
// returns the card's own spelling of it.
func (g *Game) cardNameAnswer(options []string, answer []string, prompt string) (string, error) {
	if len(answer) != 1 {
		return "", g.refuse("CR 201.3", "body.answer", "answer with one card name (%s)", prompt)
	}
	c, ok := g.S.cardDef(answer[0])
	if !ok || c.NotInDecks() != "" {
		c, ok = g.S.faceNamed(answer[0])
	}
	if !ok || c.NotInDecks() != "" {
		return "", g.refuse("CR 201.3", "body.answer[0]", "%q is not the name of a card (%s)", answer[0], prompt)
	}
	if options[0] == optNonlandCardName && c.Is("Land") {
		return "", g.refuse("CR 201.3", "body.answer[0]", "%s is a land card: choose a nonland card name", c.Name)
	}
	if options[0] == optLandCardName && !c.Is("Land") {
		return "", g.refuse("CR 201.3", "body.answer[0]", "%s is not a land card: choose a land card name", c.Name)
	}
	return c.Name, nil
}

// faceNamed finds a face of a card of the match by its name (the back
// face of a double-faced card: "choose a card name" may name either face,
// and decklists name only the front), in object order.
func (s *State) faceNamed(name string) (*cards.Card, bool) {
	for _, o := range s.Objects {
		if o == nil || o.Def == nil {
			continue
		}
		for _, f := range o.Def.Faces {
			if strings.EqualFold(f.Name, name) {
				return f, true
			}
		}
	}
	return nil, false
}

// chosenNameMatches: o has the name chosen as the source src entered.
func chosenNameMatches(src, o *Object) bool {
	return src != nil && src.Chosen != "" && len(src.Chosen) > 1 && !strings.HasPrefix(src.Chosen, chosenTypePrefix) && strings.EqualFold(o.Name(), src.Chosen)
}

// cantActivate reports whether a static of rule r forbids activating a
// non-mana (mana false) or mana ability: "can't be activated", or only
// non-mana abilities ("unless they're mana abilities").
func cantActivate(r ability.Rule, a *ability.Ability, mana bool) bool {
	if !mana {
		return true
	}
	return r == ability.CantActivate && !strings.Contains(a.Text, "unless they're mana abilities")
}

// cardNames offers, for a name question, the names of the match's cards
// in object order: a sample of the answers (any card's name is one), so
// the list is incomplete.
func (l *lister) cardNames(player string) {
	seen := map[string]bool{}
	for _, o := range l.g.S.Objects {
		if o == nil || o.Def == nil || o.Token || o.Def.NotInDecks() != "" || seen[o.Def.Name] {
			continue
		}
		seen[o.Def.Name] = true
		l.offer(player, &events.Choose{Player: player, Answer: events.Answer{o.Def.Name}})
	}
	l.complete = false
}

// keepChosenName: a land card name chosen by an ability of a permanent
// ("When ~ enters, choose a land card name.") is kept on that permanent,
// for its abilities that say "the chosen name" (CR 607.2a).
func (x *verbRun) keepChosenName(name string) {
	if x.e.Choice != "land_card_name" || !x.r.o.isAbility() {
		return
	}
	if src := x.r.g.S.Obj(x.r.o.Source); src != nil && src.Zone == ZoneBattlefield {
		x.r.g.emit(Effect{Op: OpChosen, Obj: src.ID, Name: name})
	}
}
