package cards

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer/cards/facts"
)

// The compiled-in facts hold the project's own records as data/extras.json
// has them (cmd/cardgen was run after the last change), and only those are
// marked as its own.
func TestExtrasCompiledIn(t *testing.T) {
	data, err := os.ReadFile("data/extras.json")
	if err != nil {
		t.Fatal(err)
	}
	var own []facts.Record
	if err := json.Unmarshal(data, &own); err != nil {
		t.Fatal(err)
	}
	p := Default()
	for _, want := range own {
		i := p.find(want.CanonicalName())
		if i < 0 {
			t.Errorf("%s: not compiled in", want.Name)
			continue
		}
		got, err := p.db.Record(i)
		if err != nil {
			t.Fatal(err)
		}
		// What the project's record says is what is compiled in; the
		// database may add what the record leaves out.
		got.ColorIdentity, got.Legalities, got.FirstPrinted, got.Sets, got.Defense = want.ColorIdentity, want.Legalities, want.FirstPrinted, want.Sets, want.Defense
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(want)
		if string(a) != string(b) {
			t.Errorf("%s: compiled in as\n%s\nextras.json has\n%s\n(run go run ./cmd/cardgen)", want.Name, a, b)
		}
		if p.db.Flags(i)&facts.FlagExtra == 0 {
			t.Errorf("%s: not flagged as the project's own", want.Name)
		}
	}
	if n := len(p.Extras()); n != len(own) {
		t.Errorf("%d records flagged as the project's own, extras.json has %d", n, len(own))
	}
}
