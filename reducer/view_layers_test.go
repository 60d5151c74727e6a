package reducer

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// layersMatch: Fylamarid (not modelled) acts through the table's effects,
// one layer at a time, on Grizzly Bears and Hill Giant; Coronation of the
// Wilds makes a third creature a legendary Noble by the rules.
const layersMatch = `{"match":"l","kind":"match_started","actor":"table","body":{"format":"standard","players":[{"id":"p1","name":"Alice","deck":["Fylamarid","Grizzly Bears","Hill Giant","Llanowar Elves","Keeper of the Crown","Forest","Forest","Forest","Island","Island"]},{"id":"p2","name":"Bob","deck":["Forest"]}],"first_player":"p1"}}
{"match":"l","kind":"setup","actor":"table","body":{"turn":3,"step":"main1","active_player":"p1","players":[{"id":"p1","life":20,"library":["Island","Island"],"hand":["Keeper of the Crown"],"battlefield":[{"card":"Fylamarid"},{"card":"Grizzly Bears"},{"card":"Hill Giant"},{"card":"Llanowar Elves"},{"card":"Forest"},{"card":"Forest"},{"card":"Forest"}]},{"id":"p2","life":20,"battlefield":[{"card":"Forest"}]}]}}
`

// objectNamed is the battlefield object of v with name.
func objectNamed(t *testing.T, v *View, name string) ObjectView {
	t.Helper()
	for _, o := range v.Battlefield {
		if o.Name == name {
			return o
		}
	}
	t.Fatalf("no %s on the battlefield", name)
	return ObjectView{}
}

