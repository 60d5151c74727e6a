package reducer

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The engine core names no card (STYLE.md: the core is one room, card
// facts and overrides another). The core is every non-test .go file of
// this package, comments included, except cardKeyedFiles: the enablers
// (Johann, Elsha, Vivien, Starting Town NPC, Mystic Sanctuary, Quintorius
// Kand), whose cards still keep Go code in reducer/cards; the file leaves
// the list when they move onto the ability language. The names are those of
// the first pool (every card and face of cards/data/extras.json) and of
// every card the fixture matches play.
//
// A name is matched as a whole word, case and all. Two kinds of words are
// not card names here: a one-word name that is a subtype of its own card
// (Forest, Bird: the rules name basic land types and creature types, CR
// 205.3), and a one-word name that is Go: a function or method declared
// here, or called (g.Clone(), slices.Clone).
var cardKeyedFiles = []string{"enablers.go"}

func TestCoreNamesNoCard(t *testing.T) {
	pool := cards.Default()
	names := map[string]bool{}
	add := func(c *cards.Card) {
		for _, f := range append([]*cards.Card{c}, c.Faces...) {
			if !slices.Contains(f.Subtypes, f.Name) || strings.Contains(f.Name, " ") {
				names[f.Name] = true
			}
		}
	}
	for _, n := range pool.Extras() {
		c, _ := pool.Card(n)
		add(c)
	}
	fixtures, _ := filepath.Glob("../fixtures/matches/*.jsonl")
	if len(fixtures) == 0 {
		t.Fatal("no fixture matches found")
	}
	strs := map[string]bool{}
	for _, path := range fixtures {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			var v any
			if json.Unmarshal([]byte(line), &v) != nil {
				continue
			}
			for _, s := range jsonStrings(v) {
				strs[s] = true
			}
		}
	}
	for s := range strs {
		if c, ok := pool.Card(s); ok && c.Name == s {
			add(c)
		}
	}

	files, _ := filepath.Glob("*.go")
	sources := map[string]string{}
	funcs := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || slices.Contains(cardKeyedFiles, f) {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sources[f] = string(data)
		for _, m := range funcName.FindAllStringSubmatch(string(data), -1) {
			funcs[m[1]] = true
		}
	}
	sorted := slices.Sorted(maps.Keys(names))
	for _, f := range slices.Sorted(maps.Keys(sources)) {
		src := sources[f]
		for _, name := range sorted {
			if !strings.Contains(src, name) {
				continue
			}
			re := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`)
			for i, line := range strings.Split(src, "\n") {
				for _, at := range re.FindAllStringIndex(line, -1) {
					if funcs[name] || at[0] > 0 && line[at[0]-1] == '.' || strings.HasPrefix(line[at[1]:], "(") {
						continue // Go: a function or method (slices.Clone, g.Clone())
					}
					t.Errorf("%s:%d names the card %q: the engine core names no card", f, i+1, name)
				}
			}
		}
	}
	if len(sources) < 50 {
		t.Fatalf("only %d files checked", len(sources))
	}
}

var funcName = regexp.MustCompile(`(?m)^func (?:\([^)]*\) )?(\w+)`)

// jsonStrings lists every string in a decoded JSON value.
func jsonStrings(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, jsonStrings(e)...)
		}
		return out
	case map[string]any:
		var out []string
		for _, e := range x {
			out = append(out, jsonStrings(e)...)
		}
		return out
	}
	return nil
}
