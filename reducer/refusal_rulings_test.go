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
			{`{"kind":"cast","body":{"player":"p1","card":"Giant Killer","face":"Chop Down","targets":["Forest"]}}`, "CR 715.3d", "ADV-5"},
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

// The other groups' refusals, each in a position of its own: Discover
// (DISC-1, DISC-4 as Trumpeting Carnosaur's discover resolves) and
// Populate (POP-1). Evolve and Playtest rulings decide no refusal: evolve
// is a trigger that does or doesn't do something, and PT-1 is an audit
// finding (audit_playtest.go), not a refusal.
func TestRefusalsNameTheirRulingByGroup(t *testing.T) {
	refused := func(t *testing.T, g *Game, line, cr, ruling string) {
		t.Helper()
		ev, err := events.ParseJSON([]byte(`{"match":"legal","actor":"p1",` + line[1:]))
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.Clone().Submit(ev)
		var re *RuleError
		if !errors.As(err, &re) {
			t.Fatalf("%s: %v, want a refusal", line, err)
		}
		if re.Rule != cr || !strings.Contains(re.Error(), "("+ruling+")") {
			t.Errorf("%s: refused %q (rule %s); want rule %s and ruling %s named", line, re.Error(), re.Rule, cr, ruling)
		}
	}
	t.Run("discover", func(t *testing.T) {
		g := discoverGame(t)
		refused(t, g, `{"kind":"choose","body":{"player":"p1","answer":["graveyard"]}}`, "CR 701.57a", "DISC-1")
		submitJSON(t, g, `{"kind":"choose","body":{"player":"p1","answer":["cast"]}}`)
		refused(t, g, `{"kind":"cast","body":{"player":"p1","card":"Grizzly Bears"}}`, "CR 701.57a", "DISC-1")
		refused(t, g, `{"kind":"cast","body":{"player":"p1","card":"Hill Giant","x":2}}`, "CR 107.3b", "DISC-4")
	})
	t.Run("populate", func(t *testing.T) {
		g := legalGame(t,
			`{"kind":"setup","body":{"turn":3,"step":"main1","active_player":"p1","players":[
			{"id":"p1","life":20,"library":["Plains"],"hand":["Eyes in the Skies"],"battlefield":[{"card":"Plains"},{"card":"Plains"},{"card":"Plains"},{"card":"Plains"},{"card":"Vitu-Ghazi Guildmage"}]},
			{"id":"p2","life":20,"library":["Plains"]}]}}`,
			`{"kind":"activate","body":{"player":"p1","source":"Plains"}}`,
			`{"kind":"activate","body":{"player":"p1","source":"Plains"}}`,
			`{"kind":"activate","body":{"player":"p1","source":"Plains"}}`,
			`{"kind":"activate","body":{"player":"p1","source":"Plains"}}`,
			`{"kind":"cast","body":{"player":"p1","card":"Eyes in the Skies"}}`,
			`{"kind":"pass","body":{"player":"p1"}}`,
			`{"kind":"pass","body":{"player":"p2"}}`,
		)
		refused(t, g, `{"kind":"choose","body":{"player":"p1","answer":["Vitu-Ghazi Guildmage"]}}`, "CR 701.36a", "POP-1")
	})
}
