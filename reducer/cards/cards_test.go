package cards

import "testing"

// The compiled-in pool holds every card of the database and builds each
// one: every card has a name that finds it, a known layout with the faces
// it needs, and a mana value that matches its cost (CR 202.3); split and
// adventure cards have their faces.
func TestPoolLoads(t *testing.T) {
	p := Default()
	names := p.Names()
	if len(names) < 32000 || len(names) != p.Len() {
		t.Fatalf("pool has %d cards (Len %d)", len(names), p.Len())
	}
	faces := map[string]int{
		"normal": 0, "token": 0, "saga": 0, "class": 0, "case": 0, "leveler": 0, "prototype": 0, "mutate": 0,
		"vanguard": 0, "planar": 0, "scheme": 0,
		"split": 2, "adventure": 2, "omen": 2, "prepare": 2, "transform": 2, "modal_dfc": 2, "flip": 2,
		"meld": -1, // the front card of a meld pair lists the melded card as its back; its partner doesn't
	}
	for _, n := range names {
		c, ok := p.Card(n)
		if !ok || c.Name != n {
			t.Fatalf("%s: lookup", n)
		}
		want, known := faces[c.Layout]
		switch {
		case !known:
			t.Errorf("%s: unknown layout %q", n, c.Layout)
		case want >= 0 && len(c.Faces) != want:
			t.Errorf("%s: %s card with %d faces", n, c.Layout, len(c.Faces))
		case c.Layout == "normal" && !c.Cost.HasX() && c.Cost.Value(0) != c.ManaValue:
			t.Errorf("%s: cost %s has mana value %d, card says %d", n, c.Cost, c.Cost.Value(0), c.ManaValue)
		}
	}
	// An adventurer card is named after its creature (CR 715.4); its
	// "Creature // Adventure" name finds it too.
	if c, ok := p.Card("Giant Killer // Chop Down"); !ok || c.Name != "Giant Killer" || c.Adventure().Name != "Chop Down" {
		t.Errorf("adventurer card: %v", c)
	}
	if _, ok := p.Card("Black Lotus of the Sixth Dawn"); ok {
		t.Error("a card that doesn't exist was found")
	}
}

// Mana costs parse into symbols and print back; mana value counts {2/W} as
// 2 and {L} and hybrid as 1 (CR 202.3, MV-1).
func TestParseCost(t *testing.T) {
	cases := []struct {
		in    string
		value int // with X = 3
		out   string
	}{
		{"{2}{G}{G}", 4, "{2}{G}{G}"},
		{"{X}{R}", 4, "{X}{R}"},
		{"{X}{X}", 6, "{X}{X}"},
		{"{G/W}{G/W}", 2, "{G/W}{G/W}"},
		{"{2/W}", 2, "{2/W}"},
		{"{2}{L}", 3, "{2}{L}"},
		{"{C}{C}", 2, "{C}{C}"},
		{"{W/P}", 1, "{W/P}"},
		{"{0}", 0, "{0}"},
		{"", 0, ""},
	}
	for _, c := range cases {
		cost, err := ParseCost(c.in)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		if got := cost.Value(3); got != c.value {
			t.Errorf("%q: mana value %d with X=3, want %d", c.in, got, c.value)
		}
		if cost.String() != c.out {
			t.Errorf("%q prints as %q", c.in, cost.String())
		}
	}
	for _, bad := range []string{"{Z}", "{2", "G", "{W/Z}"} {
		if _, err := ParseCost(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// Mana abilities are derived from the text: a basic land type's intrinsic
// ability (CR 305.6), "{T}: Add {C}{C}." and "any color".
func TestDerivedManaAbilities(t *testing.T) {
	p := Default()
	cases := map[string]string{
		"Forest": "G", "Island": "U", "Llanowar Elves": "G", "Sol Ring": "CC", "Birds of Paradise": "any",
	}
	for name, want := range cases {
		c, _ := p.Card(name)
		if len(c.Mana) != 1 {
			t.Fatalf("%s: %d mana abilities", name, len(c.Mana))
		}
		m := c.Mana[0]
		got := "any"
		if !m.AnyColor {
			got = ""
			for _, col := range m.Add {
				got += col.Letter()
			}
		}
		if got != want || !m.Tap {
			t.Errorf("%s: adds %s (tap %v), want %s", name, got, m.Tap, want)
		}
	}
}

// A card is Modelled by its Go code only when every line of its text is:
// vanilla and keyword creatures with implemented keywords, plain mana
// abilities, or Go code. (Which pool cards the engine models, by code or
// by the ability language: reducer's TestPoolModelled.)
func TestModelled(t *testing.T) {
	p := Default()
	for _, name := range p.Names() {
		c, _ := p.Card(name)
		if (c.Is("Instant") || c.Is("Sorcery")) && c.Modelled() && c.SpellOf() == nil && c.Layout != "split" {
			t.Errorf("%s: a modelled spell without code", name)
		}
	}
}
