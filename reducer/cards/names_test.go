package cards

import (
	"errors"
	"slices"
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer/cards/facts"
)

// A name finds its card as decklists print it: full name, front face,
// either half of a split card or Room, any case, with or without accents,
// straight or curly apostrophes.
func TestResolveNames(t *testing.T) {
	p := Default()
	cases := map[string]string{
		"Lightning Bolt":    "Lightning Bolt",
		"lightning bolt":    "Lightning Bolt",
		"LIGHTNING BOLT":    "Lightning Bolt",
		"Lim-Dul's Vault":   "Lim-Dul's Vault",
		"lim-dûl's vault":   "Lim-Dul's Vault",
		"Lim-Dûl’s Vault":   "Lim-Dul's Vault",
		"Séance":            "Seance",
		"Æther Vial":        "Aether Vial",
		"Delver of Secrets": "Delver of Secrets",
		"Delver of Secrets // Insectile Aberration": "Delver of Secrets",
		"Giant Killer // Chop Down":                 "Giant Killer",
		"Fire // Ice":                               "Fire // Ice",
		"Fire/Ice":                                  "Fire // Ice",
		"Ice":                                       "Fire // Ice",
		"Bottomless Pool // Locker Room":            "Bottomless Pool // Locker Room",
		"Locker Room":                               "Bottomless Pool // Locker Room",
		"bottomless pool":                           "Bottomless Pool // Locker Room",
		"Agadeem's Awakening":                       "Agadeem's Awakening",
		"Akki Lavarunner":                           "Akki Lavarunner",
		"Gisela, the Broken Blade":                  "Gisela, the Broken Blade",
		"Brisela, Voice of Nightmares":              "Brisela, Voice of Nightmares",
		"Bloomvine Regent":                          "Bloomvine Regent",
		"  Grizzly   Bears ":                        "Grizzly Bears",
	}
	for in, want := range cases {
		c, err := p.Resolve(in)
		if err != nil || c.Name != want {
			t.Errorf("Resolve(%q) = %v, %v; want %s", in, c, err, want)
		}
	}
	// A back face a decklist never prints is no name of its card; a
	// prepare card's back named like a real card finds the real card.
	if _, err := p.Resolve("Insectile Aberration"); err == nil {
		t.Error("a transformed face's name resolved")
	}
	if c, _ := p.Resolve("Lightning Bolt"); c.Layout != "normal" {
		t.Errorf("Lightning Bolt resolved to the %s card %s", c.Layout, c.FullName)
	}
}

// An unknown name is an error naming up to three closest real names,
// nearest first.
func TestResolveUnknown(t *testing.T) {
	p := Default()
	_, err := p.Resolve("Lightning Blot")
	var unk *UnknownCardError
	if !errors.As(err, &unk) || len(unk.Closest) == 0 || unk.Closest[0] != "Lightning Bolt" || len(unk.Closest) > 3 {
		t.Fatalf("Lightning Blot: %v", err)
	}
	if got := err.Error(); got[:len(`unknown card "Lightning Blot": no card has that name; did you mean Lightning Bolt`)] != `unknown card "Lightning Blot": no card has that name; did you mean Lightning Bolt` {
		t.Errorf("message %q", got)
	}
	if c := p.Closest("Tarmogoyff", 3); !slices.Contains(c, "Tarmogoyf") {
		t.Errorf("Tarmogoyff: %v", c)
	}
	if c := p.Closest("Fire // Ise", 1); !slices.Equal(c, []string{"Fire // Ice"}) {
		t.Errorf("Fire // Ise: %v", c)
	}
	if _, err := p.Resolve("Qwxzv Plorp Mmmmmmmmmmmmmmmmmm"); !errors.As(err, &unk) || len(unk.Closest) != 0 {
		t.Errorf("nothing near: %v", err)
	}
}

// A name spelled as the card's (or its full name) is recorded as given;
// any other spelling as the card's name.
func TestCanonical(t *testing.T) {
	p := Default()
	for given, want := range map[string]string{
		"Giant Killer":              "Giant Killer",
		"Giant Killer // Chop Down": "Giant Killer // Chop Down",
		"giant killer":              "Giant Killer",
		"Ice":                       "Fire // Ice",
		"lim-dûl's vault":           "Lim-Dul's Vault",
	} {
		c, err := p.Resolve(given)
		if err != nil || Canonical(given, c) != want {
			t.Errorf("Canonical(%q) = %v %v, want %s", given, c, err, want)
		}
	}
}

// Only traditional cards go in decks: tokens, un-cards and the casual
// variants' cards are refused with the reason.
func TestNotInDecks(t *testing.T) {
	p := Default()
	for name, want := range map[string]string{
		"Lightning Bolt":                "",
		"Saproling":                     "is a token, not a card: no deck holds one (CR 111.8)",
		"Akroma, Angel of Wrath Avatar": "is a Vanguard card: a nontraditional card of a casual variant, never in a deck (CR 108.2a)",
		"Academy at Tolaria West":       "is a Plane card: a nontraditional card of a casual variant, never in a deck (CR 108.2a)",
		"A Display of My Dark Power":    "is a Scheme card: a nontraditional card of a casual variant, never in a deck (CR 108.2a)",
		"\"Ach! Hans, Run!\"":           "is an un-card, printed only in a joke set: not a traditional Magic card, and not modelled",
	} {
		c, err := p.Resolve(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.NotInDecks(); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	n := 0
	for _, name := range p.Names() {
		if c, _ := p.Card(name); c.Info.Funny == false && c.Layout != "token" && c.NotInDecks() == "" {
			n++
		}
	}
	if n != 31687+2 { // the database's traditional cards and the two playtest cards
		t.Errorf("%d cards a deck may hold, want 31,689", n)
	}
}

// The pool is safe for concurrent use (replay audit --all runs matches on
// several goroutines with one pool): every goroutine gets the same card
// for a name, however the names are spelled.
func TestConcurrentLookups(t *testing.T) {
	db, err := facts.Open(factsBin)
	if err != nil {
		t.Fatal(err)
	}
	p := newPool(db) // fresh: nothing built yet
	names := []string{"Lightning Bolt", "lightning bolt", "Fire // Ice", "Ice", "Delver of Secrets", "Séance", "Tarmogoyf", "Giant Killer"}
	got := make([][]*Card, 8)
	done := make(chan int)
	for g := range got {
		go func() {
			for _, n := range names {
				c, err := p.Resolve(n)
				if err != nil {
					t.Error(err)
				}
				got[g] = append(got[g], c)
			}
			done <- g
		}()
	}
	for range got {
		<-done
	}
	for g := 1; g < len(got); g++ {
		for i := range names {
			if got[g][i] != got[0][i] {
				t.Fatalf("%s: two cards for one name", names[i])
			}
		}
	}
	if got[0][0] != got[0][1] || got[0][2] != got[0][3] {
		t.Error("two spellings of a name gave two cards")
	}
}
