package oracle

import (
	"strings"
	"testing"
)

// Two readings of one text are both returned, so the compiler can refuse
// them; equal readings are one.
func TestGrammarReadings(t *testing.T) {
	g := newGrammar()
	addWords(g)
	g.add("x", "draw <n> cards", func(v []any) any { return "draw" })
	g.add("x", "<y> cards", func(v []any) any { return "other" })
	g.add("y", "draw <n>", nil)
	g.add("z", "draw <n> cards", func(v []any) any { return "same" })
	g.add("z", "draw <n> (cards | card)", func(v []any) any { return "same" })
	toks, err := lex("draw two cards")
	if err != nil {
		t.Fatal(err)
	}
	if got := newParser(g, toks).whole("x"); len(got) != 2 {
		t.Errorf("x: %d readings, want 2", len(got))
	}
	if got := newParser(g, toks).whole("z"); len(got) != 1 {
		t.Errorf("z: %d readings, want 1", len(got))
	}
	p := newParser(g, toks[:2])
	if got := p.whole("x"); len(got) != 0 || p.far != 2 {
		t.Errorf("a short text: %d readings, stopped at %d", len(got), p.far)
	}
}

// A declined unit names the sentence and the word where parsing stopped.
func TestDeclineNamesTheWord(t *testing.T) {
	r := Compile(Face{Name: "Test", Types: []string{"Instant"}, Text: "Draw a card. Frobnicate target creature."})
	if len(r.Abilities) != 0 || len(r.Declined) != 1 {
		t.Fatalf("%+v", r)
	}
	d := r.Declined[0]
	if d.Word != "Frobnicate" || d.Sentence != "Frobnicate target creature." {
		t.Errorf("decline %+v", d)
	}
}

// The lexer reads numbers, mana symbols, P/T changes, possessives and
// quoted abilities; a quoted ability's period at the end of the
// sentence ends the sentence too.
func TestLex(t *testing.T) {
	toks, err := lex(`~'s power gets +1/-1, add {2}{W/U}, three owners' "{T}: Add {C}."`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tk := range toks {
		got = append(got, tk.s)
	}
	want := `~|'s|power|gets|+1/-1|,|add|{2}|{W/U}|,|3|owners|'|{T}: Add {C}.|.`
	if strings.Join(got, "|") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, "|"), want)
	}
}
