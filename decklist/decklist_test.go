package decklist

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// realDeck is a decks.jsonl line (shared/decklists): a real list.
type realDeck struct {
	Event, Result string
	Main, Side    []struct {
		Name  string
		Count int
	}
}

// Two real lists (a Modern list with split cards, a Legacy one with a
// Room), written in each form, read back to the same cards, counts and
// sections.
func TestEveryFormReadsTheSameList(t *testing.T) {
	for _, base := range []string{"modern-challenge-64", "legacy-challenge-32"} {
		data, err := os.ReadFile(filepath.Join("testdata/fixtures", base+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var d realDeck
		if err := json.Unmarshal(data, &d); err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, e := range d.Main {
			want = append(want, fmt.Sprintf("main %d %s", e.Count, e.Name))
		}
		for _, e := range d.Side {
			want = append(want, fmt.Sprintf("sideboard %d %s", e.Count, e.Name))
		}
		for ext, format := range map[string]string{".txt": "text", ".arena.txt": "text", ".sb.txt": "text", ".dek": "dek", ".forge.dck": "forge", ".xmage.dck": "xmage"} {
			data, err := os.ReadFile(filepath.Join("testdata/fixtures", base+ext))
			if err != nil {
				t.Fatal(err)
			}
			l, err := Parse(data)
			if err != nil {
				t.Fatalf("%s%s: %v", base, ext, err)
			}
			var got []string
			for _, e := range l.Entries {
				got = append(got, fmt.Sprintf("%s %d %s", e.Section, e.Count, e.Name))
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s%s:\n got %q\nwant %q", base, ext, got, want)
			}
			if l.Format != format {
				t.Errorf("%s%s: read as %s, want %s", base, ext, l.Format, format)
			}
			if (format == "forge" || format == "xmage") && l.Name != d.Event+" "+d.Result {
				t.Errorf("%s%s: name %q", base, ext, l.Name)
			}
		}
	}
}

// Arena's sections: About (the deck's name), Commander, Companion, Deck,
// Sideboard; names are kept as written.
func TestArenaSections(t *testing.T) {
	data, err := os.ReadFile("testdata/fixtures/commander.arena.txt")
	if err != nil {
		t.Fatal(err)
	}
	l, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range l.Entries {
		got = append(got, fmt.Sprintf("%s %d %s @%d", e.Section, e.Count, e.Name, e.Line))
	}
	want := []string{"commander 1 Lurrus of the Dream-Den @5", "companion 1 Jegantha, the Wellspring @8", "main 1 Lim-Dûl’s Vault @11",
		"main 1 séance @12", "main 2 fire/ice @13", "main 1 Delver of Secrets @14", "main 30 Plains @15",
		"sideboard 1 Jegantha, the Wellspring @18", "sideboard 1 Wear // Tear @19"}
	if !slices.Equal(got, want) || l.Name != "Lurrus Brawl" {
		t.Errorf("got %q (name %q)\nwant %q", got, l.Name, want)
	}
}

// A line that can't be a decklist line is an error naming it; a bare name
// is one copy; comments and blank lines are skipped.
func TestLines(t *testing.T) {
	l, err := Parse([]byte("# comment\nLightning Bolt\n\n\n2x Shock\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) != 2 || l.Entries[0].Count != 1 || l.Entries[0].Section != Main || l.Entries[1].Section != Sideboard || l.Entries[1].Line != 5 {
		t.Errorf("%+v", l.Entries)
	}
	for in, want := range map[string]string{
		"0 Lightning Bolt": "line 1: a count must be a positive number",
		"4 Bolt\nSB:":      "line 2: no card name",
		"<Deck><Cards":     "not a Magic Online .dek file",
		`<Deck><Cards Quantity="x" Name="Shock"/></Deck>`: "Quantity must be a positive number",
	} {
		if _, err := Parse([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %s", in, err, want)
		}
	}
}
