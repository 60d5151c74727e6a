package oracle

import (
	"fmt"
	"reflect"
	"strings"
)

// The parser: nonterminals defined by rules, each rule a pattern of words
// and nonterminals with a builder that makes the value. Parsing returns
// every reading (all parses, memoised per nonterminal and position), so
// that two readings of one sentence are seen and refused, never chosen
// between.
//
// Pattern syntax: words and punctuation as in card text; <name> is a
// nonterminal whose value is passed to the builder; [ ... ] is optional;
// ( a | b ) is a choice of word sequences (nonterminals inside them pass
// their values too, in order, when they are taken).

// grammar is a set of rules by nonterminal, and built-in nonterminals
// written in Go (numbers, mana symbols, subtypes).
type grammar struct {
	rules    map[string][]*rule
	builtins map[string]func(p *parser, i int) []res
}

type rule struct {
	nt    string
	src   string
	pat   []elem
	build func(v []any) any
}

// elem is one element of a pattern.
type elem struct {
	lit  string   // a token to match (its s)
	nt   string   // a nonterminal
	opt  []elem   // an optional group
	alts [][]elem // a choice
}

// res is one reading of a nonterminal: its value and where it ends.
type res struct {
	v   any
	end int
}

func newGrammar() *grammar {
	return &grammar{rules: map[string][]*rule{}, builtins: map[string]func(p *parser, i int) []res{}}
}

// add defines nonterminal nt by pattern pat; build makes the value from the
// values of the pattern's nonterminals (nil, or a nil pointer, rejects the
// reading). A nil
// build passes the single value through (or true when there is none).
func (g *grammar) add(nt, pat string, build func(v []any) any) {
	els, err := compilePattern(pat)
	if err != nil {
		panic(fmt.Sprintf("oracle: rule %s := %s: %v", nt, pat, err))
	}
	if build == nil {
		build = func(v []any) any {
			if len(v) == 1 {
				return v[0]
			}
			return true
		}
	}
	g.rules[nt] = append(g.rules[nt], &rule{nt: nt, src: pat, pat: els, build: build})
}

// builtin defines a nonterminal by a Go function.
func (g *grammar) builtin(nt string, f func(p *parser, i int) []res) { g.builtins[nt] = f }

func compilePattern(pat string) ([]elem, error) {
	// Pattern syntax is lexed apart: <x>, [, ], (, |, ) are its own.
	var toks []string
	for _, f := range strings.Fields(spaceOut(pat)) {
		toks = append(toks, f)
	}
	els, rest, err := parseElems(toks, "")
	if err != nil {
		return nil, err
	}
	if len(rest) > 0 {
		return nil, fmt.Errorf("unbalanced %q", rest[0])
	}
	return els, nil
}

