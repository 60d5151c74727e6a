package sim

import (
	"bufio"
	"os"
	"path/filepath"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/internal/inorder"
)

// Generate plays the matches of seeds first, first+1, ... first+n-1 on
// every core and hands each to fn in seed order. The first error (a
// failure of the rules, named with its seed, or fn's) stops it and is
// returned.
func Generate(first int64, n int, opt Options, fn func(*Match) error) error {
	return inorder.Map(n, 0, func(i int) (*Match, error) { return Play(first+int64(i), opt) },
		func(_ int, m *Match) error { return fn(m) })
}

// FileName is the name of a match's file: its id and ".jsonl".
func FileName(m *Match) string { return m.ID + ".jsonl" }

// WriteFile writes the match's inputs as JSON Lines to dir/FileName(m).
func WriteFile(dir string, m *Match) (string, error) {
	path := filepath.Join(dir, FileName(m))
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	w := bufio.NewWriter(f)
	err = events.WriteJSONL(w, m.Inputs)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return path, err
}
