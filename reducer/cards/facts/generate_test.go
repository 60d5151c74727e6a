package facts

import (
	"slices"
	"strings"
	"testing"
)

// A correction replaces a card's printed facts and keeps what it leaves
// out; a record the database lacks is added with its colour identity; the
// output is the same bytes every time.
func TestGenerate(t *testing.T) {
	oracle := strings.Join([]string{
		`{"name": "Stonecoil Serpent", "layout": "normal", "mana_cost": "{X}", "mana_value": 0, "colors": [], "color_identity": [], "type_line": "Artifact Creature — Snake", "supertypes": [], "types": ["Artifact", "Creature"], "subtypes": ["Snake"], "power": "0", "toughness": "0", "loyalty": null, "defense": null, "keywords": ["Reach"], "oracle_text": "Endless One enters the battlefield with X +1/+1 counters on it.", "legalities": {"modern": "legal"}, "first_printed": "2019-10-04", "sets": ["ELD"], "source": "xmage"}`,
		`{"name": "Grizzly Bears", "layout": "normal", "mana_cost": "{1}{G}", "mana_value": 2, "colors": ["G"], "color_identity": ["G"], "type_line": "Creature — Bear", "supertypes": [], "types": ["Creature"], "subtypes": ["Bear"], "power": "2", "toughness": "2", "loyalty": null, "defense": null, "keywords": [], "oracle_text": "", "source": "forge+xmage"}`,
	}, "\n")
	tokens := `{"name": "Beast", "description": "3/3 green Beast creature token", "type_line": "Creature — Beast", "types": ["Creature"], "colors": ["G"], "power": "3", "toughness": "3", "keywords": [], "oracle_text": "", "source_id": "BeastToken"}`
	extras := `[
 {"name": "Stonecoil Serpent", "layout": "normal", "mana_cost": "{X}", "mana_value": 0, "colors": [], "types": ["Artifact", "Creature"], "subtypes": ["Snake"], "power": "0", "toughness": "0", "keywords": ["Reach", "Trample", "Protection"], "oracle_text": "Reach, trample, protection from multicolored\nThis creature enters with X +1/+1 counters on it.", "verified": true, "notes": "the database's text names another card"},
 {"name": "Keeper of the Crown", "layout": "normal", "mana_cost": "{2}{L}", "mana_value": 3, "colors": ["G"], "color_indicator": ["G"], "types": ["Creature"], "oracle_text": "{T}: Add {W}.", "category": "playtest"}
]`
	gen := func() ([]byte, Summary) {
		out, sum, err := Generate(strings.NewReader(oracle), strings.NewReader(tokens), []byte(extras))
		if err != nil {
			t.Fatal(err)
		}
		return out, sum
	}
	a, sum := gen()
	if b, _ := gen(); string(a) != string(b) {
		t.Fatal("two runs, different bytes")
	}
	if sum.Cards != 3 || sum.Tokens != 1 || !slices.Equal(sum.Corrected, []string{"Stonecoil Serpent"}) || !slices.Equal(sum.Added, []string{"Keeper of the Crown"}) {
		t.Fatalf("summary %+v", sum)
	}
	d, err := Open(a)
	if err != nil {
		t.Fatal(err)
	}
	rec := func(name string) Record {
		lo, hi := d.Find(Fold(name))
		if lo == hi {
			t.Fatalf("%s not found", name)
		}
		i, _ := d.Entry(lo)
		r, err := d.Record(i)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	s := rec("Stonecoil Serpent")
	if !strings.HasPrefix(s.Oracle, "Reach, trample") || len(s.Keywords) != 3 || s.Legalities["modern"] != "legal" ||
		s.FirstPrinted != "2019-10-04" || !slices.Equal(s.Sets, []string{"ELD"}) || !s.Verified {
		t.Errorf("corrected record: %+v", s)
	}
	if k := rec("Keeper of the Crown"); !slices.Equal(k.ColorIdentity, []string{"W", "G"}) {
		t.Errorf("added record's identity %v, want W G (indicator and the {W} in its text)", k.ColorIdentity)
	}
	if g := rec("Grizzly Bears"); g.Power != "2" || g.Source != "forge+xmage" {
		t.Errorf("plain record: %+v", g)
	}
	lo, _ := d.Find("beast")
	if i, kind := d.Entry(lo); kind != KeyToken || d.Flags(i)&FlagToken == 0 {
		t.Errorf("token: kind %d flags %b", kind, d.Flags(i))
	}
	if _, _, err := Generate(strings.NewReader("{not json"), strings.NewReader(""), []byte("[]")); err == nil || !strings.Contains(err.Error(), "cards line 1") {
		t.Errorf("bad oracle line: %v", err)
	}
}
