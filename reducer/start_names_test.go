package reducer

import (
	"errors"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// startWith submits a match_started whose first player holds deck.
func startWith(t *testing.T, deck ...string) (*Game, []Effect, error) {
	t.Helper()
	g := New(nil)
	effs, err := g.Submit(&events.Event{Match: "m", Seq: 1, Kind: events.KindMatchStarted, Actor: events.TableActor,
		Body: &events.MatchStarted{Format: "legacy", FirstPlayer: "p1", Players: []events.Player{
			{ID: "p1", Name: "Alice", Deck: deck}, {ID: "p2", Name: "Bob", Deck: []string{"Island"}}}}})
	return g, effs, err
}

// Deck names resolve as decklists print them (any case, accents, curly
// apostrophes, a front face, a split half), and match_started records
// each card's own name, so the effects replay with no lookup of the
// spelling; a name spelled exactly as the card's is recorded as given.
func TestMatchStartedResolvesDeckNames(t *testing.T) {
	deck := []string{"lightning bolt", "Lim-Dûl’s Vault", "Séance", "Delver of Secrets", "Ice", "Giant Killer // Chop Down", "Giant Killer"}
	want := []string{"Lightning Bolt", "Lim-Dul's Vault", "Seance", "Delver of Secrets", "Fire // Ice", "Giant Killer // Chop Down", "Giant Killer"}
	g, effs, err := startWith(t, deck...)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range effs {
		if e.Op == OpCard && e.Seat == 0 {
			got = append(got, e.Name)
		}
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("recorded %q, want %q", got, want)
	}
	folded := New(nil)
	folded.Apply(effs)
	if folded.S.Digest() != g.S.Digest() {
		t.Error("the recorded names don't rebuild the state")
	}
	if n := g.S.Cards[1].Def.Name; n != "Lightning Bolt" {
		t.Errorf("c1 is %q", n)
	}
}

// A name no card has is refused with the closest real names (CARD-POOL);
// a token, an un-card or a casual variant's card with the reason
// (CARD-KIND).
func TestMatchStartedRefusesNamesNoDeckHolds(t *testing.T) {
	cases := []struct{ name, rule, reason string }{
		{"Lightning Blot", "CARD-POOL", `unknown card "Lightning Blot": no card has that name; did you mean Lightning Bolt`},
		{"Saproling", "CARD-KIND", "Saproling is a token, not a card: no deck holds one (CR 111.8)"},
		{"Akroma, Angel of Wrath Avatar", "CARD-KIND", "Akroma, Angel of Wrath Avatar is a Vanguard card: a nontraditional card of a casual variant, never in a deck (CR 108.2a)"},
		{"Agyrem", "CARD-KIND", "Agyrem is a Plane card"},
		{"Advantageous Proclamation", "CARD-KIND", "Advantageous Proclamation is a Conspiracy card: it starts a Conspiracy Draft game in the command zone, never in a deck (CR 905)"},
		{"\"Ach! Hans, Run!\"", "CARD-KIND", "is an un-card"},
	}
	for _, c := range cases {
		_, _, err := startWith(t, "Island", c.name)
		var re *RuleError
		if !errors.As(err, &re) || re.Rule != c.rule || re.Field != "body.players[0].deck[1]" || !strings.Contains(re.Reason, c.reason) {
			t.Errorf("%s: %v (rule %v)", c.name, err, re)
		}
	}
}
