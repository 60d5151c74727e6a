package reducer

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// LegalActions on hand-built positions: what is listed, in which order, and
// where the enumeration bounds cut in.

// legalGame starts a match with empty decks (first player p1) and submits
// the JSON inputs (match and actor may be left out).
func legalGame(t *testing.T, lines ...string) *Game {
	t.Helper()
	g := New(nil)
	start := `{"kind":"match_started","body":{"format":"standard","first_player":"p1","players":[{"id":"p1","name":"Alice"},{"id":"p2","name":"Bob"}]}}`
	for _, l := range append([]string{start}, lines...) {
		submitJSON(t, g, l)
	}
	return g
}

func submitJSON(t *testing.T, g *Game, line string) {
	t.Helper()
	var raw map[string]any
	if err := json.Unmarshal([]byte(line), &raw); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	raw["match"] = "legal"
	if raw["actor"] == nil {
		raw["actor"] = events.TableActor
		if body, ok := raw["body"].(map[string]any); ok && body["player"] != nil && raw["kind"] != "random" {
			raw["actor"] = body["player"]
		}
	}
	data, _ := json.Marshal(raw)
	ev, err := events.ParseJSON(data)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	if _, err := g.Submit(ev); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
}

var objRef = regexp.MustCompile(`"o(\d+)"`)

// legalLines lists the legal actions as "kind body", objects named
// "Name#o12".
func legalLines(g *Game) []string {
	var out []string
	for _, ev := range g.LegalActions() {
		body, _ := json.Marshal(ev.Body)
		line := objRef.ReplaceAllStringFunc(string(body), func(ref string) string {
			id := parseObj(strings.Trim(ref, `"`))
			return fmt.Sprintf("%q", g.S.objName(id))
		})
		out = append(out, string(ev.Kind)+" "+line)
	}
	return out
}

