package sim

import (
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/coverage"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Real decks (Options.Decks): the match of seed s plays the decks at
// positions 2s-2 and 2s-1 of the list (the file's lines 2s-1 and 2s,
// wrapping around), so that seeds 1 to ceil(n/2) play every deck of n
// once, and a decklists file sorted by event (as
// fixtures/decklists/decks.jsonl is) pairs decks of one event and format.
// The main deck is the library, the sideboard the sideboard; the match
// has the first deck's format.

// DeckMatchID is the id of the match of seed when it plays real decks:
// "decks-17", "decks-n3" for -3.
func DeckMatchID(seed int64) string { return "decks" + strings.TrimPrefix(MatchID(seed), "sim") }

// MatchesForDecks is how many matches, from seed 1, play every one of n
// decks once: ceil(n/2).
func MatchesForDecks(n int) int { return (n + 1) / 2 }

// PlayedDecks is the positions (0-based) among n decks of the two the
// match of seed plays, first seat first.
func PlayedDecks(seed int64, n int) [2]int {
	i := int(((2*(seed-1))%int64(n) + int64(n)) % int64(n))
	return [2]int{i, (i + 1) % n}
}

// decksStarted is the match_started of seed's match of real decks: both
// decks, their format, and the declaration of each card the card data
// lacks (declaredStandIn).
func (d *driver) decksStarted(id string, seed int64) *events.Event {
	decks := d.opt.Decks
	pair := PlayedDecks(seed, len(decks))
	b := &events.MatchStarted{Format: formatName(decks[pair[0]].Format), BestOf: d.opt.BestOf,
		StartingLife: d.opt.StartingLife, Event: d.opt.Event}
	declared := map[string]bool{}
	for seat, i := range pair {
		dk := decks[i]
		p := events.Player{ID: fmt.Sprintf("p%d", seat+1), Name: deckName(i)}
		p.Deck = d.entries(dk.Main, b, declared)
		p.Sideboard = d.entries(dk.Side, b, declared)
		b.Players = append(b.Players, p)
	}
	return &events.Event{Match: id, Kind: events.KindMatchStarted, Actor: events.TableActor, Body: b}
}

// entries lists every copy of every card of a deck's section, declaring
// in b the names the card data lacks.
func (d *driver) entries(es []coverage.Entry, b *events.MatchStarted, declared map[string]bool) []string {
	var out []string
	for _, e := range es {
		if _, ok := d.opt.Pool.Card(e.Name); !ok && !declared[e.Name] {
			declared[e.Name] = true
			b.Cards = append(b.Cards, declaredStandIn(e.Name))
		}
		for range e.Count {
			out = append(out, e.Name)
		}
	}
	return out
}

// StandInText is the rules text of a card the card data lacks, declared
// by the generator: a real table knows such a card (a card newer than the
// data) and declares it with its facts; the generator doesn't, so it
// declares a stand-in under the card's name, a colourless artifact with no
// mana cost (never cast) whose text says so. The compiler reads no
// ability in it, so the card is not modelled.
const StandInText = "The generator doesn't know this card: it is newer than the card data, and its facts are not known."

func declaredStandIn(name string) events.DeclaredCard {
	return events.DeclaredCard{Name: name, Types: []string{"Artifact"}, Oracle: StandInText}
}

// deckName names a seat after its deck's place in the file.
func deckName(i int) string { return fmt.Sprintf("deck %d", i+1) }

// formatName is a decklist's format as match_started names formats:
// "Standard" is "standard", "Premodern" "premodern".
func formatName(f string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(f)), " ", "_")
}

// ModelledDecks keeps the decks every card of which the engine models
// (reducer.Modelled), main deck and sideboard, in their order.
func ModelledDecks(decks []coverage.Deck, pool *cards.Pool) []coverage.Deck {
	var out []coverage.Deck
	for _, dk := range decks {
		ok := true
		for _, e := range append(append([]coverage.Entry{}, dk.Main...), dk.Side...) {
			c, known := pool.Card(e.Name)
			if !known || !reducer.Modelled(c) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, dk)
		}
	}
	return out
}
