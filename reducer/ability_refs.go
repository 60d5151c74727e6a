package reducer

import (
	"slices"
	"strconv"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Ability numbers: how an activate input names the ability it activates.
// One numbering for every object: its activated abilities, mana abilities
// included, in Oracle order (a basic land type's intrinsic mana ability
// first, CR 305.6), then the ones effects grant it, in timestamp order.
// show --json lists them with their numbers (ObjectView.Activated), and
// an input may name one by its text instead (activate.ability_text: the
// cost, "{1}{W/U}, {Q}", or the start of the text).
//
// The engine keeps its own index per ability (the language's is the
// number; card code counted Oracle lines on a few cards, and a granted
// mana ability answered to 50). An input is translated to it per object;
// a number past the object's abilities that is an engine index of one
// of them is read as that index, so logs written before the numbering
// was one still replay as they did.

// AbilityView is one activated ability of an object.
type AbilityView struct {
	Number int    `json:"number"`
	Text   string `json:"text"`
	// Mana: a mana ability (CR 605); Granted: an effect gives it.
	Mana    bool `json:"mana,omitempty"`
	Granted bool `json:"granted,omitempty"`
	index   int  // the engine's index
}

// activatedAbilities lists o's activated abilities in the one numbering.
// Without granted abilities it is the card's own list, shared: read it,
// never change it.
func (o *Object) activatedAbilities() []AbilityView {
	d := o.def()
	if d == nil || o.isAbility() {
		return nil
	}
	var out []AbilityView
	if lc := langOf(d); lc != nil {
		out = lc.views
	} else if lc := engineOf(d); lc != nil && lc.legacy {
		lc.legacyViews.Do(func() { lc.views = numberedLegacy(d) }) // worked out once a card
		out = lc.views
	} else {
		out = numberedLegacy(d)
	}
	granted := o.grantedManaAbilities()
	if len(granted) == 0 && len(o.grantedLangAbilities()) == 0 { // interp_grant.go
		return out
	}
	out = slices.Clone(out)
	for _, m := range granted {
		if len(out) > 0 && out[len(out)-1].Granted && out[len(out)-1].index == m.Index {
			continue // two grants of one ability are one ability to name
		}
		if m.Lang != nil {
			continue // grantedViews lists it
		}
		out = append(out, AbilityView{Number: len(out), Text: manaText(m), Mana: true, Granted: true, index: m.Index})
	}
	return append(out, o.grantedViews(len(out))...)
}

// numberedLegacy is legacyAbilities numbered.
func numberedLegacy(d *cards.Card) []AbilityView {
	out := legacyAbilities(d)
	for i := range out {
		out[i].Number = i
	}
	return out
}

// printedViews are a language card's own activated abilities, numbered.
func printedViews(lc *langCard, name string) []AbilityView {
	var out []AbilityView
	for i := 0; i < lc.intrinsic; i++ {
		out = append(out, AbilityView{Number: len(out), Text: manaText(lc.mana[i]), Mana: true, index: i})
	}
	for k, a := range lc.activated {
		out = append(out, AbilityView{Number: len(out), Text: abilityText(a, name), Mana: a.Kind == ability.Mana, index: lc.intrinsic + k})
	}
	return out[:len(out):len(out)]
}

// legacyAbilities are the activated abilities of a card played by card
// code, in the order of their engine indexes, with the Oracle lines that
// say them when the lines and the abilities agree in number.
func legacyAbilities(d *cards.Card) []AbilityView {
	var out []AbilityView
	intrinsic := 0
	if hasBasicLandType(d) {
		intrinsic = len(d.Mana) // a basic land type's mana abilities are all it has (cards/build.go)
	}
	mana := map[int]cards.ManaAbility{}
	for _, m := range d.Mana {
		mana[m.Index] = m
	}
	top := strings.Count(d.Oracle, "\n") + len(d.Mana) + 1
	for i := 0; i <= top; i++ {
		if m, ok := mana[i]; ok {
			out = append(out, AbilityView{Text: manaText(m), Mana: true, index: i})
		} else if d.ActivatedOf(i) != nil {
			out = append(out, AbilityView{index: i})
		}
	}
	lines := activatedLines(d.Oracle)
	if len(lines) == len(out)-intrinsic {
		for i := intrinsic; i < len(out); i++ {
			out[i].Text = lines[i-intrinsic]
		}
	}
	return out
}

// hasBasicLandType reports whether d is a land with a basic land type
// (CR 305.6).
func hasBasicLandType(d *cards.Card) bool {
	if !d.Is("Land") {
		return false
	}
	for _, t := range []string{"Plains", "Island", "Swamp", "Mountain", "Forest"} {
		if d.HasSub(t) {
			return true
		}
	}
	return false
}

// activatedLines are the lines of Oracle text that are activated
// abilities: a cost, a colon, an effect, outside reminder text and quotes.
func activatedLines(oracle string) []string {
	var out []string
	for _, line := range strings.Split(oracle, "\n") {
		line = strings.TrimSpace(line)
		i := strings.Index(line, ":")
		if i <= 0 || strings.HasPrefix(line, "(") || strings.ContainsAny(line[:i], "\"(") || strings.HasPrefix(line, "Chapter") {
			continue
		}
		out = append(out, line)
	}
	return out
}

// abilityText is a language ability's text with its card's name.
func abilityText(a *ability.Ability, name string) string {
	return strings.ReplaceAll(a.Text, "~", name)
}

// manaText says a mana ability the engine derived: "{T}: Add {G}.".
func manaText(m cards.ManaAbility) string {
	var b strings.Builder
	if m.Tap {
		b.WriteString("{T}: ")
	}
	switch {
	case m.AnyColor:
		b.WriteString("Add one mana of any color.")
	case len(m.Add) > 0:
		b.WriteString("Add ")
		for _, c := range m.Add {
			b.WriteString("{" + c.Letter() + "}")
		}
		b.WriteString(".")
	default:
		return strings.TrimSuffix(b.String(), " ") // a mana ability whose text only its card says
	}
	return b.String()
}

// engineActivate is b as the engine reads it for object o: its ability
// number (or text) turned into the engine's index. ok is false when b
// names an ability o doesn't have by text.
func (o *Object) engineActivate(b *events.Activate) (*events.Activate, bool) {
	abs := o.activatedAbilities()
	if b.AbilityText != "" {
		for _, a := range abs {
			if abilityNamed(a.Text, b.AbilityText) {
				c := *b
				c.Ability = a.index
				return &c, true
			}
		}
		return b, false
	}
	if b.Ability < len(abs) {
		if abs[b.Ability].index == b.Ability {
			return b, true
		}
		c := *b
		c.Ability = abs[b.Ability].index
		return &c, true
	}
	return b, true // past the numbering: an engine index, as older logs wrote
}

// abilityNumber is the number of o's ability with engine index i.
func (o *Object) abilityNumber(i int) int {
	for _, a := range o.activatedAbilities() {
		if a.index == i {
			return a.Number
		}
	}
	return i
}

// abilityNamed reports whether an ability with text says what named
// names: its whole cost (the part before the colon) or the start of its
// text, ignoring case and spaces around.
func abilityNamed(text, named string) bool {
	named = strings.TrimSpace(named)
	if named == "" || text == "" {
		return false
	}
	if i := strings.Index(text, ":"); i > 0 && strings.EqualFold(strings.TrimSpace(text[:i]), strings.TrimSuffix(named, ":")) {
		return true
	}
	return len(named) <= len(text) && strings.EqualFold(text[:len(named)], named)
}

// abilityList says o's activated abilities for a refusal: `0 "{T}: Add
// {G}."`, or "it has none".
func (o *Object) abilityList() string {
	var parts []string
	for _, a := range o.activatedAbilities() {
		parts = append(parts, itoa(a.Number)+" "+strconv.Quote(a.Text))
	}
	if len(parts) == 0 {
		return "it has none"
	}
	return strings.Join(parts, ", ")
}
