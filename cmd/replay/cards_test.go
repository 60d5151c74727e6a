package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/coverage"
)

func TestCardsNamed(t *testing.T) {
	out, errOut, code := runCLI(t, "cards", "Lightning Bolt", "Fireball")
	wantCode(t, code, exitOK, out, errOut)
	if !strings.HasPrefix(out, "Lightning Bolt: modelled (compiled)\nFireball: not modelled (declined)\n  doesn't compile: ~ costs {1} more") {
		t.Errorf("got:\n%s", out)
	}
	out, errOut, code = runCLI(t, "cards", "--json", "lightning bolt")
	wantCode(t, code, exitOK, out, errOut)
	var cs []coverage.Card
	if err := json.Unmarshal([]byte(out), &cs); err != nil || len(cs) != 1 || cs[0].Name != "Lightning Bolt" || cs[0].Status != coverage.Modelled {
		t.Errorf("--json: %v %+v", err, cs)
	}
	out, errOut, code = runCLI(t, "cards", "Lightning Blot")
	if code != exitUsage || !strings.Contains(errOut, `unknown card "Lightning Blot"`) {
		t.Errorf("unknown name: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestCardsDecklists(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "decks.jsonl")
	decks := `{"event":"e","date":"2026-07-26","format":"Modern","result":"1st","main":[{"name":"Lightning Bolt","count":4},{"name":"Mountain","count":16}],"side":[{"name":"Fireball","count":1}]}
{"event":"e","date":"2026-07-26","format":"Modern","result":"2nd","main":[{"name":"Lightning Bolt","count":4},{"name":"Mountain","count":20}],"side":[]}
`
	if err := os.WriteFile(path, []byte(decks), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "cards", "--decklists", path)
	wantCode(t, code, exitOK, out, errOut)
	for _, want := range []string{"2 decks, 3 distinct names, 45 card slots", "fully modelled: 2 (66.7%) of the names, 44 (97.8%) of the slots, 1 (50.0%) of the decks",
		"      1     1  ~ costs {1} more to cast for each target beyond the first."} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	out, errOut, code = runCLI(t, "cards", "--decklists", path, "--json")
	wantCode(t, code, exitOK, out, errOut)
	var r coverage.DeckReport
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.DecksModelled != 1 || r.Slots.Modelled != 44 || len(r.Cards) != 3 {
		t.Errorf("--json: %v %+v", err, r)
	}
	if err := os.WriteFile(path, []byte("{\"main\":[{\"name\":\"\",\"count\":1}]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = runCLI(t, "cards", "--decklists", path)
	if code != exitUsage || !strings.Contains(errOut, "decks.jsonl: line 1: an entry needs a name") {
		t.Errorf("bad file: exit %d, stderr %q", code, errOut)
	}
}