// spaceOut puts spaces around pattern syntax and punctuation.
func spaceOut(pat string) string {
	var b strings.Builder
	for _, r := range pat {
		switch r {
		case '[', ']', '(', ')', '|', ',', '.', ':', ';', '—', '•':
			b.WriteString(" " + string(r) + " ")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func parseElems(toks []string, closer string) ([]elem, []string, error) {
	var els []elem
	for len(toks) > 0 {
		t := toks[0]
		switch {
		case t == closer || (closer == ")" && t == "|"):
			return els, toks, nil
		case t == "]" || t == ")" || t == "|":
			return nil, nil, fmt.Errorf("unexpected %q", t)
		case t == "[":
			inner, rest, err := parseElems(toks[1:], "]")
			if err != nil {
				return nil, nil, err
			}
			if len(rest) == 0 {
				return nil, nil, fmt.Errorf("unclosed [")
			}
			els = append(els, elem{opt: inner})
			toks = rest[1:]
		case t == "(":
			var alts [][]elem
			rest := toks[1:]
			for {
				inner, r, err := parseElems(rest, ")")
				if err != nil {
					return nil, nil, err
				}
				if len(r) == 0 {
					return nil, nil, fmt.Errorf("unclosed (")
				}
				alts = append(alts, inner)
				if r[0] == ")" {
					rest = r[1:]
					break
				}
				rest = r[1:]
			}
			els = append(els, elem{alts: alts})
			toks = rest
		case strings.HasPrefix(t, "<") && strings.HasSuffix(t, ">"):
			els = append(els, elem{nt: t[1 : len(t)-1]})
			toks = toks[1:]
		default:
			lt, err := lex(t)
			if err != nil {
				return nil, nil, err
			}
			for _, x := range lt {
				els = append(els, elem{lit: x.s})
			}
			toks = toks[1:]
		}
	}
	if closer != "" {
		return nil, nil, fmt.Errorf("missing %q", closer)
	}
	return els, nil, nil
}

// parser parses one unit's tokens.
type parser struct {
	g    *grammar
	toks []tok
	memo map[memoKey][]res
	busy map[memoKey]bool
	// far is the furthest token any reading reached, for the decline.
	far int
}

type memoKey struct {
	nt string
	i  int
}

func newParser(g *grammar, toks []tok) *parser {
	return &parser{g: g, toks: toks, memo: map[memoKey][]res{}, busy: map[memoKey]bool{}}
}

// reach records that a reading got to token i.
func (p *parser) reach(i int) {
	if i > p.far {
		p.far = i
	}
}

// parse returns the readings of nonterminal nt starting at token i.
func (p *parser) parse(nt string, i int) []res {
	k := memoKey{nt, i}
	if r, ok := p.memo[k]; ok {
		return r
	}
	if p.busy[k] {
		return nil // left recursion: no reading this way
	}
	p.busy[k] = true
	var out []res
	if f, ok := p.g.builtins[nt]; ok {
		out = f(p, i)
	} else {
		rules, ok := p.g.rules[nt]
		if !ok {
			panic("oracle: no nonterminal " + nt)
		}
		for _, r := range rules {
			p.seq(r.pat, i, nil, func(vals []any, end int) {
				if v := r.build(vals); !isNil(v) {
					out = addRes(out, res{v, end})
				}
			})
		}
	}
	for _, r := range out {
		p.reach(r.end)
	}
	delete(p.busy, k)
	p.memo[k] = out
	return out
}

// isNil: a builder rejects a reading by returning nil, or a nil pointer
// (a failed merge).
func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// addRes adds a reading unless an equal one (same end, same value) is there.
func addRes(out []res, r res) []res {
	for _, o := range out {
		if o.end == r.end && reflect.DeepEqual(o.v, r.v) {
			return out
		}
	}
	return append(out, r)
}

// seq matches els from token i, calling k with the values gathered and the
// end of each way the sequence matches.
func (p *parser) seq(els []elem, i int, vals []any, k func(vals []any, end int)) {
	if len(els) == 0 {
		k(vals, i)
		return
	}
	e, rest := els[0], els[1:]
	switch {
	case e.lit != "":
		if i < len(p.toks) && p.toks[i].s == e.lit && p.toks[i].kind != tQuote {
			p.reach(i + 1)
			p.seq(rest, i+1, vals, k)
		}
	case e.nt != "":
		for _, r := range p.parse(e.nt, i) {
			p.seq(rest, r.end, append(vals[:len(vals):len(vals)], r.v), k)
		}
	case e.opt != nil:
		// A skipped group passes nil for each of its nonterminals.
		p.seq(rest, i, pad(vals, ntCount(e.opt)), k)
		p.seq(e.opt, i, vals, func(v []any, end int) { p.seq(rest, end, v, k) })
	default:
		n := ntCount([]elem{e})
		for _, alt := range e.alts {
			base := len(vals)
			p.seq(alt, i, vals, func(v []any, end int) { p.seq(rest, end, pad(v, n-(len(v)-base)), k) })
		}
	}
}

// ntCount is how many values a group passes: its nonterminals, a choice
// counting as its largest alternative.
func ntCount(els []elem) int {
	n := 0
	for _, e := range els {
		switch {
		case e.nt != "":
			n++
		case e.opt != nil:
			n += ntCount(e.opt)
		case e.alts != nil:
			m := 0
			for _, a := range e.alts {
				m = max(m, ntCount(a))
			}
			n += m
		}
	}
	return n
}

func pad(vals []any, n int) []any {
	out := vals[:len(vals):len(vals)]
	for range n {
		out = append(out, nil)
	}
	return out
}

// whole returns the distinct readings of nt that take every token.
func (p *parser) whole(nt string) []any {
	var out []any
	for _, r := range p.parse(nt, 0) {
		if r.end == len(p.toks) {
			dup := false
			for _, o := range out {
				if reflect.DeepEqual(o, r.v) {
					dup = true
				}
			}
			if !dup {
				out = append(out, r.v)
			}
		}
	}
	return out
}
