package replay

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Playtest cards (RULINGS.md PT-1) are legal only in Mystery Booster limited
// formats. A match's format names one of them when, lower-cased with spaces
// and hyphens turned into underscores, it is one of PlaytestFormats:
// "Mystery Booster Draft", "mystery-booster-2-sealed" and
// "MYSTERY_BOOSTER_DRAFT" all are. Every other format, casual ones
// included, is audited as a tournament format.

// PlaytestFormats are the formats, in normal form, where playtest cards are
// legal: drafts and sealed of Mystery Booster and Mystery Booster 2.
var PlaytestFormats = []string{
	"mystery_booster_draft",
	"mystery_booster_sealed",
	"mystery_booster_2_draft",
	"mystery_booster_2_sealed",
}

// NormalFormat is a format name in normal form: lower case, trimmed, spaces
// and hyphens as underscores, never two underscores in a row.
func NormalFormat(format string) string {
	f := strings.ToLower(strings.TrimSpace(format))
	f = strings.NewReplacer(" ", "_", "-", "_", "\t", "_").Replace(f)
	for strings.Contains(f, "__") {
		f = strings.ReplaceAll(f, "__", "_")
	}
	return f
}

// PlaytestLegal reports whether playtest cards are legal in format.
func PlaytestLegal(format string) bool {
	return slices.Contains(PlaytestFormats, NormalFormat(format))
}

// playtestCheck reads a match's deck lists (match_started) and placed
// positions (setup) for playtest cards. A name the pool doesn't know, or a
// card named by id, is not its business: the rules check names.
type playtestCheck struct {
	pool   *cards.Pool
	format string
	legal  bool
	found  []Finding
	// declared are the cards match_started declared, by lower-case name.
	declared map[string]events.DeclaredCard
	list     []DeclaredCard
}

// input looks at one input.
func (c *playtestCheck) input(ev *events.Event) {
	if c.pool == nil {
		c.pool = cards.Default()
	}
	var places []cardPlace
	switch b := ev.Body.(type) {
	case *events.MatchStarted:
		c.format, c.legal = b.Format, PlaytestLegal(b.Format)
		c.declare(b.Cards)
		for _, p := range b.Players {
			places = append(places, placesOf(p.ID+"'s deck", p.Deck)...)
			places = append(places, placesOf(p.ID+"'s sideboard", p.Sideboard)...)
		}
	case *events.Setup:
		for _, p := range b.Players {
			for _, z := range []struct {
				name  string
				cards []events.Ref
			}{{"library", p.Library}, {"hand", p.Hand}, {"graveyard", p.Graveyard}, {"exile", p.Exile}, {"command zone", p.Command}} {
				places = append(places, placesOf(p.ID+"'s "+z.name, z.cards)...)
			}
			for _, perm := range p.Battlefield {
				places = append(places, cardPlace{card: perm.Card, where: p.ID + "'s battlefield"})
			}
		}
	}
	if c.legal || len(places) == 0 {
		return
	}
	// One finding per playtest card and input, naming every place it is in.
	var names []string
	where := map[string][]string{}
	for _, pl := range places {
		card, ok := c.card(pl.card)
		if !ok || !card.Playtest {
			continue
		}
		if _, seen := where[card.Name]; !seen {
			names = append(names, card.Name)
		}
		if ws := where[card.Name]; len(ws) == 0 || ws[len(ws)-1] != pl.where {
			where[card.Name] = append(ws, pl.where)
		}
	}
	for _, n := range names {
		c.found = append(c.found, Finding{
			Seq: ev.Seq, Kind: FindingPlaytest, Rule: RulePlaytest,
			Reason: fmt.Sprintf("%s (in %s) is a playtest card, legal only in Mystery Booster limited formats, and this match's format is %q",
				n, strings.Join(where[n], ", "), c.format),
		})
	}
}

func (c *playtestCheck) findings() []Finding { return c.found }

// declare notes the cards a match declares.
func (c *playtestCheck) declare(ds []events.DeclaredCard) {
	c.declared = map[string]events.DeclaredCard{}
	for _, d := range ds {
		c.declared[strings.ToLower(d.Name)] = d
		n := DeclaredCard{Name: d.Name, Abilities: len(d.Abilities), From: "abilities", Token: d.Token, Playtest: d.Playtest}
		if d.Abilities == nil {
			n.From = "oracle_text"
		}
		c.list = append(c.list, n)
	}
}

// playtestCard is what the check needs to know of a card.
type playtestCard struct {
	Name     string
	Playtest bool
}

// card finds a card by name: a declared one first, then the pool's.
func (c *playtestCheck) card(name string) (playtestCard, bool) {
	if d, ok := c.declared[strings.ToLower(name)]; ok {
		return playtestCard{Name: d.Name, Playtest: d.Playtest}, true
	}
	card, ok := c.pool.Card(name)
	if !ok {
		return playtestCard{}, false
	}
	return playtestCard{Name: card.Name, Playtest: card.Playtest}, true
}

// cardPlace is a card named somewhere in an input.
type cardPlace struct {
	card  events.Ref
	where string
}

func placesOf(where string, refs []events.Ref) []cardPlace {
	out := make([]cardPlace, len(refs))
	for i, r := range refs {
		out[i] = cardPlace{card: r, where: where}
	}
	return out
}
