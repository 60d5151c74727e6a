package oracle

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Word classes as built-in nonterminals: numbers, colours, card types,
// subtypes, keywords, mana symbols, positions.

// at is a position in the unit: the value of <@>, which matches nothing.
// Targets, binds and pronouns carry their position so that the finishing
// pass can number targets and find what "it" refers to, in text order.
type at int

var colorWords = map[string]string{"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
var colorNames = map[string]string{"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

// cardTypes are the card types (CR 205.2a) as filters name them.
var cardTypes = []string{"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker", "sorcery"}

var typePlurals = map[string]string{"artifacts": "artifact", "battles": "battle", "creatures": "creature", "enchantments": "enchantment",
	"instants": "instant", "lands": "land", "planeswalkers": "planeswalker", "sorceries": "sorcery"}

var supertypeWords = []string{"basic", "legendary", "snow", "world"}

var subtypeBySingular, subtypeByPlural = func() (map[string]string, map[string]string) {
	s, p := map[string]string{}, map[string]string{}
	for _, st := range subtypes {
		s[strings.ToLower(st[0])] = st[0]
		p[strings.ToLower(st[1])] = st[0]
	}
	return s, p
}()

// plural returns a subtype's plural.
func subtypePlural(s string) string {
	for _, st := range subtypes {
		if st[0] == s {
			return st[1]
		}
	}
	return s + "s"
}

func addWords(g *grammar) {
	g.builtin("@", func(p *parser, i int) []res { return []res{{at(i), i}} })
	// <n>: a number, digits or a word.
	g.builtin("n", func(p *parser, i int) []res {
		if i < len(p.toks) && p.toks[i].kind == tNum {
			return []res{{p.toks[i].n, i + 1}}
		}
		return nil
	})
	g.builtin("color", func(p *parser, i int) []res {
		if i < len(p.toks) {
			if c, ok := colorWords[p.toks[i].s]; ok {
				return []res{{c, i + 1}}
			}
		}
		return nil
	})
	g.builtin("type", func(p *parser, i int) []res {
		if i < len(p.toks) && p.toks[i].kind == tWord && contains(cardTypes, p.toks[i].s) {
			return []res{{p.toks[i].s, i + 1}}
		}
		return nil
	})
	g.builtin("types", func(p *parser, i int) []res {
		if i < len(p.toks) {
			if t, ok := typePlurals[p.toks[i].s]; ok {
				return []res{{t, i + 1}}
			}
		}
		return nil
	})
	g.builtin("super", func(p *parser, i int) []res {
		if i < len(p.toks) && contains(supertypeWords, p.toks[i].s) {
			return []res{{p.toks[i].s, i + 1}}
		}
		return nil
	})
	g.builtin("sub", func(p *parser, i int) []res {
		if i < len(p.toks) && p.toks[i].kind == tWord {
			if s, ok := subtypeBySingular[p.toks[i].s]; ok && p.toks[i].raw[0] >= 'A' && p.toks[i].raw[0] <= 'Z' {
				return []res{{s, i + 1}}
			}
		}
		return nil
	})
	g.builtin("subs", func(p *parser, i int) []res {
		if i < len(p.toks) && p.toks[i].kind == tWord {
			if s, ok := subtypeByPlural[p.toks[i].s]; ok && p.toks[i].raw[0] >= 'A' && p.toks[i].raw[0] <= 'Z' {
				return []res{{s, i + 1}}
			}
		}
		return nil
	})
	// <mana>: one or more mana symbols, as a cost string ("{2}{R}").
	g.builtin("mana", func(p *parser, i int) []res {
		j := i
		for j < len(p.toks) && p.toks[j].kind == tSym && p.toks[j].s != "{T}" && p.toks[j].s != "{Q}" && p.toks[j].s != "{E}" {
			j++
		}
		if j == i {
			return nil
		}
		var b strings.Builder
		for _, t := range p.toks[i:j] {
			b.WriteString(t.s)
		}
		if _, err := ability.ParseMana(b.String()); err != nil {
			return nil
		}
		return []res{{b.String(), j}}
	})
	// <pt>: a P/T change or value token, as written ("+1/+1").
	g.builtin("pt", func(p *parser, i int) []res {
		if i < len(p.toks) && p.toks[i].kind == tPT {
			return []res{{p.toks[i].s, i + 1}}
		}
		return nil
	})
	// <quote>: a quoted ability's text.
	g.builtin("quote", func(p *parser, i int) []res {
		if i < len(p.toks) && p.toks[i].kind == tQuote {
			return []res{{p.toks[i].s, i + 1}}
		}
		return nil
	})
	// <non>: a "non-" adjective: nonland, noncreature, nonblack, non-Demon,
	// nonbasic, nontoken, nonlegendary.
	g.builtin("non", func(p *parser, i int) []res {
		if i >= len(p.toks) || p.toks[i].kind != tWord || !strings.HasPrefix(p.toks[i].s, "non") {
			return nil
		}
		w := strings.TrimPrefix(strings.TrimPrefix(p.toks[i].s, "non"), "-")
		rawW := strings.TrimPrefix(strings.TrimPrefix(p.toks[i].raw, "non"), "-")
		var f ability.Filter
		switch {
		case contains(cardTypes, w):
			f.NotTypes = []string{w}
		case colorWords[w] != "":
			f.NotColors = []string{colorWords[w]}
		case contains(supertypeWords, w):
			f.NotSupertypes = []string{w}
		case w == "token":
			f.Nontoken = true
		case subtypeBySingular[w] != "" && rawW != "" && rawW[0] >= 'A' && rawW[0] <= 'Z':
			f.NotSubtypes = []string{subtypeBySingular[w]}
		default:
			return nil
		}
		return []res{{&f, i + 1}}
	})
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
