package facts

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

func testCards() []Record {
	return []Record{
		{Name: "Lightning Bolt", Layout: "normal", ManaCost: "{R}", ManaValue: 1, Colors: []string{"R"}, Types: []string{"Instant"},
			Keywords: []string{}, Oracle: "Lightning Bolt deals 3 damage to any target.", Legalities: map[string]string{"modern": "legal", "standard": "not_legal"}},
		{Name: "Fire // Ice", Layout: "split", ManaCost: "{1}{R} // {1}{U}", ManaValue: 4, Types: []string{"Instant"},
			Faces: []Record{{Name: "Fire", ManaCost: "{1}{R}", Types: []string{"Instant"}}, {Name: "Ice", ManaCost: "{1}{U}", Types: []string{"Instant"}}}},
		{Name: "Delver of Secrets // Insectile Aberration", Layout: "transform", ManaCost: "{U}", ManaValue: 1, Types: []string{"Creature"},
			Faces: []Record{{Name: "Delver of Secrets", Power: "1", Toughness: "1"}, {Name: "Insectile Aberration", Power: "3", Toughness: "2"}}},
		{Name: "Emeritus of Conflict // Lightning Bolt", Layout: "prepare", Types: []string{"Creature"},
			Faces: []Record{{Name: "Emeritus of Conflict"}, {Name: "Lightning Bolt"}}},
		{Name: "Starting Town NPC", Extra: true, GrantedAdventure: &Record{Name: "Fetch Herbs"}},
		{Name: "Saproling", Layout: "token", Extra: true},
		{Name: "Lim-Dul's Vault", Layout: "normal", Funny: false},
		{Name: "Akroma, Angel of Wrath Avatar", Layout: "vanguard", Types: []string{"Vanguard"}},
		{Name: "Little Girl", Funny: true},
	}
}

func testTokens() []Record {
	return []Record{
		{Name: "Soldier", Layout: "token", Description: "1/1 white Soldier creature token", SourceID: "SoldierToken"},
		{Name: "Soldier", Layout: "token", Description: "2/2 white Soldier creature token", SourceID: "AjaniSoldierToken"},
	}
}

// Records come back as they went in, cards in name order then tokens, and
// each name kind points at its card.
func TestEncodeRoundTrip(t *testing.T) {
	in := testCards()
	data, err := Encode(in, testTokens())
	if err != nil {
		t.Fatal(err)
	}
	d, err := Open(data)
	if err != nil {
		t.Fatal(err)
	}
	if d.Cards() != len(in) || d.Records() != len(in)+2 {
		t.Fatalf("%d cards, %d records", d.Cards(), d.Records())
	}
	var names []string
	for i := range d.Cards() {
		names = append(names, d.Name(i))
	}
	if !slices.IsSorted(names) || !slices.Contains(names, "Delver of Secrets") || !slices.Contains(names, "Fire // Ice") {
		t.Fatalf("names %q", names)
	}
	byName := map[string]Record{}
	for _, r := range in {
		byName[r.CanonicalName()] = r
	}
	for i := range d.Cards() {
		got, err := d.Record(i)
		if err != nil {
			t.Fatal(err)
		}
		want := byName[d.Name(i)]
		want.Extra = false
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(want)
		if !bytes.Equal(a, b) {
			t.Errorf("record %d:\n got %s\nwant %s", i, a, b)
		}
		wantFlags := byte(0)
		if byName[d.Name(i)].Extra {
			wantFlags |= FlagExtra
		}
		if want.Layout == "token" {
			wantFlags |= FlagToken
		}
		if want.Funny {
			wantFlags |= FlagFunny
		}
		if want.Variant() != "" {
			wantFlags |= FlagVariant
		}
		if d.Flags(i) != wantFlags {
			t.Errorf("%s: flags %b, want %b", d.Name(i), d.Flags(i), wantFlags)
		}
	}
	find := func(name string) []string {
		var out []string
		lo, hi := d.Find(Fold(name))
		for k := lo; k < hi; k++ {
			rec, kind := d.Entry(k)
			out = append(out, d.Name(rec)+"/"+[]string{"name", "full", "half", "granted", "token"}[kind])
		}
		return out
	}
	for name, want := range map[string]string{
		"lightning bolt":    "Lightning Bolt/name", // a prepare card's back face is no name of it
		"Ice":               "Fire // Ice/half",
		"Fire/Ice":          "Fire // Ice/name",
		"Delver of Secrets": "Delver of Secrets/name",
		"delver of secrets // insectile aberration": "Delver of Secrets/full",
		"Insectile Aberration":                      "",
		"Fetch Herbs":                               "Starting Town NPC/granted",
		"Soldier":                                   "Soldier/token Soldier/token",
		"lim-dûl’s vault":                           "Lim-Dul's Vault/name",
	} {
		if got := strings.Join(find(name), " "); got != want {
			t.Errorf("find %q: %q, want %q", name, got, want)
		}
	}
	tok, _ := d.Record(d.Cards())
	if tok.SourceID != "AjaniSoldierToken" {
		t.Errorf("tokens out of order: first is %s", tok.SourceID)
	}
}

// The same records give the same bytes, in whatever order they come.
func TestEncodeDeterministic(t *testing.T) {
	a, err := Encode(testCards(), testTokens())
	if err != nil {
		t.Fatal(err)
	}
	for seed := int64(1); seed <= 5; seed++ {
		in, toks := testCards(), testTokens()
		rng := rand.New(rand.NewSource(seed))
		rng.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
		rng.Shuffle(len(toks), func(i, j int) { toks[i], toks[j] = toks[j], toks[i] })
		b, err := Encode(in, toks)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Fatalf("seed %d: different bytes", seed)
		}
	}
	twice := append(testCards(), Record{Name: "Lightning Bolt"})
	if _, err := Encode(twice, nil); err == nil || !strings.Contains(err.Error(), `two cards named "Lightning Bolt"`) {
		t.Errorf("a name twice: %v", err)
	}
}

// A damaged file is an error, never a panic or a wrong card.
func TestOpenRejectsDamage(t *testing.T) {
	data, err := Encode(testCards(), testTokens())
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 4, len(magic) + 10, len(data) / 2, len(data) - 1} {
		if _, err := Open(data[:n]); err == nil {
			t.Errorf("cut to %d bytes: opened", n)
		}
	}
	if _, err := Open(append(slices.Clone(data), 0)); err == nil {
		t.Error("a trailing byte: opened")
	}
	bad := slices.Clone(data)
	copy(bad, "CHRFACT0")
	if _, err := Open(bad); err == nil {
		t.Error("bad magic: opened")
	}
	// A damaged block fails to decode.
	d, _ := Open(data)
	blk := bytes.Clone(data)
	off := len(data) - len(d.blocks.data)
	for i := off; i < off+8 && i < len(blk); i++ {
		blk[i] ^= 0xff
	}
	if d2, err := Open(blk); err == nil {
		if _, err := d2.Record(0); err == nil {
			t.Error("a damaged block decoded")
		}
	}
}
