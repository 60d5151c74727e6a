package oracle

import (
	"fmt"
	"strconv"
	"strings"
)

// tok is one token of a normalised unit.
type tok struct {
	kind tokKind
	// s is the token as the grammar matches it: a lowercased word, a
	// punctuation mark, a mana symbol ("{R}"), "~", a P/T change ("+1/+1"),
	// the digits of a number, or a quoted ability's inner text.
	s string
	// n is a number's value (number words too: "three" is 3).
	n int
	// raw is the token as written.
	raw string
}

type tokKind int

const (
	tWord tokKind = iota
	tNum
	tSym   // a mana or tap symbol
	tPunct // , . : ; — • + "
	tSelf  // ~
	tPT    // +1/+1, -2/-0, +X/+0, 3/3
	tLoyal // a loyalty cost: +1, -2, -X, +0 (only before a colon)
	tQuote // a quoted ability: s is its text
)

var numberWords = map[string]int{"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
	"sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20}

// keepApostrophe are words whose "'s" is a contraction, not a possessive.
var keepApostrophe = map[string]bool{"it's": true, "that's": true, "there's": true, "what's": true, "here's": true, "let's": true}

// lex splits a normalised unit into tokens.
func lex(s string) ([]tok, error) {
	var out []tok
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ':
			i++
		case c == '{':
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				return nil, fmt.Errorf("unclosed { in %q", s)
			}
			sym := s[i : i+j+1]
			out = append(out, tok{kind: tSym, s: strings.ToUpper(sym), raw: sym})
			i += j + 1
		case c == '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 {
				return nil, fmt.Errorf("unclosed quote in %q", s)
			}
			inner := s[i+1 : i+1+j]
			out = append(out, tok{kind: tQuote, s: strings.ReplaceAll(inner, "'", `"`), raw: s[i : i+j+2]})
			i += j + 2
			if rest := strings.TrimLeft(s[i:], " "); strings.HasSuffix(strings.TrimRight(inner, "'"), ".") && (rest == "" || rest[0] >= 'A' && rest[0] <= 'Z') {
				// The quoted ability's period ends the sentence around it
				// too: `create a token with "Sacrifice ~: Add {C}."`.
				out = append(out, tok{kind: tPunct, s: ".", raw: ""})
			}
		case c == '~':
			out = append(out, tok{kind: tSelf, s: "~", raw: "~"})
			i++
			if strings.HasPrefix(s[i:], "'s") && (i+2 == len(s) || !wordByte(s[i+2])) {
				out = append(out, tok{kind: tWord, s: "'s", raw: "'s"})
				i += 2
			}
		case strings.ContainsRune(",.:;", rune(c)):
			out = append(out, tok{kind: tPunct, s: string(c), raw: string(c)})
			i++
		case strings.HasPrefix(s[i:], "—"):
			out = append(out, tok{kind: tPunct, s: "—", raw: "—"})
			i += len("—")
		case strings.HasPrefix(s[i:], "•"):
			out = append(out, tok{kind: tPunct, s: "•", raw: "•"})
			i += len("•")
		default:
			j := i
			for j < len(s) && s[j] != ' ' && !strings.ContainsRune(",.:;\"{", rune(s[j])) && !strings.HasPrefix(s[j:], "—") {
				j++
			}
			if j == i {
				return nil, fmt.Errorf("unexpected %q in %q", s[i:], s)
			}
			out = append(out, word(s[i:j])...)
			i = j
		}
	}
	return out, nil
}

// word makes the tokens of one space-delimited word.
func word(w string) []tok {
	if isPT(w) {
		return []tok{{kind: tPT, s: strings.ToUpper(w), raw: w}}
	}
	if isLoyalty(w) {
		return []tok{{kind: tLoyal, s: strings.ToUpper(w), raw: w}}
	}
	if w == "+" {
		return []tok{{kind: tPunct, s: "+", raw: w}}
	}
	lw := strings.ToLower(w)
	if n, err := strconv.Atoi(w); err == nil && n >= 0 {
		return []tok{{kind: tNum, s: w, n: n, raw: w}}
	}
	if n, ok := numberWords[lw]; ok {
		return []tok{{kind: tNum, s: strconv.Itoa(n), n: n, raw: w}}
	}
	if strings.HasSuffix(lw, "'s") && len(lw) > 2 && !keepApostrophe[lw] {
		return []tok{{kind: tWord, s: lw[:len(lw)-2], raw: w[:len(w)-2]}, {kind: tWord, s: "'s", raw: "'s"}}
	}
	if strings.HasSuffix(lw, "s'") && len(lw) > 2 {
		return []tok{{kind: tWord, s: lw[:len(lw)-1], raw: w[:len(w)-1]}, {kind: tWord, s: "'", raw: "'"}}
	}
	return []tok{{kind: tWord, s: lw, raw: w}}
}

// isPT reports whether w is a power/toughness or a change to them:
// "3/3", "+1/+1", "-2/-0", "+X/+0", "*/*".
func isPT(w string) bool {
	a, b, ok := strings.Cut(w, "/")
	return ok && ptPart(a) && ptPart(b)
}

func ptPart(p string) bool {
	p = strings.TrimLeft(p, "+-")
	if p == "X" || p == "*" {
		return true
	}
	_, err := strconv.Atoi(p)
	return err == nil
}

func isLoyalty(w string) bool {
	if len(w) < 2 || (w[0] != '+' && w[0] != '-') {
		return false
	}
	if w[1:] == "X" {
		return true
	}
	_, err := strconv.Atoi(w[1:])
	return err == nil
}

// joinToks writes tokens back as text.
func joinToks(ts []tok) string {
	var b strings.Builder
	for i, t := range ts {
		glue := t.kind == tPunct && t.s != "—" && t.s != "•" && t.s != "+" || t.s == "'s" || t.s == "'" ||
			i > 0 && t.kind == tSym && ts[i-1].kind == tSym
		if i > 0 && !glue {
			b.WriteByte(' ')
		}
		b.WriteString(t.raw)
	}
	return b.String()
}
