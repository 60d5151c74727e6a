package reducer

import (
	"path/filepath"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// Every fixture match replays under the rules without a rejection, and
// folding the recorded effects alone (the trusted door) reaches the same
// digest after every input.
func TestFixturesReplay(t *testing.T) {
	files, err := filepath.Glob("../fixtures/matches/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			lines, err := events.ReadJSONLFile(f, events.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			rules, trusted := New(nil), New(nil)
			for _, l := range lines {
				effs, err := rules.Submit(l.Event)
				if err != nil {
					t.Fatalf("line %d: %v", l.Line, err)
				}
				trusted.Apply(effs)
				if rd, td := rules.S.Digest(), trusted.S.Digest(); rd != td {
					t.Fatalf("line %d: effects-only replay digest %s, rules %s", l.Line, td, rd)
				}
			}
			if !rules.S.Over {
				t.Errorf("the match did not end: waiting for %s", rules.describePending())
			}
		})
	}
}