func wantLines(t *testing.T, got []string, want ...string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("legal actions:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

const boltPosition = `{"kind":"setup","body":{"turn":5,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"library":["Mountain"],"hand":["Lightning Bolt","Hill Giant","Mountain"],"battlefield":[{"card":"Mountain"},{"card":"Mountain"},{"card":"Grizzly Bears"}]},
{"id":"p2","life":20,"library":["Forest"],"hand":["Giant Growth"],"battlefield":[{"card":"Forest"},{"card":"Llanowar Elves","tapped":true}]}]}}`

func TestLegalPriority(t *testing.T) {
	g := legalGame(t, boltPosition)
	wantLines(t, legalLines(g),
		`pass {"player":"p1"}`,
		`play_land {"player":"p1","card":"Mountain (o4)"}`,
		`activate {"player":"p1","source":"Mountain (o5)"}`,
		`activate {"player":"p1","source":"Mountain (o6)"}`,
	)
	submitJSON(t, g, `{"kind":"activate","body":{"player":"p1","source":"o5"}}`)
	wantLines(t, legalLines(g),
		`pass {"player":"p1"}`,
		`play_land {"player":"p1","card":"Mountain (o4)"}`,
		`activate {"player":"p1","source":"Mountain (o6)"}`,
		`cast {"player":"p1","card":"Lightning Bolt (o2)","targets":["p1"]}`,
		`cast {"player":"p1","card":"Lightning Bolt (o2)","targets":["p2"]}`,
		`cast {"player":"p1","card":"Lightning Bolt (o2)","targets":["Grizzly Bears (o7)"]}`,
		`cast {"player":"p1","card":"Lightning Bolt (o2)","targets":["Llanowar Elves (o11)"]}`,
	)
	// p2 may answer on the stack with Giant Growth on a creature, with mana.
	submitJSON(t, g, `{"kind":"cast","body":{"player":"p1","card":"o2","targets":["o11"]}}`)
	submitJSON(t, g, `{"kind":"pass","body":{"player":"p1"}}`)
	wantLines(t, legalLines(g),
		`pass {"player":"p2"}`,
		`activate {"player":"p2","source":"Forest (o10)"}`,
	)
	submitJSON(t, g, `{"kind":"activate","body":{"player":"p2","source":"o10"}}`)
	wantLines(t, legalLines(g)[1:],
		`cast {"player":"p2","card":"Giant Growth (o9)","targets":["Grizzly Bears (o7)"]}`,
		`cast {"player":"p2","card":"Giant Growth (o9)","targets":["Llanowar Elves (o11)"]}`,
	)
	// Nobody else may act: the listing is only for the player asked.
	for _, ev := range g.LegalActions() {
		if ev.Actor != "p2" || ev.Match != "legal" || ev.Seq != 0 {
			t.Errorf("listed %s for %s in match %q, seq %d", ev.Kind, ev.Actor, ev.Match, ev.Seq)
		}
	}
}

func TestLegalX(t *testing.T) {
	g := legalGame(t, `{"kind":"setup","body":{"turn":3,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"library":["Forest"],"hand":["Endless One"],"battlefield":[{"card":"Forest"},{"card":"Forest"}]},
{"id":"p2","life":20,"library":["Forest"]}]}}`)
	for range 2 {
		submitJSON(t, g, `{"kind":"activate","body":{"player":"p1","source":"Forest"}}`)
	}
	wantLines(t, legalLines(g),
		`pass {"player":"p1"}`,
		`cast {"player":"p1","card":"Endless One (o2)"}`,
		`cast {"player":"p1","card":"Endless One (o2)","x":1}`,
		`cast {"player":"p1","card":"Endless One (o2)","x":2}`,
	)
}

// combatGame sets up p1 with creatures ready to attack in begin combat,
// and passes to the declaration.
func combatGame(t *testing.T, attackers, blockers int) *Game {
	perm := func(n int, name string) string {
		return strings.TrimSuffix(strings.Repeat(`{"card":"`+name+`"},`, n), ",")
	}
	g := legalGame(t, `{"kind":"setup","body":{"turn":3,"step":"begin_combat","active_player":"p1","players":[
{"id":"p1","life":20,"library":["Forest"],"battlefield":[`+perm(attackers, "Grizzly Bears")+`]},
{"id":"p2","life":20,"library":["Forest"],"battlefield":[`+perm(blockers, "Savannah Lions")+`]}]}}`,
		`{"kind":"pass","body":{"player":"p1"}}`, `{"kind":"pass","body":{"player":"p2"}}`)
	if g.S.Pending.Ask != AskAttack {
		t.Fatalf("waiting for %s", g.describePending())
	}
	return g
}

func TestLegalAttackBounds(t *testing.T) {
	g := combatGame(t, 4, 0)
	acts, complete := g.legalActions()
	if len(acts) != 16 || !complete {
		t.Errorf("4 attackers: %d declarations (complete %v), want every subset: 16", len(acts), complete)
	}
	g = combatGame(t, 5, 0)
	acts, complete = g.legalActions()
	if len(acts) != 7 || complete {
		t.Errorf("5 attackers: %d declarations (complete %v), want none, each one and all: 7", len(acts), complete)
	}
	if b := acts[0].Body.(*events.Attack); len(b.Attackers) != 0 {
		t.Errorf("first declaration %v, want no attack", b.Attackers)
	}
	if b := acts[6].Body.(*events.Attack); len(b.Attackers) != 5 {
		t.Errorf("last declaration %v, want all five", b.Attackers)
	}
}

func TestLegalBlocks(t *testing.T) {
	g := combatGame(t, 2, 2)
	submitJSON(t, g, `{"kind":"attack","body":{"player":"p1","attackers":[{"creature":"Grizzly Bears","defender":"p2"},{"creature":"Grizzly Bears","defender":"p2"}]}}`)
	submitJSON(t, g, `{"kind":"pass","body":{"player":"p1"}}`)
	submitJSON(t, g, `{"kind":"pass","body":{"player":"p2"}}`)
	acts, complete := g.legalActions()
	// Each of two blockers blocks nothing or one of two attackers: 3^2.
	if len(acts) != 9 || !complete {
		t.Fatalf("%d block declarations (complete %v), want 9:\n%s", len(acts), complete, strings.Join(legalLines(g), "\n"))
	}
}

func TestLegalMulliganAndRandom(t *testing.T) {
	g := New(nil)
	deck := strings.TrimSuffix(strings.Repeat(`"Forest",`, 10), ",")
	submitJSON(t, g, `{"kind":"match_started","body":{"format":"standard","players":[{"id":"p1","name":"A","deck":[`+deck+`]},{"id":"p2","name":"B","deck":[`+deck+`]}]}}`)
	wantLines(t, legalLines(g), `random {"of":"coin","coin":"heads"}`, `random {"of":"coin","coin":"tails"}`)
	submitJSON(t, g, `{"kind":"random","body":{"of":"coin","coin":"heads"}}`)
	wantLines(t, legalLines(g), `choose {"player":"p1","answer":["play"]}`, `choose {"player":"p1","answer":["draw"]}`)
	submitJSON(t, g, `{"kind":"choose","body":{"player":"p1","answer":"play"}}`)
	// A shuffle: one representative order, the library as it is.
	acts, complete := g.legalActions()
	if len(acts) != 1 || complete {
		t.Fatalf("shuffle: %d outcomes (complete %v), want one representative", len(acts), complete)
	}
	if b := acts[0].Body.(*events.Random); !slices.Equal(b.Order, refsOf(g.S.Players[0].Library)) {
		t.Errorf("shuffle order %v, want the library %v", b.Order, g.S.Players[0].Library)
	}
	for range 2 {
		if _, err := g.Submit(g.LegalActions()[0]); err != nil {
			t.Fatal(err)
		}
	}
	wantLines(t, legalLines(g)[:2], `mulligan {"player":"p1"}`, `keep {"player":"p1"}`)
	submitJSON(t, g, `{"kind":"mulligan","body":{"player":"p1"}}`)
	submitJSON(t, g, `{"kind":"keep","body":{"player":"p2"}}`)
	if _, err := g.Submit(g.LegalActions()[0]); err != nil { // p1's shuffle
		t.Fatal(err)
	}
	// After one mulligan: keep with each one card of seven to the bottom.
	acts = g.LegalActions()
	if len(acts) != 8 || acts[0].Kind != events.KindMulligan {
		t.Fatalf("after a mulligan:\n%s", strings.Join(legalLines(g), "\n"))
	}
	for i, a := range acts[1:] {
		if b := a.Body.(*events.Keep); len(b.Bottom) != 1 || b.Bottom[0] != g.S.Players[0].Hand[i].String() {
			t.Errorf("keep %d: bottom %v", i, b.Bottom)
		}
	}
}

func TestLegalNothing(t *testing.T) {
	if acts := New(nil).LegalActions(); acts != nil {
		t.Errorf("before match_started: %d inputs", len(acts))
	}
	g := legalGame(t, boltPosition, `{"kind":"concede","body":{"player":"p2"}}`)
	if !g.S.Over {
		t.Fatal("the match goes on after a concession")
	}
	if acts := g.LegalActions(); acts != nil {
		t.Errorf("after the match: %d inputs", len(acts))
	}
}

func TestCardSetsBound(t *testing.T) {
	var ids []ObjID
	for i := 1; i <= 12; i++ {
		ids = append(ids, ObjID(i))
	}
	l := lister{complete: true}
	n := 0
	l.cardSets(ids, 2, func([]string) { n++ })
	if n != 66 || !l.complete {
		t.Errorf("2 of 12: %d sets (complete %v), want 66", n, l.complete)
	}
	n = 0
	l.cardSets(ids, 4, func([]string) { n++ })
	if n != maxCardSets || l.complete {
		t.Errorf("4 of 12: %d sets (complete %v), want the bound %d", n, l.complete, maxCardSets)
	}
}
