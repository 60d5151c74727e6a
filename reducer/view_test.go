package reducer

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// viewMatch: p1 holds Lightning Bolt (cast in the end) and Counterspell; p2 holds Giant Growth and Murder; the
// libraries hold Shock, Hill Giant, Serra Angel and Divination, names no
// visible card has; Essence Scatter is exiled.
const viewMatch = `{"match":"v","kind":"match_started","actor":"table","body":{"format":"modern","players":[{"id":"p1","name":"Alice","deck":["Mountain","Lightning Bolt","Counterspell","Shock","Hill Giant","Cancel"]},{"id":"p2","name":"Bob","deck":["Forest","Grizzly Bears","Giant Growth","Murder","Serra Angel","Divination","Essence Scatter"]}],"first_player":"p1"}}
{"match":"v","kind":"setup","actor":"table","body":{"turn":3,"step":"main1","active_player":"p1","players":[{"id":"p1","life":18,"library":["Shock","Hill Giant"],"hand":["Lightning Bolt","Counterspell"],"graveyard":["Cancel"],"battlefield":[{"card":"Mountain"}]},{"id":"p2","life":20,"library":["Serra Angel","Divination"],"hand":["Giant Growth","Murder"],"exile":["Essence Scatter"],"battlefield":[{"card":"Forest"},{"card":"Grizzly Bears","tapped":true,"counters":{"+1/+1":2}}]}]}}
{"match":"v","kind":"activate","actor":"p1","body":{"player":"p1","source":"Mountain"}}
{"match":"v","kind":"cast","actor":"p1","body":{"player":"p1","card":"Lightning Bolt","targets":["p2"]}}
`

