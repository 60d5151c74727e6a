package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/decklist"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

type deckCmd struct {
	File string `arg:"" placeholder:"FILE" help:"A decklist: text (\"4 Lightning Bolt\", \"4x ...\", SB: lines, a blank line before the sideboard), an Arena export, a Magic Online .dek, a Forge or XMage .dck; - for stdin."`
	ID   string `name:"id" default:"p1" help:"The player's id in the match."`
	Name string `name:"name" help:"The player's name; default: the deck's name if the file gives one, else the file's name."`
}

// Run prints the match_started players entry of the list, every name
// resolved to its card's name: a commander goes in the deck (the entry has
// no command zone), a companion in the sideboard unless the sideboard
// lists it. Unknown names, and cards no deck holds, are all listed with
// their lines, exit 1.
func (c *deckCmd) Run(e *env) error {
	data, err := readDeckFile(c.File, e)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	l, err := decklist.Parse(data)
	if err != nil {
		return fail(exitUsage, "%s: %v", c.File, err)
	}
	pool := cards.Default()
	p := events.Player{ID: c.ID, Name: c.Name}
	if p.Name == "" {
		p.Name = l.Name
	}
	if p.Name == "" {
		p.Name = strings.TrimSuffix(filepath.Base(c.File), filepath.Ext(c.File))
	}
	var bad []string
	var companions []string
	var commanders []string
	for _, en := range l.Entries {
		card, err := pool.Resolve(en.Name)
		if err == nil {
			if why := card.NotInDecks(); why != "" {
				err = errors.New(card.Name + " " + why)
			}
		}
		if err != nil {
			bad = append(bad, fmt.Sprintf("%s:%d: %v", c.File, en.Line, err))
			continue
		}
		for range en.Count {
			switch en.Section {
			case decklist.Main:
				p.Deck = append(p.Deck, card.Name)
			case decklist.Commander:
				commanders = append(commanders, card.Name)
			case decklist.Sideboard:
				p.Sideboard = append(p.Sideboard, card.Name)
			case decklist.Companion:
				companions = append(companions, card.Name)
			}
		}
	}
	if len(bad) > 0 {
		for _, b := range bad {
			fmt.Fprintln(e.stderr, "replay:", b)
		}
		return fail(exitFailed, "%d line%s of %s name no card a deck may hold", len(bad), plural(len(bad)), c.File)
	}
	p.Deck = append(commanders, p.Deck...)
	for _, cn := range companions {
		if !slices.Contains(p.Sideboard, cn) {
			p.Sideboard = append(p.Sideboard, cn)
		}
	}
	if len(p.Deck) == 0 && len(p.Sideboard) == 0 {
		return fail(exitFailed, "%s holds no cards", c.File)
	}
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(e.stdout, "%s\n", b)
	return err
}

func readDeckFile(path string, e *env) ([]byte, error) {
	if path == "-" {
		in := e.stdin
		if in == nil {
			in = os.Stdin
		}
		return io.ReadAll(in)
	}
	return os.ReadFile(path)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
