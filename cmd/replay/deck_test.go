package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

const deckFixtures = "../../decklist/testdata/fixtures"

// deckEntry runs replay deck and decodes its players entry.
func deckEntry(t *testing.T, args ...string) events.Player {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(append([]string{"deck"}, args...), &out, &errb); code != exitOK {
		t.Fatalf("replay deck %v: exit %d: %s", args, code, errb.String())
	}
	var p events.Player
	if err := json.Unmarshal(out.Bytes(), &p); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	return p
}

// Two real lists (shared/decklists), in every form, give the same players
// entry: every copy of every card under its name, main then sideboard; and
// the two entries start a match.
func TestDeckReadsEveryForm(t *testing.T) {
	var players []events.Player
	for i, base := range []string{"modern-challenge-64", "legacy-challenge-32"} {
		data, err := os.ReadFile(filepath.Join(deckFixtures, base+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var d struct {
			Main, Side []struct {
				Name  string
				Count int
			}
		}
		json.Unmarshal(data, &d)
		want := events.Player{ID: "p" + strconv.Itoa(i+1), Name: "Player"}
		for _, e := range d.Main {
			want.Deck = append(want.Deck, slices.Repeat([]string{e.Name}, e.Count)...)
		}
		for _, e := range d.Side {
			want.Sideboard = append(want.Sideboard, slices.Repeat([]string{e.Name}, e.Count)...)
		}
		for _, ext := range []string{".txt", ".arena.txt", ".sb.txt", ".dek", ".forge.dck", ".xmage.dck"} {
			got := deckEntry(t, "--id", want.ID, "--name", "Player", filepath.Join(deckFixtures, base+ext))
			if !slices.Equal(got.Deck, want.Deck) || !slices.Equal(got.Sideboard, want.Sideboard) || got.ID != want.ID || got.Name != "Player" {
				t.Errorf("%s%s:\n got %+v\nwant %+v", base, ext, got, want)
			}
		}
		players = append(players, want)
	}
	g := reducer.New(nil)
	if _, err := g.Submit(&events.Event{Match: "m", Seq: 1, Kind: events.KindMatchStarted, Actor: events.TableActor,
		Body: &events.MatchStarted{Format: "modern", Players: players}}); err != nil {
		t.Fatalf("the entries don't start a match: %v", err)
	}
	// The player's name defaults to the deck's name, else the file's.
	if p := deckEntry(t, filepath.Join(deckFixtures, "modern-challenge-64.forge.dck")); p.Name != "Modern Challenge 64 16th Place" {
		t.Errorf("name from the .dck: %q", p.Name)
	}
	if p := deckEntry(t, filepath.Join(deckFixtures, "modern-challenge-64.txt")); p.Name != "modern-challenge-64" {
		t.Errorf("name from the file: %q", p.Name)
	}
}

// Names are resolved as decklists print them (case, accents, curly
// apostrophes, "/" for "//"); a commander goes in the deck, first; a
// companion in the sideboard, once.
func TestDeckArenaCommanderAndCompanion(t *testing.T) {
	got := deckEntry(t, filepath.Join(deckFixtures, "commander.arena.txt"))
	want := append([]string{"Lurrus of the Dream-Den", "Lim-Dul's Vault", "Seance", "Fire // Ice", "Fire // Ice", "Delver of Secrets"}, slices.Repeat([]string{"Plains"}, 30)...)
	if got.Name != "Lurrus Brawl" || !slices.Equal(got.Deck, want) || !slices.Equal(got.Sideboard, []string{"Jegantha, the Wellspring", "Wear // Tear"}) {
		t.Errorf("got %+v", got)
	}
	in := strings.NewReader("Deck\n4 lightning bolt\n")
	var out, errb bytes.Buffer
	if code := runEnv([]string{"deck", "--name", "Alice", "-"}, &env{stdout: &out, stderr: &errb, stdin: in}); code != exitOK ||
		strings.TrimSpace(out.String()) != `{"id":"p1","name":"Alice","deck":["Lightning Bolt","Lightning Bolt","Lightning Bolt","Lightning Bolt"]}` {
		t.Errorf("stdin: exit %d, %s%s", code, out.String(), errb.String())
	}
}

// Every name that finds no card a deck holds is reported, with its line
// and the closest names, and nothing is printed: exit 1. An unreadable file
// is a usage error: exit 2.
func TestDeckUnknownNames(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"deck", filepath.Join(deckFixtures, "typos.txt")}, &out, &errb)
	if code != exitFailed || out.Len() != 0 {
		t.Fatalf("exit %d, stdout %q", code, out.String())
	}
	for _, want := range []string{
		`typos.txt:2: unknown card "Lightning Blot": no card has that name; did you mean Lightning Bolt`,
		`typos.txt:3: unknown card "Counterspel": no card has that name; did you mean Counterspell`,
		`typos.txt:4: unknown card "Tarmogoyff": no card has that name; did you mean Tarmogoyf`,
		`typos.txt:7: unknown card "Qwxzv Plorp": no card has that name`,
		`typos.txt:8: Akroma, Angel of Wrath Avatar is a Vanguard card`,
		`5 lines of`,
	} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errb.String())
		}
	}
	if code := run([]string{"deck", filepath.Join(t.TempDir(), "none.txt")}, &out, &errb); code != exitUsage {
		t.Errorf("a missing file: exit %d", code)
	}
	if code := run([]string{"deck", filepath.Join(deckFixtures, "../../decklist.go")}, &out, &errb); code != exitFailed {
		t.Errorf("a file of no card names: exit %d", code)
	}
}