// playLines submits the inputs of a JSON Lines text and returns the game.
func playLines(t *testing.T, text string) *Game {
	t.Helper()
	lines, err := events.ReadJSONL(strings.NewReader(text), "test", events.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := New(nil)
	for _, l := range lines {
		if _, err := g.Submit(l.Event); err != nil {
			t.Fatalf("line %d: %v", l.Line, err)
		}
	}
	return g
}

func marshalView(t *testing.T, v *View) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A player's view names no card of the opponent's hand and no library card;
// it shows the player's own hand, counts and hidden placeholders.
func TestViewHidesHiddenCards(t *testing.T) {
	g := playLines(t, viewMatch)
	hidden := []string{"Giant Growth", "Murder", "Serra Angel", "Divination", "Shock", "Hill Giant"}
	js := marshalView(t, g.S.View("p1"))
	for _, name := range hidden {
		if strings.Contains(js, name) {
			t.Errorf("p1's view names %q:\n%s", name, js)
		}
	}
	for _, name := range []string{"Lightning Bolt", "Counterspell", "Grizzly Bears", "Cancel", "Essence Scatter", "Mountain", "Forest"} {
		if !strings.Contains(js, name) {
			t.Errorf("p1's view lacks the visible %q", name)
		}
	}
	v := g.S.View("p1")
	p1, p2 := v.Players[0], v.Players[1]
	if p1.Library != nil || p2.Library != nil || p1.LibraryCount != 2 || p2.LibraryCount != 2 {
		t.Errorf("libraries: %v (%d), %v (%d); want hidden, 2 cards each", p1.Library, p1.LibraryCount, p2.Library, p2.LibraryCount)
	}
	if p2.HandCount != 2 || len(p2.Hand) != 2 || !p2.Hand[0].Hidden || !p2.Hand[1].Hidden {
		t.Errorf("p2's hand in p1's view: %+v", p2.Hand)
	}
	if p2.Hand[0].ID != "" || !strings.Contains(js, `{"id":"","hidden":true}`) {
		t.Errorf("p2's hand card is not a bare placeholder (%q):\n%s", p2.Hand[0].ID, js)
	}

	// The other way round, and for a spectator.
	js2 := marshalView(t, g.S.View("p2"))
	for _, name := range []string{"Counterspell", "Shock", "Hill Giant", "Serra Angel", "Divination"} {
		if strings.Contains(js2, name) {
			t.Errorf("p2's view names %q", name)
		}
	}
	if !strings.Contains(js2, "Giant Growth") || !strings.Contains(js2, "Murder") {
		t.Errorf("p2's view lacks p2's own hand:\n%s", js2)
	}
	pub := g.S.View("someone")
	if pub.As != ViewPublic || !pub.Players[0].Hand[0].Hidden || !pub.Players[1].Hand[0].Hidden {
		t.Errorf("a spectator sees a hand: %+v", pub.Players)
	}

	// The judge sees everything.
	all := marshalView(t, g.S.View(""))
	for _, name := range hidden {
		if !strings.Contains(all, name) {
			t.Errorf("the judge's view lacks %q", name)
		}
	}
}

// In every position of every fixture match, a player's view names no card
// that is only in the opponent's hand or a library.
func TestViewFixturesNoLeak(t *testing.T) {
	files, err := filepath.Glob("../fixtures/matches/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range files {
		lines, err := events.ReadJSONLFile(f, events.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		g := New(nil)
		for _, l := range lines {
			if _, err := g.Submit(l.Event); err != nil {
				t.Fatalf("%s:%d: %v", f, l.Line, err)
			}
			for seat, p := range g.S.Players {
				js := marshalView(t, g.S.View(p.ID))
				for _, name := range secretNames(g.S, seat) {
					if strings.Contains(js, `"`+name+`"`) {
						t.Fatalf("%s seq %d: %s's view names %q, which only hidden zones hold:\n%s", f, l.Event.Seq, p.ID, name, js)
					}
				}
			}
		}
	}
}

// secretNames are the names of cards seat can't see (the opponents' hands,
// every library but a top card seat may look at, cards exiled face down
// that seat may not look at) that no card seat can see has.
func secretNames(s *State, seat int) []string {
	var seen, secret []string
	name := func(id ObjID) string { return s.Objects[id].Name() }
	for i, p := range s.Players {
		for k, id := range p.Library {
			if k == 0 && i == seat && s.looksAtTop(seat) {
				seen = append(seen, name(id)) // Johann, Elsha: the top card
				continue
			}
			secret = append(secret, name(id))
		}
		for _, id := range p.Hand {
			if i == seat {
				seen = append(seen, name(id))
			} else {
				secret = append(secret, name(id))
			}
		}
		for _, id := range slices.Concat(p.Graveyard, p.Command) {
			seen = append(seen, name(id))
		}
	}
	for _, id := range slices.Concat(s.Battlefield, s.Stack, s.Exile) {
		if o := s.Objects[id]; o.FaceDown && !o.seesFaceDown(seat) {
			secret = append(secret, name(id)) // exiled face down (CR 406.3)
			continue
		}
		seen = append(seen, name(id))
	}
	return slices.DeleteFunc(secret, func(n string) bool { return slices.Contains(seen, n) })
}

// The JSON has the documented keys, and objects carry their
// characteristics.
func TestViewShape(t *testing.T) {
	g := playLines(t, viewMatch)
	var v map[string]any
	if err := json.Unmarshal([]byte(marshalView(t, g.S.View(ViewJudge))), &v); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"match", "seq", "turn", "step", "active_player", "priority", "players", "battlefield", "stack", "exile", "pending", "game_over"} {
		if _, ok := v[k]; !ok {
			t.Errorf("no %q in the view", k)
		}
	}
	p := v["players"].([]any)[1].(map[string]any)
	for _, k := range []string{"id", "name", "life", "mana_pool", "hand", "library", "library_count", "graveyard"} {
		if _, ok := p[k]; !ok {
			t.Errorf("no %q in a player", k)
		}
	}
	bolt := v["stack"].([]any)[0].(map[string]any)
	for _, k := range []string{"id", "card", "name", "owner", "controller", "tapped", "summoning_sick", "token", "counters", "power", "toughness", "colors", "types", "supertypes", "subtypes", "mana_value"} {
		if _, ok := bolt[k]; !ok {
			t.Errorf("no %q in an object", k)
		}
	}
	if bolt["name"] != "Lightning Bolt" || bolt["power"] != nil || bolt["mana_value"] != 1.0 ||
		!sameJSON(bolt["colors"], []any{"R"}) || !sameJSON(bolt["targets"], []any{"p2"}) || !sameJSON(bolt["types"], []any{"Instant"}) {
		t.Errorf("the spell on the stack: %v", bolt)
	}
	if _, ok := bolt["may_cast"]; ok {
		t.Errorf("a spell has may_cast: %v", bolt)
	}
	negate := v["exile"].([]any)[0].(map[string]any)
	if negate["name"] != "Essence Scatter" || !sameJSON(negate["may_cast"], []any{}) {
		t.Errorf("the exiled card: %v", negate)
	}
	bears := v["battlefield"].([]any)[2].(map[string]any)
	if bears["name"] != "Grizzly Bears" || bears["power"] != 4.0 || bears["toughness"] != 4.0 || bears["tapped"] != true ||
		!sameJSON(bears["counters"], map[string]any{"+1/+1": 2.0}) || !sameJSON(bears["subtypes"], []any{"Bear"}) {
		t.Errorf("Grizzly Bears: %v", bears)
	}
	if !sameJSON(v["pending"], map[string]any{"ask": "priority", "player": "p1", "random": "", "of": "", "n": 0.0, "what": "", "options": []any{}}) {
		t.Errorf("pending: %v", v["pending"])
	}
	if !sameJSON(v["game_over"], map[string]any{"over": false, "winner": "", "match_over": false, "game_wins": map[string]any{"p1": 0.0, "p2": 0.0}}) {
		t.Errorf("game_over: %v", v["game_over"])
	}
	if v["priority"] != "p1" || v["active_player"] != "p1" || v["step"] != "main1" || v["turn"] != 3.0 {
		t.Errorf("turn: %v %v %v %v", v["turn"], v["step"], v["active_player"], v["priority"])
	}
	// The same state gives the same bytes.
	if a, b := marshalView(t, g.S.View("p2")), marshalView(t, g.S.View("p2")); a != b {
		t.Errorf("two views of one state differ:\n%s\n%s", a, b)
	}
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
