package replay_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// writeShrunk writes evs as a .jsonl file and returns its path.
func writeShrunk(t *testing.T, name string, evs []*events.Event) string {
	t.Helper()
	var buf bytes.Buffer
	if err := events.WriteJSONL(&buf, evs); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// shrinkFile shrinks the match of the file at path.
func shrinkFile(t *testing.T, path, match string, opt replay.ShrinkOptions) *replay.ShrinkResult {
	t.Helper()
	r, err := replay.Shrink(openFile(t, path), match, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// auditShows checks that the audit of the smaller log, read back as a
// file, finds kind and rule at its last input: the result reproduces. A
// divergence is the table's effects disputed by the rules (TABLE-DISPUTE).
func auditShows(t *testing.T, r *replay.ShrinkResult, match string) {
	t.Helper()
	kind := r.Finding.Kind
	if kind == replay.ShrinkDivergence {
		kind = replay.FindingDisputed
	}
	path := writeShrunk(t, "small.jsonl", r.Events)
	reps, err := replay.AuditFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range reps[0].Findings {
		if f.Seq == uint64(len(r.Events)) && f.Kind == kind && f.Rule == r.Finding.Rule {
			return
		}
	}
	t.Errorf("the audit of the smaller log (%d inputs) doesn't find %s (%s) at its last input:\n%s", len(r.Events), kind, r.Finding.Rule, findings(reps[0]))
}

// A bug planted in a recorded game (a cast of a card p1 doesn't hold,
// after the game's ninth input) shrinks to a setup of the position just
// before it and the input itself, with no cards, permanents or deck left;
// the smaller log shows the same finding when replayed.
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
	r := shrinkFile(t, path, "bolt-race", replay.ShrinkOptions{Kind: replay.ShrinkIllegal})
	if r.FromInputs != 10 || r.Inputs != 3 || r.SetupAt != 9 || r.Finding.Seq != 10 || r.Finding.Rule != "CR 117.3" {
		t.Errorf("shrunk %d inputs to %d from a setup after seq %d, finding %+v", r.FromInputs, r.Inputs, r.SetupAt, r.Finding)
	}
	if r.FromCards+r.FromPermanents == 0 || r.Objects != 0 || r.FromDeck != 16 || r.Deck != 0 {
		t.Errorf("the setup places %d objects (from %d cards and %d permanents), the decks hold %d cards (from %d); want none left",
			r.Objects, r.FromCards, r.FromPermanents, r.Deck, r.FromDeck)
	}
	auditShows(t, r, "bolt-race")
	// The smaller log, shrunk again, stays as it is.
	again := shrinkFile(t, writeShrunk(t, "small.jsonl", r.Events), "bolt-race", replay.ShrinkOptions{Kind: replay.ShrinkIllegal})
	if again.Finding.Rule != r.Finding.Rule || again.FromInputs != r.Inputs || again.Inputs != r.Inputs {
		t.Errorf("the smaller log shows %+v after %d inputs; want %s after %d", again.Finding, again.FromInputs, r.Finding.Rule, r.Inputs)
	}
	t.Logf("shrunk %d inputs to %d (a setup after seq %d placing %d of %d objects, %d replays)", r.FromInputs, r.Inputs, r.SetupAt, r.Objects, r.FromCards+r.FromPermanents, r.Tries)
	// No such finding: an error that says so.
	if _, err := replay.Shrink(openFile(t, path), "bolt-race", replay.ShrinkOptions{Kind: replay.ShrinkDisputed}); err == nil || !strings.Contains(err.Error(), "no such finding") {
		t.Errorf("a disputed finding in a match without one: %v", err)
	}
	// A chain finding is about the log's bytes: not shrunk.
	if _, err := replay.Shrink(openFile(t, path), "bolt-race", replay.ShrinkOptions{Kind: replay.FindingChain}); err == nil || !strings.Contains(err.Error(), "can't be shrunk") {
		t.Errorf("a chain finding: %v", err)
	}
}

// The table's effects standing for unmodelled text (unverified) and the
// rules refusing an input whose table effects were applied (disputed):
// each shrinks to the one card or permanent that matters, which keeps its
// object id.
func TestShrinkTableFindings(t *testing.T) {
	for _, c := range []struct {
		kind, rule string
		seq        uint64
		keep       string // an object id the setup must still place
	}{
		{replay.ShrinkUnverified, reducer.RuleTableUnverified, 4, `"o17"`},
		{replay.ShrinkDisputed, "CR 117.3", 15, `"o29"`},
	} {
		t.Run(c.kind, func(t *testing.T) {
			r := shrinkFile(t, fixture("table-effects.jsonl"), "table-effects", replay.ShrinkOptions{Kind: c.kind})
			if r.Finding.Seq != c.seq || r.Finding.Rule != c.rule || r.Inputs != 3 || r.Objects == 0 || r.Objects >= r.FromCards+r.FromPermanents {
				t.Errorf("finding %+v; %d inputs, %d objects placed (from %d)", r.Finding, r.Inputs, r.Objects, r.FromCards+r.FromPermanents)
			}
			var buf bytes.Buffer
			if err := events.WriteJSONL(&buf, r.Events[1:2]); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(buf.String(), c.keep) {
				t.Errorf("the setup lost %s:\n%s", c.keep, buf.String())
			}
			auditShows(t, r, "table-effects")
		})
	}
}

// A playtest card in a tournament format, found in match_started: the
// deck lists shrink to that card.
func TestShrinkPlaytest(t *testing.T) {
	line := `{"match":"d1","kind":"match_started","actor":"table","body":{"format":"modern","first_player":"p1","players":[{"id":"p1","name":"A","deck":["Forest","Test Bear","Forest"]},{"id":"p2","name":"B","deck":["Forest"]}],` +
		`"cards":[{"name":"Test Bear","mana_cost":"{1}{G}","types":["Creature"],"power":"2","toughness":"2","abilities":[],"playtest":true}]}}` + "\n"
	path := filepath.Join(t.TempDir(), "playtest.jsonl")
	if err := os.WriteFile(path, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	r := shrinkFile(t, path, "d1", replay.ShrinkOptions{Kind: replay.ShrinkPlaytest})
	if r.Finding.Rule != replay.RulePlaytest || r.Inputs != 1 || r.FromDeck != 4 || r.Deck != 1 {
		t.Errorf("finding %+v; %d inputs, decks of %d cards (from %d)", r.Finding, r.Inputs, r.Deck, r.FromDeck)
	}
	auditShows(t, r, "d1")
}

// A crash of the engine planted on an input (a pass by p2 after the
// setup's first six inputs) shrinks to a setup and that input.
func TestShrinkCrash(t *testing.T) {
	n := 0
	defer replay.PlantCrash(func(ev *events.Event) bool {
		if ev.Kind == events.KindSetup {
			n = 0
		}
		n++
		return ev.Kind == events.KindPass && ev.Actor == "p2" && n >= 6
	})()
	r := shrinkFile(t, fixture("bolt-race.jsonl"), "bolt-race", replay.ShrinkOptions{Kind: replay.ShrinkCrash})
	if r.Finding.Rule != replay.RuleEnginePanic || !strings.Contains(r.Finding.Reason, "planted") || r.Inputs >= r.FromInputs || r.SetupAt == 0 {
		t.Errorf("finding %+v; %d inputs from %d, setup after %d", r.Finding, r.Inputs, r.FromInputs, r.SetupAt)
	}
	if last := r.Events[len(r.Events)-1]; last.Kind != events.KindPass || last.Actor != "p2" {
		t.Errorf("the smaller log ends with %s by %s", last.Kind, last.Actor)
	}
}

// A store's divergence (the recorded effects of Lightning Bolt's
// resolution say it dealt 1) is carried into the smaller log as that
// input's table effects, which the rules dispute (TABLE-DISPUTE); the
// smaller log, a file, shrinks again to itself as a divergence.
func TestShrinkRecordedDivergence(t *testing.T) {
	seq := lifeSeq(t)
	dir := t.TempDir()
	replaytest.Record(t, dir, fixturePath("bolt-race.jsonl"))
	replaytest.RewriteEffects(t, dir, "bolt-race", seq, func(effs []reducer.Effect) []reducer.Effect {
		for i := range effs {
			if effs[i].Op == reducer.OpLife && effs[i].N == -3 {
				effs[i].N = -1
			}
		}
		return effs
	})
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	r, err := replay.Shrink(src, "bolt-race", replay.ShrinkOptions{Kind: replay.ShrinkDivergence})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Recorded || r.Finding.Seq != seq || r.Finding.Rule != reducer.RuleTableDispute || r.Inputs >= r.FromInputs {
		t.Errorf("finding %+v (recorded %v); %d inputs from %d", r.Finding, r.Recorded, r.Inputs, r.FromInputs)
	}
	last := r.Events[len(r.Events)-1]
	if len(last.Effects) == 0 {
		t.Fatalf("the last input carries no table effects: %+v", last)
	}
	auditShows(t, r, "bolt-race")
	again := shrinkFile(t, writeShrunk(t, "small.jsonl", r.Events), "bolt-race", replay.ShrinkOptions{Kind: replay.ShrinkDivergence})
	if again.Recorded || again.Finding.Rule != reducer.RuleTableDispute || again.Inputs != r.Inputs {
		t.Errorf("the smaller log shrinks to %+v, %d inputs", again.Finding, again.Inputs)
	}
	t.Logf("divergence: %s; %d inputs from %d, %d objects from %d", r.Finding.Reason, r.Inputs, r.FromInputs, r.Objects, r.FromCards+r.FromPermanents)
}

// A digest divergence is about the store's record, not about what an
// input did: shrinking it says so.
func TestShrinkDigestDivergence(t *testing.T) {
	dir := t.TempDir()
	replaytest.Record(t, dir, fixturePath("green-red.jsonl"))
	st, err := store.OpenDir(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ds, err := st.Digests("green-red")
	st.Close()
	if err != nil || len(ds) < 2 {
		t.Fatalf("digests %v, %v", ds, err)
	}
	d := ds[1]
	d.Digest = bytes.Repeat([]byte{0xab}, len(d.Digest))
	raw, err := msgpack.Marshal(&d)
	if err != nil {
		t.Fatal(err)
	}
	replaytest.PutRaw(t, dir, "green-red", "digests", d.Seq, raw)
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	_, err = replay.Shrink(src, "green-red", replay.ShrinkOptions{Kind: replay.ShrinkDivergence})
	if err == nil || !strings.Contains(err.Error(), "AUDIT-DIGEST") || !strings.Contains(err.Error(), "can't be carried by a smaller log") {
		t.Errorf("a digest divergence: %v", err)
	}
}