// show --json gives every object's characteristics after all continuous
// effects (CR 613), with the printed ones beside them where they differ:
// one check per layer.
func TestViewLayers(t *testing.T) {
	g := playLines(t, layersMatch)
	var script []string
	submit := func(line string) { // the next input, with the seq after the ones before
		t.Helper()
		script = append(script, line)
		lines, err := events.ReadJSONL(strings.NewReader(layersMatch+strings.Join(script, "\n")+"\n"), "test", events.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Submit(lines[len(lines)-1].Event); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	v := g.S.View("")
	if bears := objectNamed(t, v, "Grizzly Bears"); bears.Printed != nil {
		t.Fatalf("an untouched Grizzly Bears has printed differences: %+v", *bears.Printed)
	}

	// Layer 1: Grizzly Bears becomes a copy of Hill Giant (CR 707.2).
	submit(`{"match":"l","kind":"activate","actor":"p1","body":{"player":"p1","source":"Fylamarid"},"effects":[{"op":"copy","object":"Grizzly Bears","card":"Hill Giant"}]}`)
	v = g.S.View("")
	copyOf := v.Battlefield[1]
	if copyOf.Name != "Hill Giant" || copyOf.Printed == nil || copyOf.Printed.Name != "Grizzly Bears" ||
		*copyOf.Power != 3 || copyOf.Printed.Power != "2" || copyOf.Printed.Subtypes == nil || !slices.Equal(*copyOf.Printed.Subtypes, []string{"Bear"}) {
		t.Errorf("layer 1: the copy shows %s %d/%d printed %+v; want Hill Giant 3/3, printed Grizzly Bears 2/2 Bear", copyOf.Name, *copyOf.Power, *copyOf.Toughness, copyOf.Printed)
	}

	// Layers 4 to 7 on the real Hill Giant: an artifact, black, flying,
	// with an ability as text, +2/+0 and a +1/+1 counter.
	gid := v.Battlefield[2].ID
	submit(`{"match":"l","kind":"activate","actor":"p1","body":{"player":"p1","source":"Fylamarid"},"effects":[{"op":"continuous","object":"` + gid + `","until":"end_of_turn","types":["Artifact"],"supertypes":["Snow"],"subtypes":["Warrior"],"colors":["B"],"keywords":["Flying"],"abilities":["{T}: Draw a card."],"power":2},{"op":"add_counters","object":"` + gid + `","kind":"+1/+1","n":1}]}`)
	v = g.S.View("")
	giant := v.Battlefield[2]
	if giant.ID != gid {
		t.Fatalf("battlefield[2] is %s, want %s", giant.ID, gid)
	}
	p := giant.Printed
	checks := []struct {
		layer   string
		ok      bool
		now     any
		printed any
	}{
		{"4 types", slices.Equal(giant.Types, []string{"Creature", "Artifact"}) && p.Types != nil && slices.Equal(*p.Types, []string{"Creature"}), giant.Types, p.Types},
		{"4 supertypes", slices.Equal(giant.Supertypes, []string{"Snow"}) && p.Supertypes != nil && len(*p.Supertypes) == 0, giant.Supertypes, p.Supertypes},
		{"4 subtypes", slices.Equal(giant.Subtypes, []string{"Giant", "Warrior"}) && p.Subtypes != nil && slices.Equal(*p.Subtypes, []string{"Giant"}), giant.Subtypes, p.Subtypes},
		{"5 colours", slices.Equal(giant.Colors, []string{"B"}) && p.Colors != nil && slices.Equal(*p.Colors, []string{"R"}), giant.Colors, p.Colors},
		{"6 keywords", slices.Equal(giant.Keywords, []string{"Flying"}) && p.Keywords != nil && len(*p.Keywords) == 0, giant.Keywords, p.Keywords},
		{"6 abilities", slices.Equal(giant.Abilities, []string{"{T}: Draw a card."}), giant.Abilities, nil},
		{"7 power and toughness", *giant.Power == 6 && *giant.Toughness == 4 && p.Power == "3" && p.Toughness == "3", [2]int{*giant.Power, *giant.Toughness}, [2]string{p.Power, p.Toughness}},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("layer %s: now %v, printed %v", c.layer, c.now, c.printed)
		}
	}

	// Layer 4 by the rules: Coronation of the Wilds makes Llanowar Elves a
	// legendary Noble with a mana ability (ADV-15); printed, it is neither.
	for _, line := range []string{
		`{"match":"l","kind":"activate","actor":"p1","body":{"player":"p1","source":"Forest"}}`,
		`{"match":"l","kind":"activate","actor":"p1","body":{"player":"p1","source":"Forest"}}`,
		`{"match":"l","kind":"activate","actor":"p1","body":{"player":"p1","source":"Forest"}}`,
		`{"match":"l","kind":"cast","actor":"p1","body":{"player":"p1","card":"Keeper of the Crown","face":"Coronation of the Wilds","targets":["Llanowar Elves"]}}`,
		`{"match":"l","kind":"pass","actor":"p1","body":{"player":"p1"}}`,
		`{"match":"l","kind":"pass","actor":"p2","body":{"player":"p2"}}`,
	} {
		submit(line)
	}
	elves := objectNamed(t, g.S.View(""), "Llanowar Elves")
	if !slices.Equal(elves.Supertypes, []string{"Legendary"}) || !slices.Equal(elves.Subtypes, []string{"Elf", "Druid", "Noble"}) ||
		!slices.Contains(elves.Abilities, anyColorText) || elves.Printed == nil || elves.Printed.Supertypes == nil || len(*elves.Printed.Supertypes) != 0 {
		t.Errorf("Coronation's Elves: supertypes %v, subtypes %v, abilities %v, printed %+v", elves.Supertypes, elves.Subtypes, elves.Abilities, elves.Printed)
	}
	b, err := json.Marshal(elves)
	if err != nil {
		t.Fatal(err)
	}
	if js := string(b); !strings.Contains(js, `"printed":{"supertypes":[],"subtypes":["Elf","Druid"]}`) {
		t.Errorf("the Elves' JSON: %s", js)
	}
}

// show --json lists each object's activated abilities with the numbers an
// activate input names them by: printed ones in Oracle order, then granted
// ones (ability_refs.go); the granted one answers to its number and to 50,
// the number older logs gave it.
func TestViewAbilityNumbers(t *testing.T) {
	lines := strings.TrimSpace(layersMatch) + "\n" + strings.Join([]string{
		`{"match":"l","kind":"activate","actor":"p1","body":{"player":"p1","source":"Forest"}}`,
		`{"match":"l","kind":"activate","actor":"p1","body":{"player":"p1","source":"Forest"}}`,
		`{"match":"l","kind":"activate","actor":"p1","body":{"player":"p1","source":"Forest"}}`,
		`{"match":"l","kind":"cast","actor":"p1","body":{"player":"p1","card":"Keeper of the Crown","face":"Coronation of the Wilds","targets":["Llanowar Elves"]}}`,
		`{"match":"l","kind":"pass","actor":"p1","body":{"player":"p1"}}`,
		`{"match":"l","kind":"pass","actor":"p2","body":{"player":"p2"}}`,
	}, "\n") + "\n"
	g := playLines(t, lines)
	elves := objectNamed(t, g.S.View(""), "Llanowar Elves")
	want := []AbilityView{{Number: 0, Text: "{T}: Add {G}.", Mana: true}, {Number: 1, Text: anyColorText, Mana: true, Granted: true}}
	if len(elves.Activated) != 2 || elves.Activated[0].Number != 0 || elves.Activated[0].Text != want[0].Text ||
		elves.Activated[1].Number != 1 || elves.Activated[1].Text != want[1].Text || !elves.Activated[1].Granted {
		t.Fatalf("the Elves' abilities: %+v; want %+v", elves.Activated, want)
	}
	for _, body := range []string{
		`{"player":"p1","source":"Llanowar Elves","ability":1,"choice":"U"}`,
		`{"player":"p1","source":"Llanowar Elves","ability":50,"choice":"U"}`,
		`{"player":"p1","source":"Llanowar Elves","ability_text":"{T}: Add one mana of any","choice":"U"}`,
	} {
		g := playLines(t, lines+`{"match":"l","kind":"activate","actor":"p1","body":`+body+"}\n")
		if pool := g.S.Players[0].Pool; len(pool) != 1 || pool[0].Color.Letter() != "U" {
			t.Errorf("%s: p1's pool %v, want {U}", body, pool)
		}
	}
}
