package coverage

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Deck is one decklist of a decklists file (shared/decklists/decks.jsonl):
// JSON Lines of {event, date, format, result, main, side}.
type Deck struct {
	Event  string  `json:"event"`
	Date   string  `json:"date"`
	Format string  `json:"format"`
	Result string  `json:"result"`
	Main   []Entry `json:"main"`
	Side   []Entry `json:"side"`
}

// Entry is a card name and how many copies.
type Entry struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// ReadDecks reads a decklists file; a line that isn't a deck is an error
// naming the line.
func ReadDecks(r io.Reader) ([]Deck, error) {
	var out []Deck
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		if len(sc.Bytes()) == 0 {
			continue
		}
		var d Deck
		dec := json.NewDecoder(bytesReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&d); err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		for _, e := range append(append([]Entry{}, d.Main...), d.Side...) {
			if e.Name == "" || e.Count < 1 {
				return nil, fmt.Errorf("line %d: an entry needs a name and a count of 1 or more, got %q x%d", line, e.Name, e.Count)
			}
		}
		out = append(out, d)
	}
	return out, sc.Err()
}

// DeckReport is the coverage of a set of decklists.
type DeckReport struct {
	Decks         int `json:"decks"`
	DecksModelled int `json:"decks_modelled"`
	// Names: the distinct card names; Slots: every copy in every deck,
	// main and side.
	Names Summary `json:"names"`
	Slots Summary `json:"slots"`
	// Top are the declined sentences weighing most, by slots.
	Top []Sentence `json:"top_declined"`
	// Cards are the distinct cards, most slots first.
	Cards []DeckCard `json:"cards"`
}

// DeckCard is a card of the decklists with its slots.
type DeckCard struct {
	Card
	Slots int `json:"slots"`
}

// OfDecks measures a set of decklists; top is how many declined sentences
// to list.
func OfDecks(decks []Deck, pool *cards.Pool, supports Supports, top int) DeckReport {
	var r DeckReport
	r.Decks = len(decks)
	slots := map[string]int{}
	for _, d := range decks {
		for _, e := range append(append([]Entry{}, d.Main...), d.Side...) {
			slots[e.Name] += e.Count
		}
	}
	names := make([]string, 0, len(slots))
	for n := range slots {
		names = append(names, n)
	}
	sort.Strings(names)
	byName := map[string]Card{}
	t := tally{}
	for _, n := range names {
		var c Card
		if card, ok := pool.Card(n); ok {
			c = Of(card, supports)
		} else {
			c = Unknown(n)
		}
		byName[n] = c
		r.Names.Add(c, 1)
		r.Slots.Add(c, slots[n])
		t.add(c, slots[n])
		r.Cards = append(r.Cards, DeckCard{Card: c, Slots: slots[n]})
	}
	sort.SliceStable(r.Cards, func(i, j int) bool { return r.Cards[i].Slots > r.Cards[j].Slots })
	for _, d := range decks {
		ok := true
		for _, e := range append(append([]Entry{}, d.Main...), d.Side...) {
			if byName[e.Name].Status != Modelled {
				ok = false
				break
			}
		}
		if ok {
			r.DecksModelled++
		}
	}
	r.Top = t.top(top)
	return r
}
