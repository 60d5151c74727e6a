package cards

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/reducer/cards/facts"
)

// Names as decklists print them. A card is found by its name (a split
// card's "Fire // Ice", any other multi-face card's front face: "Delver of
// Secrets", "Giant Killer"), by its full "Front // Back" name, and by
// either half of a split card or Room ("Ice", "Locker Room"); in any case,
// with or without accents ("Lim-Dûl's Vault" is Lim-Dul's Vault, "Séance"
// Seance), with straight or curly apostrophes, and with a split card's
// halves joined by "//" or "/" (see facts.Fold). Where a name is spelled
// exactly as a card's, that card wins over one whose half it names.

// UnknownCardError is a name no card has, with the closest real names.
type UnknownCardError struct {
	Name string
	// Closest are up to three card names nearest to Name, nearest first.
	Closest []string
}

func (e *UnknownCardError) Error() string {
	msg := fmt.Sprintf("unknown card %q: no card has that name", e.Name)
	if len(e.Closest) > 0 {
		msg += "; did you mean " + orList(e.Closest) + "?"
	}
	return msg
}

// orList writes names as "A", "A or B", "A, B or C".
func orList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Resolve finds the card a decklist's name means, or says which real names
// are closest (*UnknownCardError).
func (p *Pool) Resolve(name string) (*Card, error) {
	if c, ok := p.Card(name); ok {
		return c, nil
	}
	return nil, &UnknownCardError{Name: name, Closest: p.Closest(name, 3)}
}

// Canonical is the name to record for a card found by name: the name as
// given when it is already the card's name or full name, else the card's
// name. A log written with exact names keeps them byte for byte.
func Canonical(given string, c *Card) string {
	if given == c.Name || given == c.FullName {
		return given
	}
	return c.Name
}

// Closest returns up to n card names nearest to name by edit distance
// between folded names (names, full names and split halves count; tokens
// don't), nearest first, ties in name order. Names more than about half
// their length away are no suggestion. It reads the index only: no card is
// decoded.
func (p *Pool) Closest(name string, n int) []string {
	key := facts.Fold(name)
	limit := 2 * max(3, len(key)/2)
	near := map[int]int{} // record -> its nearest name's distance
	var rows [3][]int
	for i := range rows {
		rows[i] = make([]int, len(key)+1)
	}
	for k := range p.db.Keys() {
		rec, kind := p.db.Entry(k)
		if kind > facts.KeyHalf || p.db.Flags(rec)&facts.FlagToken != 0 {
			continue
		}
		if d, ok := editDistance(key, p.db.Key(k), limit, rows); ok {
			if old, seen := near[rec]; !seen || d < old {
				near[rec] = d
			}
		}
	}
	type hit struct {
		dist int
		name string
	}
	hits := make([]hit, 0, len(near))
	for rec, d := range near {
		hits = append(hits, hit{d, p.db.Name(rec)})
	}
	slices.SortFunc(hits, func(a, b hit) int { return cmp.Or(cmp.Compare(a.dist, b.dist), cmp.Compare(a.name, b.name)) })
	var out []string
	for _, h := range hits[:min(n, len(hits))] {
		out = append(out, h.name)
	}
	return out
}

// editDistance is an edit distance between a and b in bytes, counting a
// swap of two neighbouring letters as 1 and any other edit (a letter
// added, dropped or changed) as 2, the commonest typos first; and false
// once it is sure to exceed bound. rows is scratch of three rows of
// len(a)+1.
func editDistance(a string, b []byte, bound int, rows [3][]int) (int, bool) {
	if d := 2 * (len(a) - len(b)); d > bound || -d > bound {
		return 0, false
	}
	prev2, prev, row := rows[0], rows[1], rows[2]
	for i := range prev {
		prev[i] = 2 * i
	}
	for j := 1; j <= len(b); j++ {
		row[0] = 2 * j
		lowest := row[0]
		for i := 1; i <= len(a); i++ {
			cost := 2
			if a[i-1] == b[j-1] {
				cost = 0
			}
			row[i] = min(prev[i]+2, row[i-1]+2, prev[i-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] && a[i-1] != b[j-1] {
				row[i] = min(row[i], prev2[i-2]+1)
			}
			lowest = min(lowest, row[i])
		}
		if lowest > bound {
			return 0, false
		}
		prev2, prev, row = prev, row, prev2
	}
	d := prev[len(a)]
	return d, d <= bound
}

// NotInDecks says why c is not a card a deck may hold:
// "" for a traditional Magic card; otherwise why not, with the rule.
func (c *Card) NotInDecks() string {
	switch {
	case c.Layout == "token":
		return "is a token, not a card: no deck holds one (CR 111.8)"
	case c.Info != nil && c.Info.Funny:
		return "is an un-card, printed only in a joke set: not a traditional Magic card, and not modelled"
	}
	for _, t := range c.Types {
		switch t {
		case "Vanguard", "Plane", "Phenomenon", "Scheme":
			return fmt.Sprintf("is a %s card: a nontraditional card of a casual variant, never in a deck (CR 108.2a)", t)
		case "Conspiracy":
			return "is a Conspiracy card: it starts a Conspiracy Draft game in the command zone, never in a deck (CR 905)"
		}
	}
	return ""
}
