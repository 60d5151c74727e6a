package oracle

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/chronicle-mtg/chronicle/ability"
)

var (
	grammarOnce sync.Once
	theGrammar  *grammar
)

// rules returns the grammar, built once.
func rules() *grammar {
	grammarOnce.Do(func() {
		g := newGrammar()
		addTrigRules(g) // triggers_hooks.go
		addWords(g)
		addNouns(g)
		addOrNouns(g)
		addCosts(g)
		addKeywords(g)
		addEffects(g)
		addMoreEffects(g)
		addHandEffects(g)
		addMoreRules(g)
		addBatch3(g)
		addPermissions(g) // rules_permissions.go
		addPoolRules(g)
		addBatch5(g)
		addBatch6(g)
		addSentences(g)
		addTriggers(g)
		addStatics(g)
		addLines(g)
		addModal(g)
		addLibrary(g)
		addGameEffects(g)
		addMoreTriggers(g)
		addSentenceShapes(g)
		addZoneEffects(g)
		addChooseEffects(g)
		addMoreStatics(g)
		addCostChanges(g)
		addChosenNameRules(g)
		addChooseName(g)
		addPlayerGains(g)
		addEnergy(g)
		addChooseTarget(g)
		addDamageCounters(g)
		addNextEndStep(g)
		addReturnedCount(g)
		addSmallForms(g)
		addExileCreatureAndGraveyard(g)
		addPutEach(g)
		addClass(g)
		addQuoted(g)
		addManaLands(g)
		addSearchPlayers(g)
		addPerCardType(g)
		addWhereX(g)
		addPutInstead(g)
		addTwice(g)
		addDamageEach(g)
		addShuffleSelf(g) // rules_shuffle_self.go
		addCantEnter(g)   // rules_cant_enter.go
		addSpree(g)       // rules_spree.go
		addLinkedExile(g) // rules_linked_exile.go
		theGrammar = g
	})
	return theGrammar
}

// Compile compiles one face's text. It is deterministic and safe for
// concurrent use. The intrinsic mana abilities of basic land types (CR
// 305.6) are the engine's, not the text's: a Forest's reminder text is
// not compiled.
func Compile(f Face) Result {
	var r Result
	units, declined := f.normalise()
	r.Declined = append(r.Declined, declined...)
	spell := slices.Contains(f.Types, "Instant") || slices.Contains(f.Types, "Sorcery")
	for _, u := range units {
		as, d := compileUnit(u, spell)
		if d != nil {
			r.Declined = append(r.Declined, *d)
			continue
		}
		r.Abilities = append(r.Abilities, as...)
	}
	r.Abilities = joinSpells(r.Abilities)
	linkExiled(&r) // rules_linked_exile.go
	if len(r.Declined) == 0 {
		classLevels(&f, r.Abilities)
	}
	return r
}

// joinSpells makes an instant's or sorcery's paragraphs of effects one
// spell ability (CR 608.2c: its instructions are followed in the order
// written), its targets numbered across them. Modal paragraphs and ones
// whose bound names collide stay apart.
func joinSpells(as []ability.Ability) []ability.Ability {
	var out []ability.Ability
	for _, a := range as {
		if n := len(out); n > 0 && a.Kind == ability.Spell && out[n-1].Kind == ability.Spell && a.Modes == nil && out[n-1].Modes == nil &&
			!overlap(binds(&out[n-1]), binds(&a)) {
			prev := &out[n-1]
			b := a
			shiftTargets(reflect.ValueOf(&b).Elem(), len(prev.Targets))
			prev.Targets = append(prev.Targets, b.Targets...)
			prev.Effects = append(prev.Effects, b.Effects...)
			prev.Text += "\n" + b.Text
			continue
		}
		out = append(out, a)
	}
	return out
}

func overlap(a, b []string) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// compileUnit compiles one unit to its abilities, or declines it.
func compileUnit(u unit, spell bool) ([]ability.Ability, *Decline) {
	text := u.display()
	decline := func(sentence, word, reason string) ([]ability.Ability, *Decline) {
		return nil, &Decline{Text: text, Sentence: sentence, Word: word, Reason: reason}
	}
	start := "line"
	if spell {
		start = "spellline"
	}
	var toks []tok
	var err error
	switch u.kind {
	case unitModal:
		toks, err = lexModal(u)
		start = "modal"
		if spell {
			start = "spellmodal"
		}
	case unitChapter:
		toks, err = lex(u.text)
		start = "chapter"
	default:
		toks, err = lex(u.text)
	}
	if err != nil {
		return decline(text, "", err.Error())
	}
	p := newParser(rules(), toks)
	readings := p.whole(start)
	switch {
	case len(readings) == 0:
		sentence, word := stopAt(toks, p.far)
		return decline(sentence, word, "no rule reads this")
	case len(readings) > 1:
		return decline(text, "", fmt.Sprintf("%d different readings", len(readings)))
	}
	var out []ability.Ability
	for _, a := range readings[0].([]*ability.Ability) {
		c := *a
		if u.kind == unitChapter {
			c = ability.Ability{Kind: ability.Triggered, Trigger: &ability.Trigger{Event: ability.Chapter, Chapters: u.chapters}, Effects: c.Effects,
				Targets: c.Targets, Modes: c.Modes}
		}
		if err := finish(&c); err != nil {
			return decline(text, "", err.Error())
		}
		out = append(out, c)
	}
	if err := checkPrint(out, toks, u); err != nil {
		return decline(text, "", err.Error())
	}
	parts := strings.Split(strings.TrimSuffix(text, "."), ", ")
	for i := range out {
		switch {
		case len(out) == 1:
			out[i].Text = text
		case len(parts) == len(out):
			out[i].Text = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
		if err := ability.Validate(&out[i], "ability"); err != nil {
			return decline(text, "", "malformed: "+err.Error())
		}
	}
	return out, nil
}

// stopAt returns the sentence around token far and the word there.
func stopAt(toks []tok, far int) (string, string) {
	start, end := 0, len(toks)
	for i := far - 1; i >= 0; i-- {
		if i < len(toks) && toks[i].s == "." {
			start = i + 1
			break
		}
	}
	for i := far; i < len(toks); i++ {
		if toks[i].s == "." {
			end = i + 1
			break
		}
	}
	word := ""
	if far < len(toks) {
		word = toks[far].raw
	}
	return strings.TrimSpace(joinToks(toks[start:end])), word
}
