package reducer

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
	cardfacts "github.com/chronicle-mtg/chronicle/reducer/cards/facts"
)

// Every traditional card of the card database starts a match and shows its
// printed characteristics: matches of sixty distinct cards (thirty a
// player) hold every one of them, and each card in a library, as
// show --json gives it, is checked against the database's record, read
// apart from the engine (cards.Pool.Facts): its name as decklists print
// it, mana cost and value, colours, types, power and toughness, loyalty,
// defense, layout and faces. A card in a library has its front face's
// characteristics, a split card both halves' (CR 709.4, 712).
func TestEveryCardStartsAMatch(t *testing.T) {
	pool := cards.Default()
	var deckable []string
	for _, name := range pool.Names() {
		c, _ := pool.Card(name)
		if c.NotInDecks() == "" {
			deckable = append(deckable, name)
		}
	}
	if len(deckable) != 31687+2 { // the database's traditional cards and the two playtest cards
		t.Fatalf("%d cards a deck may hold, want 31,689", len(deckable))
	}
	checked := 0
	for m := 0; m*60 < len(deckable); m++ {
		batch := deckable[m*60 : min((m+1)*60, len(deckable))]
		half := (len(batch) + 1) / 2
		start := &events.MatchStarted{Format: "vintage", FirstPlayer: "p1", Players: []events.Player{
			{ID: "p1", Name: "Alice", Deck: batch[:half]}, {ID: "p2", Name: "Bob", Deck: batch[half:]}}}
		g := New(pool)
		if _, err := g.Submit(&events.Event{Match: "all", Seq: 1, Kind: events.KindMatchStarted, Actor: events.TableActor, Body: start}); err != nil {
			t.Fatalf("match %d: %v", m, err)
		}
		v := g.S.View(ViewJudge)
		for _, p := range v.Players {
			for _, ov := range p.Library {
				id, _ := strconv.Atoi(strings.TrimPrefix(ov.Card, "c"))
				name := g.S.Cards[id].Def.Name
				rec, ok := pool.Facts(name)
				if !ok {
					t.Fatalf("%s: no facts", name)
				}
				if diff := printedDiff(ov, rec); diff != "" {
					t.Errorf("%s: %s", name, diff)
				}
				checked++
			}
		}
	}
	if checked != len(deckable) {
		t.Errorf("checked %d cards of %d", checked, len(deckable))
	}
}

// printedDiff compares an object in a library with its card's record and
// says what differs, or "".
func printedDiff(ov ObjectView, r cardfacts.Record) string {
	want := r
	front := r
	switch {
	case len(r.Faces) > 0 && r.Layout == "split":
		// Both halves combined (CR 709.4): both names, both costs, every
		// type of either half.
		var costs []string
		want.Supertypes, want.Types, want.Subtypes = nil, nil, nil
		for _, f := range r.Faces {
			costs = append(costs, f.ManaCost)
			want.Supertypes = appendNew(want.Supertypes, f.Supertypes...)
			want.Types = appendNew(want.Types, f.Types...)
			want.Subtypes = appendNew(want.Subtypes, f.Subtypes...)
		}
		want.ManaCost = strings.Join(costs, " // ")
	case len(r.Faces) > 0:
		// The front face everywhere but where another is up (CR 712).
		front = r.Faces[0]
		want = front
		want.Layout = r.Layout
	}
	colors := want.Colors
	if len(want.ColorIndicator) > 0 {
		colors = want.ColorIndicator
	}
	var diffs []string
	check := func(what string, got, exp any) {
		if fmt.Sprint(got) != fmt.Sprint(exp) {
			diffs = append(diffs, fmt.Sprintf("%s %v, printed %v", what, got, exp))
		}
	}
	layout := r.Layout
	if layout == "" {
		layout = "normal"
	}
	check("name", ov.Name, r.CanonicalName())
	check("layout", ov.Layout, layout)
	check("mana cost", ov.ManaCost, want.ManaCost)
	check("mana value", ov.ManaValue, want.ManaValue)
	check("colours", ov.Colors, orEmpty(colors))
	check("supertypes", ov.Supertypes, orEmpty(want.Supertypes))
	check("types", ov.Types, orEmpty(want.Types))
	check("subtypes", ov.Subtypes, orEmpty(want.Subtypes))
	check("loyalty", ov.Loyalty, want.Loyalty)
	check("defense", ov.Defense, want.Defense)
	pw, errP := strconv.Atoi(want.Power)
	tg, errT := strconv.Atoi(want.Toughness)
	switch {
	case errP == nil && errT == nil:
		check("power", deref(ov.Power), pw)
		check("toughness", deref(ov.Toughness), tg)
	case want.Power == "" || want.Toughness == "":
		// No printed P/T (or, for a handful of records, half of it: the
		// database's gap): none shown.
		check("power", deref(ov.Power), "null")
	}
	// "*" and "1+*" are characteristic-defining: shown as computed where
	// the engine knows the ability, else null.
	check("faces", len(ov.Faces), len(r.Faces))
	for i := range min(len(ov.Faces), len(r.Faces)) {
		f, rf := ov.Faces[i], r.Faces[i]
		fc := rf.Colors
		if len(rf.ColorIndicator) > 0 {
			fc = rf.ColorIndicator
		}
		check("face name", f.Name, rf.Name)
		check(rf.Name+" mana cost", f.ManaCost, rf.ManaCost)
		check(rf.Name+" mana value", f.ManaValue, rf.ManaValue)
		check(rf.Name+" colours", f.Colors, orEmpty(fc))
		check(rf.Name+" types", f.Types, orEmpty(rf.Types))
		check(rf.Name+" supertypes", f.Supertypes, orEmpty(rf.Supertypes))
		check(rf.Name+" subtypes", f.Subtypes, orEmpty(rf.Subtypes))
		check(rf.Name+" power", f.Power+"/"+f.Toughness, rf.Power+"/"+rf.Toughness)
		check(rf.Name+" loyalty", f.Loyalty, rf.Loyalty)
		check(rf.Name+" defense", f.Defense, rf.Defense)
	}
	return strings.Join(diffs, "; ")
}

func appendNew(to []string, xs ...string) []string {
	for _, x := range xs {
		if !slices.Contains(to, x) {
			to = append(to, x)
		}
	}
	return to
}

func orEmpty(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

func deref(p *int) any {
	if p == nil {
		return "null"
	}
	return *p
}
