package reducer

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Faces (faces.go): which face of a card is up, in each zone (CR 709-712,
// 718), and the effects that turn one up. Transform, flip and meld are
// called by effects; here they are called directly, and every change is
// checked through the other doors: the recorded effects fold to the same
// digest, a snapshot keeps the face up, the invariants hold.

// faceGame is a game at p1's first main phase with setup's position.
func faceGame(t *testing.T, setup string) *Game {
	t.Helper()
	return enablerGame(t, setup)
}

// effectsOf runs do and returns the effects it emitted, checking that they
// fold to the same state from a copy taken before and that a snapshot of
// the result reads back with the same digest.
func effectsOf(t *testing.T, g *Game, do func()) []Effect {
	t.Helper()
	before, err := UnmarshalSnapshot(nil, g.S.MarshalSnapshot())
	if err != nil {
		t.Fatal(err)
	}
	g.out = nil
	do()
	effs := g.out
	g.out = nil
	folded := &Game{S: before}
	folded.Apply(effs)
	if folded.S.Digest() != g.S.Digest() {
		t.Fatalf("the effects %v don't fold to the same state", effs)
	}
	snap, err := UnmarshalSnapshot(nil, g.S.MarshalSnapshot())
	if err != nil || snap.Digest() != g.S.Digest() {
		t.Fatalf("snapshot: %v, digest differs: %v", err, err == nil)
	}
	if err := checkZones(g.S); err != nil {
		t.Fatal(err)
	}
	return effs
}

// chars prints what the rules see of an object: name, types, colours,
// mana value, power/toughness, keywords asked for.
func chars(o *Object, keywords ...string) string {
	var b strings.Builder
	b.WriteString(o.Name() + " " + strings.Join(o.def().Types, " "))
	for _, c := range o.Colors() {
		b.WriteString(" " + c.Letter())
	}
	b.WriteString(" mv" + itoa(o.ManaValue()))
	if o.Is("Creature") {
		b.WriteString(" " + itoa(o.Power()) + "/" + itoa(o.Toughness()))
	}
	for _, k := range keywords {
		if o.Has(k) {
			b.WriteString(" " + k)
		}
	}
	return b.String()
}

// A transforming DFC is its front face everywhere but a transformed
// permanent: then its back's name, colour (indicator), types and P/T, its
// front's mana value (CR 712). It stays the same object with its counters;
// transformed again it is its front; a card that isn't a transforming DFC
// doesn't transform.
func TestTransform(t *testing.T) {
	g := faceGame(t, `{"turn":3,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"hand":["Delver of Secrets"],"battlefield":[{"card":"Delver of Secrets","counters":{"+1/+1":1}},{"card":"Grizzly Bears"}]},{"id":"p2","life":20}]}`)
	s := g.S
	delver, bears := objNamed(t, s, "Delver of Secrets", s.Battlefield), objNamed(t, s, "Grizzly Bears", s.Battlefield)
	if got := chars(delver, "Flying"); got != "Delver of Secrets Creature U mv1 2/2" {
		t.Errorf("front: %s", got)
	}
	effectsOf(t, g, func() {
		if !g.transform(delver.ID) {
			t.Fatal("Delver didn't transform")
		}
	})
	if got := chars(s.Obj(delver.ID), "Flying"); got != "Insectile Aberration Creature U mv1 4/3 Flying" {
		t.Errorf("transformed: %s", got)
	}
	v := s.objectView(delver.ID)
	if v.Face != "Insectile Aberration" || v.Layout != "transform" || v.ManaCost != "" || len(v.Faces) != 2 || v.Faces[1].Power != "3" {
		t.Errorf("view: %+v", v)
	}
	js, _ := json.Marshal(s.View("").Battlefield[0])
	for _, want := range []string{`"face":"Insectile Aberration"`, `"layout":"transform"`, `"mana_value":1`,
		`"faces":[{"name":"Delver of Secrets","mana_cost":"{U}","mana_value":1,"colors":["U"],"types":["Creature"]`} {
		if !strings.Contains(string(js), want) {
			t.Errorf("show --json lacks %s: %s", want, js)
		}
	}
	effectsOf(t, g, func() { g.transform(delver.ID) })
	if got := chars(s.Obj(delver.ID)); got != "Delver of Secrets Creature U mv1 2/2" {
		t.Errorf("transformed back: %s", got)
	}
	if effs := effectsOf(t, g, func() {
		if g.transform(bears.ID) || g.transform(s.Players[0].Hand[0]) {
			t.Error("a non-DFC or a card in hand transformed")
		}
	}); len(effs) != 0 {
		t.Errorf("nothing transformed, yet %v", effs)
	}
	// A transformed permanent that leaves comes back front face up (CR 400.7).
	g.transform(delver.ID)
	nid := g.move(delver.ID, ZoneGraveyard, 0, -1)
	if got := chars(s.Obj(nid)); got != "Delver of Secrets Creature U mv1 1/1" {
		t.Errorf("in the graveyard: %s", got)
	}
}

// A flip card flipped has its flipped end's name, types and P/T, and keeps
// its mana cost and colour (CR 710); it can't flip back.
func TestFlip(t *testing.T) {
	g := faceGame(t, `{"turn":3,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"battlefield":[{"card":"Akki Lavarunner"}]},{"id":"p2","life":20}]}`)
	o := objNamed(t, g.S, "Akki Lavarunner", g.S.Battlefield)
	if got := chars(o, "Haste", "Protection"); got != "Akki Lavarunner Creature R mv4 1/1 Haste" {
		t.Errorf("unflipped: %s", got)
	}
	effectsOf(t, g, func() { g.flip(o.ID) })
	if got := chars(o, "Haste", "Protection"); got != "Tok-Tok, Volcano Born Creature R mv4 2/2 Protection" || !o.IsLegendary() {
		t.Errorf("flipped: %s, legendary %v", got, o.IsLegendary())
	}
	if g.flip(o.ID) {
		t.Error("flipped twice")
	}
}

// Two meld cards one player owns and controls meld into one permanent with
// the melded face's characteristics and both front faces' mana value
// (CR 701.42, 712); when it leaves, both cards go, front face up.
func TestMeld(t *testing.T) {
	g := faceGame(t, `{"turn":3,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"battlefield":[{"card":"Bruna, the Fading Light"},{"card":"Gisela, the Broken Blade"},{"card":"Grizzly Bears"}]},
{"id":"p2","life":20,"battlefield":[{"card":"Bruna, the Fading Light"}]}]}`)
	s := g.S
	bruna, gisela := s.Battlefield[0], s.Battlefield[1]
	if _, ok := g.meld(gisela, s.Battlefield[2]); ok {
		t.Error("Gisela melded with Grizzly Bears")
	}
	if _, ok := g.meld(gisela, s.Battlefield[3]); ok {
		t.Error("Gisela melded with an opponent's Bruna")
	}
	var melded ObjID
	effectsOf(t, g, func() {
		var ok bool
		if melded, ok = g.meld(bruna, gisela); !ok {
			t.Fatal("no meld")
		}
	})
	o := s.Obj(melded)
	// (The database gives melded faces no colour indicator, a gap of its
	// source: Brisela is printed white.)
	if got := chars(o, "Flying", "First strike"); got != "Brisela, Voice of Nightmares Creature mv11 9/10 Flying First strike" || o.Zone != ZoneBattlefield || len(s.Battlefield) != 3 {
		t.Errorf("melded: %s in %s, battlefield %v", got, o.Zone, s.Battlefield)
	}
	effectsOf(t, g, func() { g.move(melded, ZoneGraveyard, 0, -1) })
	var names []string
	for _, id := range s.Players[0].Graveyard {
		names = append(names, s.Obj(id).Name())
	}
	if !slices.Equal(names, []string{"Gisela, the Broken Blade", "Bruna, the Fading Light"}) {
		t.Errorf("graveyard after the melded permanent died: %v", names)
	}
}

// A modal DFC is played by the face its play_land names (CR 712): a
// pathway played by its back is that land, and taps for that land's mana.
// A card whose front isn't a land says its back is.
func TestModalDFCPlayedByItsBack(t *testing.T) {
	g := faceGame(t, `{"turn":3,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"hand":["Brightclimb Pathway","Akoum Warrior"]},{"id":"p2","life":20}]}`)
	s := g.S
	listed := false
	for _, ev := range g.LegalActions() {
		if pl, ok := ev.Body.(*events.PlayLand); ok && pl.Face == "Grimclimb Pathway" {
			listed = true
		}
	}
	if !listed {
		t.Error("LegalActions doesn't offer the pathway's back")
	}
	if _, err := submitBody(g, "p1", &events.PlayLand{Player: "p1", Card: "Akoum Warrior"}); err == nil ||
		!strings.Contains(err.Error(), "Akoum Warrior is not a land; its back Akoum Teeth is: name it in face") {
		t.Errorf("Akoum Warrior as a land: %v", err)
	}
	if _, err := submitBody(g, "p1", &events.PlayLand{Player: "p1", Card: "Brightclimb Pathway", Face: "Nope"}); err == nil ||
		!strings.Contains(err.Error(), `has no face named "Nope"`) {
		t.Errorf("an unknown face: %v", err)
	}
	if _, err := submitBody(g, "p1", &events.PlayLand{Player: "p1", Card: "Brightclimb Pathway", Face: "Grimclimb Pathway"}); err != nil {
		t.Fatal(err)
	}
	o := s.Obj(s.Battlefield[0])
	if o.Name() != "Grimclimb Pathway" || o.Face != "Grimclimb Pathway" || s.objectView(o.ID).Face != "Grimclimb Pathway" {
		t.Fatalf("played: %s face %q", o.Name(), o.Face)
	}
	if _, err := submitBody(g, "p1", &events.Activate{Player: "p1", Source: o.ID.String()}); err != nil {
		t.Fatal(err)
	}
	if p := s.Players[0].Pool; len(p) != 1 || p[0].Color != cards.Black {
		t.Errorf("the back taps for %v, want B", p)
	}
}

// A modal DFC cast by its back is that face alone on the stack, and the
// permanent it becomes keeps that face up; in any other zone it is its
// front (CR 712). The card here is a test card: no real modal DFC's back
// is modelled yet.
func TestModalDFCCastByItsBack(t *testing.T) {
	data, err := os.ReadFile("cards/data/extras.json")
	if err != nil {
		t.Fatal(err)
	}
	var recs []json.RawMessage
	json.Unmarshal(data, &recs)
	recs = append(recs, json.RawMessage(`{"name":"Test Charm // Test Bear","layout":"modal_dfc","faces":[
{"name":"Test Charm","mana_cost":"{G}","mana_value":1,"colors":["G"],"types":["Sorcery"],"oracle_text":"Test Charm does nothing the rules know.","keywords":[]},
{"name":"Test Bear","mana_cost":"{1}{G}","mana_value":2,"colors":["G"],"types":["Creature"],"subtypes":["Bear"],"power":"2","toughness":"2","keywords":[]}]}`))
	all, _ := json.Marshal(recs)
	pool, err := cards.Load(all)
	if err != nil {
		t.Fatal(err)
	}
	g := New(pool)
	for _, line := range []string{
		`{"match":"m","kind":"match_started","actor":"table","body":{"format":"modern","players":[{"id":"p1","name":"Alice","deck":[]},{"id":"p2","name":"Bob","deck":[]}],"first_player":"p1"}}`,
		`{"match":"m","kind":"setup","actor":"table","body":{"turn":3,"step":"main1","active_player":"p1","players":[{"id":"p1","life":20,"hand":["Test Charm"],"battlefield":[{"card":"Forest"},{"card":"Forest"}]},{"id":"p2","life":20}]}}`,
	} {
		ev, err := events.ParseJSON([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Submit(ev); err != nil {
			t.Fatal(err)
		}
	}
	s := g.S
	if _, err := submitBody(g, "p1", &events.Cast{Player: "p1", Card: "Test Charm"}); err == nil || !strings.Contains(err.Error(), "CARD-CODE") {
		t.Errorf("the unmodelled front: %v", err)
	}
	for _, b := range []events.Body{
		&events.Activate{Player: "p1", Source: "Forest"}, &events.Activate{Player: "p1", Source: "Forest"},
		&events.Cast{Player: "p1", Card: "Test Charm", Face: "Test Bear"},
	} {
		if _, err := submitBody(g, "p1", b); err != nil {
			t.Fatal(err)
		}
	}
	spell := s.Obj(s.Stack[0])
	if got := chars(spell); got != "Test Bear Creature G mv2 2/2" {
		t.Errorf("on the stack: %s", got)
	}
	submitBody(g, "p1", &events.Pass{Player: "p1"})
	submitBody(g, "p2", &events.Pass{Player: "p2"})
	bear := objNamed(t, s, "Test Bear", s.Battlefield)
	if bear.Face != "Test Bear" || chars(bear) != "Test Bear Creature G mv2 2/2" {
		t.Errorf("on the battlefield: %s, face %q", chars(bear), bear.Face)
	}
	nid := g.move(bear.ID, ZoneHand, 0, -1)
	if got := chars(s.Obj(nid)); got != "Test Charm Sorcery G mv1" {
		t.Errorf("back in the hand: %s", got)
	}
}

// A prototype card cast prototyped has its prototype's mana cost, colour,
// power and toughness on the stack and on the battlefield; anywhere else
// its own (CR 718).
func TestPrototype(t *testing.T) {
	g := faceGame(t, `{"turn":3,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"hand":["Goring Warplow"],"battlefield":[{"card":"Swamp"},{"card":"Swamp"}]},{"id":"p2","life":20}]}`)
	s := g.S
	if got := chars(s.Obj(s.Players[0].Hand[0]), "Deathtouch"); got != "Goring Warplow Artifact Creature mv6 5/4 Deathtouch" {
		t.Errorf("in the hand: %s", got)
	}
	if _, err := submitBody(g, "p1", &events.Cast{Player: "p1", Card: "Swamp", Prototype: true}); err == nil {
		t.Error("a land cast prototyped")
	}
	for _, b := range []events.Body{
		&events.Activate{Player: "p1", Source: "Swamp"}, &events.Activate{Player: "p1", Source: "Swamp"},
		&events.Cast{Player: "p1", Card: "Goring Warplow", Prototype: true},
	} {
		if _, err := submitBody(g, "p1", b); err != nil {
			t.Fatal(err)
		}
	}
	if got := chars(s.Obj(s.Stack[0]), "Deathtouch"); got != "Goring Warplow Artifact Creature B mv2 1/1 Deathtouch" {
		t.Errorf("on the stack: %s", got)
	}
	submitBody(g, "p1", &events.Pass{Player: "p1"})
	submitBody(g, "p2", &events.Pass{Player: "p2"})
	w := objNamed(t, s, "Goring Warplow", s.Battlefield)
	if got := chars(w, "Deathtouch"); got != "Goring Warplow Artifact Creature B mv2 1/1 Deathtouch" || s.objectView(w.ID).Face != "prototype" {
		t.Errorf("on the battlefield: %s", got)
	}
	nid := g.move(w.ID, ZoneGraveyard, 0, -1)
	if got := chars(s.Obj(nid)); got != "Goring Warplow Artifact Creature mv6 5/4" {
		t.Errorf("in the graveyard: %s", got)
	}
}

// A leveler has the power, toughness and keywords of the bracket its level
// counters reach (CR 711).
func TestLeveler(t *testing.T) {
	g := faceGame(t, `{"turn":3,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"battlefield":[{"card":"Beastbreaker of Bala Ged"},{"card":"Beastbreaker of Bala Ged","counters":{"level":2}},{"card":"Beastbreaker of Bala Ged","counters":{"level":4}}]},{"id":"p2","life":20}]}`)
	var got []string
	for _, id := range g.S.Battlefield {
		got = append(got, chars(g.S.Obj(id), "Trample"))
	}
	want := []string{"Beastbreaker of Bala Ged Creature G mv2 2/2", "Beastbreaker of Bala Ged Creature G mv2 4/4", "Beastbreaker of Bala Ged Creature G mv2 6/6 Trample"}
	if !slices.Equal(got, want) {
		t.Errorf("levels: %q", got)
	}
}

// A setup places a permanent with a face up that can be up on its own; a
// melded face is refused: it is two cards.
func TestSetupFaceUp(t *testing.T) {
	g := faceGame(t, `{"turn":3,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"battlefield":[{"card":"Delver of Secrets","face":"Insectile Aberration"},{"card":"Goring Warplow","face":"prototype"}]},{"id":"p2","life":20}]}`)
	if got := chars(g.S.Obj(g.S.Battlefield[0])) + ", " + chars(g.S.Obj(g.S.Battlefield[1])); got != "Insectile Aberration Creature U mv1 3/2, Goring Warplow Artifact Creature B mv2 1/1" {
		t.Errorf("placed: %s", got)
	}
	for face, why := range map[string]string{
		`{"card":"Gisela, the Broken Blade","face":"Brisela, Voice of Nightmares"}`: "is a melded permanent",
		`{"card":"Grizzly Bears","face":"prototype"}`:                               "Grizzly Bears has no face prototype",
		`{"card":"Giant Killer","face":"Chop Down"}`:                                "Giant Killer has no face Chop Down that can be up",
	} {
		_, err := submitBody(g, events.TableActor, mustSetup(t, `{"turn":3,"step":"main1","active_player":"p1","players":[{"id":"p1","life":20,"battlefield":[`+face+`]},{"id":"p2","life":20}]}`))
		if err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: %v", face, err)
		}
	}
}

func mustSetup(t *testing.T, body string) *events.Setup {
	t.Helper()
	var b events.Setup
	if err := json.Unmarshal([]byte(body), &b); err != nil {
		t.Fatal(err)
	}
	return &b
}

// submitBody submits body as the next input of g's match.
func submitBody(g *Game, actor string, body events.Body) ([]Effect, error) {
	return g.Submit(&events.Event{Match: g.S.Match, Kind: body.Kind(), Actor: actor, Body: body})
}
