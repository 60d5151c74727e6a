package replay_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// A player reads where the judge's findings are, their kind and rule, and
// the reason only for an input of their own.
func TestOutlineWithholdsReasonsFromOtherPlayers(t *testing.T) {
	dir := t.TempDir()
	replaytest.Record(t, dir, fixturePath("bolt-race.jsonl"))
	replaytest.Commit(t, dir, nil, &store.Rejection{
		Match: "bolt-race", Seq: 5, Kind: "pass", Reason: "p2 can't pass priority: p1 has priority", Rule: "CR 117.3",
		Raw:  []byte(`{"match":"bolt-race","seq":5,"kind":"pass","actor":"p2","body":{"player":"p2"}}`),
		Time: replaytest.Start.UnixNano(),
	})
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	for as, want := range map[string]string{
		"judge":  "seq 5 pass refused: p2 can't pass priority: p1 has priority (CR 117.3)",
		"p2":     "seq 5 pass refused: p2 can't pass priority: p1 has priority (CR 117.3)",
		"p1":     "seq 5 pass refused: details for the judge only (CR 117.3)",
		"public": "seq 5 pass refused: details for the judge only (CR 117.3)",
	} {
		o, err := replay.NewOutline(src, "bolt-race", as)
		if err != nil {
			t.Fatal(err)
		}
		if !hasMark(o, 4, replay.MarkRejected, want) {
			t.Errorf("as %s: no mark %q: %v", as, want, o.Marks)
		}
	}
}

func TestAuditSeenByAPlayer(t *testing.T) {
	lines, err := os.ReadFile(fixturePath("bolt-race.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	head := strings.SplitAfterN(string(lines), "\n", 3)[:2]
	bad := `{"match":"bolt-race","kind":"pass","actor":"p2","body":{"player":"p2"}}` + "\n"
	path := filepath.Join(t.TempDir(), "illegal.jsonl")
	if err := os.WriteFile(path, []byte(head[0]+head[1]+bad), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := replay.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := replay.Audit(f, "bolt-race")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 {
		t.Fatalf("findings: %v", rep.Findings)
	}
	for as, want := range map[string]string{
		"judge": "seq 3: illegal: p2 can't pass priority: p1 has priority (CR 117.3)",
		"p2":    "seq 3: illegal: p2 can't pass priority: p1 has priority (CR 117.3)",
		"p1":    "seq 3: illegal: details for the judge only (CR 117.3)",
	} {
		if got := rep.SeenBy(f, "bolt-race", as).Findings[0].String(); got != want {
			t.Errorf("as %s: %q, want %q", as, got, want)
		}
	}
	if rep.Findings[0].Reason == "details for the judge only" {
		t.Error("SeenBy changed the report it was called on")
	}
}

// What the rules said of a table's input: a player reads an unverified
// input's cards, the reason of a dispute over their own input only, and
// never the two versions of a dispute.
func TestVerificationSeenByAPlayer(t *testing.T) {
	f, err := replay.OpenFile(fixturePath("table-effects.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	told := func(as string) map[string]replay.Entry {
		out := map[string]replay.Entry{}
		if err := replay.Narrate(f, "table-effects", as, func(e replay.Entry) error {
			if e.Verification != "verified" {
				out[e.Verification+" by "+e.Player] = e
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return out
	}
	judge, alice, bob := told("judge"), told("p1"), told("p2")
	d, ok := judge["disputed by p2"]
	if !ok || d.Reason == "details for the judge only" {
		t.Fatalf("the judge's dispute: %+v", judge)
	}
	if e := alice["disputed by p2"]; e.Reason != "details for the judge only" || strings.Contains(strings.Join(e.Lines, "\n"), d.Reason) {
		t.Errorf("Alice reads Bob's dispute: %+v", e)
	}
	if e := bob["disputed by p2"]; e.Reason != d.Reason {
		t.Errorf("Bob can't read his own dispute: %+v", e)
	}
	if e := alice["unverified by p1"]; len(e.Cards) == 0 {
		t.Errorf("Alice can't read her unverified input's cards: %+v", e)
	}
	if e := bob["unverified by p1"]; len(e.Cards) == 0 || e.Cards[0] != judge["unverified by p1"].Cards[0] {
		t.Errorf("Bob can't read the cards Alice's input played through the table: %+v", e)
	}
	rep, err := replay.Audit(f, "table-effects")
	if err != nil {
		t.Fatal(err)
	}
	for _, fd := range rep.SeenBy(f, "table-effects", "p1").Findings {
		if len(fd.Table) > 0 || len(fd.Engine) > 0 || len(fd.Changes) > 0 {
			t.Errorf("Alice reads a finding's versions: %+v", fd)
		}
	}
}
