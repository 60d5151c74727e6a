package reducer

import (
	"errors"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// rulingsMatch: p1 holds Clone and Keeper of the Crown with three
// untapped Forests and a tapped one; Giant Killer is in p1's graveyard
// and another in exile, each put there by the setup.
const rulingsMatch = `{"match":"r","kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"Alice","deck":["Clone","Keeper of the Crown","Giant Killer","Giant Killer","Forest","Forest","Forest","Forest","Island"]},{"id":"p2","name":"Bob","deck":["Forest"]}],"first_player":"p1"}}
{"match":"r","kind":"setup","actor":"table","body":{"turn":3,"step":"main1","active_player":"p1","players":[{"id":"p1","life":20,"library":["Island"],"hand":["Clone","Keeper of the Crown"],"graveyard":["Giant Killer"],"exile":["Giant Killer"],"battlefield":[{"card":"Forest"},{"card":"Forest"},{"card":"Forest"},{"card":"Forest","tapped":true}]},{"id":"p2","life":20,"battlefield":[{"card":"Forest"}]}]}}
{"match":"r","kind":"activate","actor":"p1","body":{"player":"p1","source":"Forest"}}
{"match":"r","kind":"activate","actor":"p1","body":{"player":"p1","source":"Forest"}}
{"match":"r","kind":"activate","actor":"p1","body":{"player":"p1","source":"Forest"}}
`

// Where a ruling of RULINGS.md decides a refusal, the refusal names it
// beside the CR rule: one case per ruling, by group.
func TestRefusalsNameTheirRuling(t *testing.T) {
	groups := map[string][]struct {
		input, cr, ruling string
	}{
		"mana": {
			{`{"kind":"activate","body":{"player":"p1","source":"Forest"}}`, "CR 602.2", "MANA-6"},
			{`{"kind":"cast","body":{"player":"p1","card":"Keeper of the Crown"}}`, "CR 601.2h", "MANA-8"},
		},
		"adventures": {
			{`{"kind":"cast","body":{"player":"p1","card":"Giant Killer","face":"Chop Down","targets":["Forest"]}}`, "ADV-5", "ADV-5"},
			{`{"kind":"cast","body":{"player":"p1","card":"Clone","face":"Chop Down"}}`, "CR 715.3", "ADV-9"},
		},
	}
	base := playLines(t, rulingsMatch)
	for name, cases := range groups {
		t.Run(name, func(t *testing.T) {
			for _, c := range cases {
				lines, err := events.ReadJSONL(strings.NewReader(rulingsMatch+strings.Replace(c.input, `{"kind"`, `{"match":"r","actor":"p1","kind"`, 1)+"\n"), "test", events.ReadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				g := base.Clone()
				_, err = g.Submit(lines[len(lines)-1].Event)
				var re *RuleError
				if !errors.As(err, &re) {
					t.Fatalf("%s: %v, want a refusal", c.input, err)
				}
				if re.Rule != c.cr || !strings.Contains(re.Error(), "("+c.ruling+")") {
					t.Errorf("%s: refused %q (rule %s); want rule %s and ruling %s named", c.input, re.Error(), re.Rule, c.cr, c.ruling)
				}
			}
		})
	}
	// ADV-4: the graveyard's Giant Killer, cast as itself, in a position of
	// its own (the exiled one would be tried first).
	g := playLines(t, strings.Replace(rulingsMatch, `"exile":["Giant Killer"],`, ``, 1))
	lines, _ := events.ReadJSONL(strings.NewReader(strings.Replace(rulingsMatch, `"exile":["Giant Killer"],`, ``, 1)+`{"match":"r","kind":"cast","actor":"p1","body":{"player":"p1","card":"Giant Killer"}}`+"\n"), "test", events.ReadOptions{})
	_, err := g.Submit(lines[len(lines)-1].Event)
	if err == nil || !strings.Contains(err.Error(), "(ADV-4)") || !strings.Contains(err.Error(), "CR 601.2a") {
		t.Errorf("Giant Killer from the graveyard: %v; want ADV-4 and CR 601.2a", err)
	}
}
