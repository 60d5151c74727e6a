package replay_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/replay"
)

// A bug planted in a recorded game (a cast of a card p1 doesn't hold,
// after the game's ninth input) shrinks to a setup of the position just
// before it and the input itself, and the smaller log shows the same
// finding when replayed.
func TestShrinkPlantedBug(t *testing.T) {
	raw, err := os.ReadFile(fixture("bolt-race.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(raw), "\n")
	planted := strings.Join(lines[:9], "") + `{"match":"bolt-race","seq":10,"kind":"cast","actor":"p1","body":{"player":"p1","card":"Counterspell"}}` + "\n"
	path := filepath.Join(t.TempDir(), "planted.jsonl")
	if err := os.WriteFile(path, []byte(planted), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := replay.Shrink(openFile(t, path), "bolt-race", replay.ShrinkOptions{Kind: replay.ShrinkIllegal})
	if err != nil {
		t.Fatal(err)
	}
	if r.FromInputs != 10 || r.Inputs >= r.FromInputs || r.SetupAt == 0 || r.Finding.Seq != 10 {
		t.Errorf("shrunk %d inputs to %d from a setup after seq %d, finding %+v", r.FromInputs, r.Inputs, r.SetupAt, r.Finding)
	}
	// The smaller log, read back as a file, shows it at its last input.
	var buf bytes.Buffer
	if err := events.WriteJSONL(&buf, r.Events); err != nil {
		t.Fatal(err)
	}
	small := filepath.Join(t.TempDir(), "small.jsonl")
	if err := os.WriteFile(small, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := replay.Shrink(openFile(t, small), "bolt-race", replay.ShrinkOptions{Kind: replay.ShrinkIllegal})
	if err != nil {
		t.Fatal(err)
	}
	if again.Finding.Rule != r.Finding.Rule || again.FromInputs != r.Inputs {
		t.Errorf("the smaller log shows %+v after %d inputs; want %s after %d", again.Finding, again.FromInputs, r.Finding.Rule, r.Inputs)
	}
	t.Logf("shrunk %d inputs to %d (a setup after seq %d placing %d cards, %d replays)", r.FromInputs, r.Inputs, r.SetupAt, r.Objects, r.Tries)
	// No such finding: an error that says so.
	if _, err := replay.Shrink(openFile(t, path), "bolt-race", replay.ShrinkOptions{Kind: replay.ShrinkDisputed}); err == nil || !strings.Contains(err.Error(), "no such finding") {
		t.Errorf("a disputed finding in a match without one: %v", err)
	}
}
