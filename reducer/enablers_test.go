package reducer

import (
	"slices"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Go tests for the rulings' enablers where a scenario file can't show the
// answer: characteristics outside the battlefield, card names, "has an
// Adventure", and what each player's view shows.

// enablerGame starts a match and sets up a position given as a setup body.
func enablerGame(t *testing.T, setup string) *Game {
	t.Helper()
	return playLines(t, `{"match":"e","kind":"match_started","actor":"table","body":{"format":"modern","players":[{"id":"p1","name":"Alice","deck":[]},{"id":"p2","name":"Bob","deck":[]}],"first_player":"p1"}}
{"match":"e","kind":"setup","actor":"table","body":`+strings.ReplaceAll(setup, "\n", "")+`}
`)
}

// objNamed returns the first object named name in ids.
func objNamed(t *testing.T, s *State, name string, ids []ObjID) *Object {
	t.Helper()
	for _, id := range ids {
		if o := s.Obj(id); o != nil && o.Name() == name {
			return o
		}
	}
	t.Fatalf("no %s among %v", name, ids)
	return nil
}

// ADV-7: in a graveyard Giant Killer is a white creature card with mana
// value 1, not the instant Chop Down (mana value 3).
func TestADV7GiantKillerInGraveyardIsAWhiteCreatureCardWithManaValue1(t *testing.T) {
	g := enablerGame(t, `{"turn":3,"step":"main1","active_player":"p1","players":[{"id":"p1","life":20,"graveyard":["Giant Killer"]},{"id":"p2","life":20}]}`)
	o := objNamed(t, g.S, "Giant Killer", g.S.Players[0].Graveyard)
	if !o.Is("Creature") || o.Is("Instant") || !slices.Equal(o.Colors(), []cards.Color{cards.White}) || o.ManaValue() != 1 {
		t.Errorf("Giant Killer in the graveyard: creature %v, instant %v, colours %v, mana value %d; want a white creature card, mana value 1",
			o.Is("Creature"), o.Is("Instant"), o.Colors(), o.ManaValue())
	}
}

// ADV-11: no card of the pool asks for a card name, so the name-choice
// helper is proven here: an Adventure's name may be chosen, judged on the
// Adventure's characteristics alone.
func TestADV11AdventureNameMayBeChosenJudgedOnItsOwnCharacteristics(t *testing.T) {
	p := cards.Default()
	any := p.ChoosableNames(nil)
	for _, n := range []string{"Chop Down", "Giant Killer", "Stomp", "Foul Rebirth", "Promise of Aclazotz", "Lightning Bolt"} {
		if !slices.Contains(any, n) {
			t.Errorf("%q can't be chosen as a card name", n)
		}
	}
	if slices.Contains(any, "Vampire Demon") {
		t.Error("a token's name was offered as a card name")
	}
	creature := p.ChoosableNames(func(c *cards.Card) bool { return c.Is("Creature") })
	instantOrSorcery := p.ChoosableNames(func(c *cards.Card) bool { return c.Is("Instant") || c.Is("Sorcery") })
	switch {
	case slices.Contains(creature, "Chop Down"):
		t.Error("Chop Down, an instant, offered as a creature card name")
	case !slices.Contains(creature, "Giant Killer"):
		t.Error("Giant Killer not offered as a creature card name")
	case !slices.Contains(instantOrSorcery, "Chop Down") || !slices.Contains(instantOrSorcery, "Foul Rebirth"):
		t.Error("an Adventure name not offered as an instant or sorcery card name")
	case slices.Contains(instantOrSorcery, "Giant Killer") || slices.Contains(instantOrSorcery, "Promise of Aclazotz"):
		t.Error("an adventurer card's own name offered as an instant or sorcery card name")
	}
	// Keeper of the Crown's Adventure is green by its mana cost; the card
	// is green by its colour indicator (ADV-14): each judged alone.
	green := p.ChoosableNames(func(c *cards.Card) bool { return slices.Contains(c.Colors, cards.Green) })
	if !slices.Contains(green, "Coronation of the Wilds") || !slices.Contains(green, "Keeper of the Crown") {
		t.Errorf("green names: %v", green)
	}
}

// ADV-12: "has an Adventure": an adventurer card in any zone and the
// creature spell cast from it have one; the instant or sorcery spell cast
// as the Adventure has not; a creature card in the hand of Starting Town
// NPC's controller has one (granted), not once the card leaves the hand.
func TestADV12HasAnAdventure(t *testing.T) {
	g := enablerGame(t, `{"turn":3,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"hand":["Giant Killer","Grizzly Bears","Bonecrusher Giant"],"graveyard":["Murderous Rider"],"battlefield":[{"card":"Starting Town NPC"},{"card":"Plains"},{"card":"Plains"},{"card":"Plains"},{"card":"Mountain"},{"card":"Forest"}]},
{"id":"p2","life":20,"hand":["Lightning Bolt"],"battlefield":[{"card":"Serra Angel"},{"card":"Hill Giant"}]}]}`)
	s := g.S
	killer := objNamed(t, s, "Giant Killer", s.Players[0].Hand)
	bears := objNamed(t, s, "Grizzly Bears", s.Players[0].Hand)
	bolt := objNamed(t, s, "Lightning Bolt", s.Players[1].Hand)
	rider := objNamed(t, s, "Murderous Rider", s.Players[0].Graveyard)
	angel := objNamed(t, s, "Serra Angel", s.Battlefield)
	for _, c := range []struct {
		o    *Object
		want bool
	}{{killer, true}, {rider, true}, {bears, true}, {bolt, false}, {angel, false}} {
		if c.o.HasAdventure() != c.want {
			t.Errorf("%s in the %s: has an Adventure %v, want %v", c.o.Name(), c.o.Zone, c.o.HasAdventure(), c.want)
		}
	}
	submit := func(line string) {
		t.Helper()
		ev, err := events.ParseJSON([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Submit(ev); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 3; i++ {
		submit(`{"match":"e","kind":"activate","actor":"p1","body":{"player":"p1","source":"Plains"}}`)
	}
	submit(`{"match":"e","kind":"cast","actor":"p1","body":{"player":"p1","card":"Giant Killer","face":"Chop Down","targets":["Serra Angel"]}}`)
	spell := s.Objects[s.Stack[len(s.Stack)-1]]
	if spell.HasAdventure() || !spell.Is("Instant") {
		t.Errorf("Chop Down on the stack: has an Adventure %v, instant %v; want no Adventure, an instant", spell.HasAdventure(), spell.Is("Instant"))
	}
	submit(`{"match":"e","kind":"activate","actor":"p1","body":{"player":"p1","source":"Mountain"}}`)
	submit(`{"match":"e","kind":"activate","actor":"p1","body":{"player":"p1","source":"Forest"}}`)
	// Stomp is an instant: it may be cast with Chop Down on the stack.
	submit(`{"match":"e","kind":"cast","actor":"p1","body":{"player":"p1","card":"Bonecrusher Giant","face":"Stomp","targets":["Hill Giant"]}}`)
	if stomp := s.Objects[s.Stack[len(s.Stack)-1]]; stomp.HasAdventure() {
		t.Error("Stomp on the stack has an Adventure")
	}
}

// ADV-13: Beanstalk Giant's power and toughness are the number of lands
// its controller (outside the battlefield and stack: owner) controls, in
// every zone.
func TestADV13BeanstalkGiantCharacteristicDefiningAbilityInEveryZone(t *testing.T) {
	g := enablerGame(t, `{"turn":3,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"library":["Beanstalk Giant"],"hand":["Beanstalk Giant"],"graveyard":["Beanstalk Giant"],"exile":["Beanstalk Giant"],"battlefield":[{"card":"Beanstalk Giant"},{"card":"Forest"},{"card":"Forest"},{"card":"Island"}]},
{"id":"p2","life":20,"hand":["Beanstalk Giant"],"battlefield":[{"card":"Mountain"}]}]}`)
	s := g.S
	check := func(o *Object, want int) {
		t.Helper()
		if o.Power() != want || o.Toughness() != want {
			t.Errorf("Beanstalk Giant (%s) in %s owned by %s: %d/%d, want %d/%d", o.ID, o.Zone, s.Players[o.Owner].ID, o.Power(), o.Toughness(), want, want)
		}
	}
	p1 := s.Players[0]
	for _, zone := range [][]ObjID{p1.Library, p1.Hand, p1.Graveyard, s.Exile, s.Battlefield} {
		check(objNamed(t, s, "Beanstalk Giant", zone), 3)
	}
	check(objNamed(t, s, "Beanstalk Giant", s.Players[1].Hand), 1)
	// The view shows it too, in the hand.
	for _, ov := range s.View("p1").Players[0].Hand {
		if ov.Name == "Beanstalk Giant" && (ov.Power == nil || *ov.Power != 3) {
			t.Errorf("p1's view of Beanstalk Giant in hand: power %v, want 3", ov.Power)
		}
	}
}

// Vivien's −2 exiles face down: Bob's view hides the card, Alice (who looked
// at it and may cast it) and the judge see it (CR 406.3).
func TestViewFaceDownExileIsHiddenFromOthers(t *testing.T) {
	g := enablerGame(t, `{"turn":3,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"library":["Giant Killer","Forest","Plains"],"battlefield":[{"card":"Vivien, Champion of the Wilds","counters":{"loyalty":4}}]},
{"id":"p2","life":20}]}`)
	for _, line := range []string{
		`{"match":"e","kind":"activate","actor":"p1","body":{"player":"p1","source":"Vivien, Champion of the Wilds","ability":1}}`,
		`{"match":"e","kind":"pass","actor":"p1","body":{"player":"p1"}}`,
		`{"match":"e","kind":"pass","actor":"p2","body":{"player":"p2"}}`,
		`{"match":"e","kind":"choose","actor":"p1","body":{"player":"p1","answer":["Giant Killer"]}}`,
		`{"match":"e","kind":"choose","actor":"p1","body":{"player":"p1","answer":["Forest","Plains"]}}`,
	} {
		ev, err := events.ParseJSON([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Submit(ev); err != nil {
			t.Fatal(err)
		}
	}
	if len(g.S.Exile) != 1 || !g.S.Objects[g.S.Exile[0]].FaceDown {
		t.Fatalf("exile: %v", g.S.Exile)
	}
	for _, as := range []string{"p2", ViewPublic} {
		if js := marshalView(t, g.S.View(as)); strings.Contains(js, "Giant Killer") {
			t.Errorf("%s's view shows the face-down card:\n%s", as, js)
		}
	}
	for _, as := range []string{"p1", ViewJudge} {
		v := g.S.View(as)
		if len(v.Exile) != 1 || v.Exile[0].Name != "Giant Killer" || !v.Exile[0].FaceDown {
			t.Errorf("%s's view of exile: %+v", as, v.Exile)
		}
	}
}

// Johann: "You may look at the top card of your library any time." The
// top card is in Alice's view only.
func TestViewLibraryTopForJohannsController(t *testing.T) {
	g := enablerGame(t, `{"turn":3,"step":"main1","active_player":"p1","players":[
{"id":"p1","life":20,"library":["Divination","Shock"],"battlefield":[{"card":"Johann, Apprentice Sorcerer"}]},
{"id":"p2","life":20,"library":["Murder"]}]}`)
	v := g.S.View("p1")
	if top := v.Players[0].LibraryTop; top == nil || top.Name != "Divination" {
		t.Errorf("p1's view: library top %+v, want Divination", top)
	}
	if v.Players[1].LibraryTop != nil {
		t.Errorf("p1 sees p2's library top: %+v", v.Players[1].LibraryTop)
	}
	for _, as := range []string{"p2", ViewPublic} {
		if js := marshalView(t, g.S.View(as)); strings.Contains(js, "Divination") {
			t.Errorf("%s's view shows p1's library top:\n%s", as, js)
		}
	}
}
