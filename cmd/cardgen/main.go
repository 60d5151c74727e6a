// Command cardgen makes the card facts the engine embeds
// (reducer/cards/data/facts.bin) from the card database and the project's
// own records:
//
//	go run ./cmd/cardgen -oracle ../shared/cards/oracle -out reducer/cards/data/
//
// It reads ORACLE/cards.jsonl.gz and ORACLE/tokens.jsonl.gz (see that
// folder's README) and -extras (default reducer/cards/data/extras.json),
// and writes OUT/facts.bin and OUT/creature_types.txt. The same inputs give the same bytes. A summary
// goes to stderr; exit 1 on an unreadable input, 2 on a usage error.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/chronicle-mtg/chronicle/reducer/cards/facts"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("cardgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	oracle := fs.String("oracle", "../shared/cards/oracle", "folder of cards.jsonl.gz and tokens.jsonl.gz")
	extras := fs.String("extras", "reducer/cards/data/extras.json", "the project's own card records")
	out := fs.String("out", "reducer/cards/data/", "folder to write facts.bin into")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "cardgen: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	data, sum, err := generate(*oracle, *extras)
	if err != nil {
		fmt.Fprintln(stderr, "cardgen:", err)
		return 1
	}
	path := filepath.Join(*out, "facts.bin")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		fmt.Fprintln(stderr, "cardgen:", err)
		return 1
	}
	all, err := gunzip(filepath.Join(*oracle, "cards.jsonl.gz"))
	if err == nil {
		var types []byte
		if types, err = creatureTypes(all); err == nil {
			err = os.WriteFile(filepath.Join(*out, "creature_types.txt"), types, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "cardgen:", err)
		return 1
	}
	fmt.Fprintf(stderr, "cardgen: %s: %d cards (%d corrected, %d added from %s), %d tokens, %d bytes\n",
		path, sum.Cards, len(sum.Corrected), len(sum.Added), *extras, sum.Tokens, len(data))
	return 0
}

func generate(oracle, extrasPath string) ([]byte, facts.Summary, error) {
	cards, err := gunzip(filepath.Join(oracle, "cards.jsonl.gz"))
	if err != nil {
		return nil, facts.Summary{}, err
	}
	tokens, err := gunzip(filepath.Join(oracle, "tokens.jsonl.gz"))
	if err != nil {
		return nil, facts.Summary{}, err
	}
	extras, err := os.ReadFile(extrasPath)
	if err != nil {
		return nil, facts.Summary{}, err
	}
	return facts.Generate(bytes.NewReader(cards), bytes.NewReader(tokens), extras)
}

func gunzip(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	b, err := io.ReadAll(z)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}
