package facts

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
)

// Summary counts what Generate merged.
type Summary struct {
	Cards, Tokens int
	// Corrected are the project's records that replace a database card's
	// printed facts; Added those the database lacks.
	Corrected, Added []string
}

// Generate merges the database's cards and tokens (JSON Lines, as in
// shared/cards/oracle) with the project's own records (a JSON array, as in
// data/extras.json) and encodes them (Encode).
//
// An extra record whose name the database has is a correction: its printed
// facts (costs, types, text, faces, ...) replace the database's, and what
// it leaves out that the database knows (colour identity, legalities,
// printings, defense, funny) is kept from the database. Any other extra
// record is added as it is, with a colour identity worked out from its
// colours and the mana symbols of its text.
func Generate(cards, tokens io.Reader, extras []byte) ([]byte, Summary, error) {
	var sum Summary
	db, err := readLines(cards, "cards")
	if err != nil {
		return nil, sum, err
	}
	toks, err := readLines(tokens, "tokens")
	if err != nil {
		return nil, sum, err
	}
	for i := range toks {
		toks[i].Layout = "token"
	}
	var own []Record
	if err := json.Unmarshal(extras, &own); err != nil {
		return nil, sum, fmt.Errorf("facts: extras: %w", err)
	}
	byName := make(map[string]int, len(db))
	for i, r := range db {
		byName[r.Name] = i
	}
	for _, e := range own {
		e.Extra = true
		i, ok := byName[e.Name]
		if !ok {
			if len(e.ColorIdentity) == 0 {
				e.ColorIdentity = identity(&e)
			}
			db = append(db, e)
			sum.Added = append(sum.Added, e.Name)
			continue
		}
		db[i] = correct(db[i], e)
		sum.Corrected = append(sum.Corrected, e.Name)
	}
	sum.Cards, sum.Tokens = len(db), len(toks)
	out, err := Encode(db, toks)
	return out, sum, err
}

// readLines reads JSON Lines of records.
func readLines(r io.Reader, what string) ([]Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	var out []Record
	for line := 1; sc.Scan(); line++ {
		var rec Record
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			return nil, fmt.Errorf("facts: %s line %d: %w", what, line, err)
		}
		out = append(out, rec)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("facts: %s: %w", what, err)
	}
	return out, nil
}

// correct lays the project's record e over the database's record base.
func correct(base, e Record) Record {
	if len(e.ColorIdentity) == 0 {
		e.ColorIdentity = base.ColorIdentity
	}
	if e.Defense == "" {
		e.Defense = base.Defense
	}
	if e.Legalities == nil {
		e.Legalities = base.Legalities
	}
	if e.FirstPrinted == "" {
		e.FirstPrinted = base.FirstPrinted
	}
	if e.Sets == nil {
		e.Sets = base.Sets
	}
	e.Funny = e.Funny || base.Funny
	e.OracleIncomplete = e.OracleIncomplete || base.OracleIncomplete
	return e
}

var manaSymbol = regexp.MustCompile(`\{([^}]*)\}`)

// identity works out a colour identity (CR 903.4): the colours of the card
// and its faces, and of the mana symbols in its costs and text outside
// reminder text, in WUBRG order.
func identity(r *Record) []string {
	seen := map[string]bool{}
	var walk func(r *Record)
	walk = func(r *Record) {
		for _, c := range append(slices.Clone(r.Colors), r.ColorIndicator...) {
			seen[c] = true
		}
		text := r.ManaCost + " " + reminder.ReplaceAllString(r.Oracle, "")
		for _, m := range manaSymbol.FindAllStringSubmatch(text, -1) {
			for _, part := range strings.Split(m[1], "/") {
				if strings.Contains("WUBRG", part) && len(part) == 1 {
					seen[part] = true
				}
			}
		}
		for i := range r.Faces {
			walk(&r.Faces[i])
		}
	}
	walk(r)
	var out []string
	for _, c := range []string{"W", "U", "B", "R", "G"} {
		if seen[c] {
			out = append(out, c)
		}
	}
	return out
}

var reminder = regexp.MustCompile(`\([^)]*\)`)
