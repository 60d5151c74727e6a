package replay_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// writeSealed seals evs into a chain and writes them as a .jsonl file.
func writeSealed(t *testing.T, evs []*events.Event) string {
	t.Helper()
	var prev events.Hash
	for _, ev := range evs {
		ev.Prev = prev
		ev.Seal()
		prev = ev.Hash
	}
	path := filepath.Join(t.TempDir(), "keyed.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := events.WriteJSONL(f, evs); err != nil {
		t.Fatal(err)
	}
	return path
}

// Verify checks every signature of a match that declares keys: a sealed
// chain whose seq 6 is signed by the wrong player fails with
// LOG-SIGNATURE at that seq, though the chain itself holds.
func TestVerifyChecksSignatures(t *testing.T) {
	evs, keys := replaytest.Keyed(t, fixture("bolt-race.jsonl"))
	rs, err := replay.VerifyFile(writeSealed(t, evs))
	if err != nil || len(rs) != 1 || !rs[0].OK() {
		t.Fatalf("a soundly signed match: %v %v", rs, err)
	}
	evs, keys = replaytest.Keyed(t, fixture("bolt-race.jsonl"))
	evs[5].Sign(keys["p1"]) // seq 6 is p2's pass, signed by p1
	rs, err = replay.VerifyFile(writeSealed(t, evs))
	if err != nil || len(rs) != 1 || rs[0].OK() || rs[0].BadSeq != 6 || rs[0].Rule != events.RuleSignature {
		t.Fatalf("a forged signature: %v %v", rs, err)
	}
}

// Audit names who signed an input it finds fault with.
func TestAuditNamesSigner(t *testing.T) {
	evs, keys := replaytest.Keyed(t, fixture("bolt-race.jsonl"))
	// Seq 5: p2 passes out of turn (p1 holds priority after casting).
	evs[4] = &events.Event{Match: "bolt-race", Seq: 5, Kind: events.KindPass, Actor: "p2", Body: &events.Pass{Player: "p2"}}
	evs[4].Sign(keys["p2"])
	evs = evs[:5]
	reps, err := replay.AuditFile(writeSealed(t, evs))
	if err != nil || len(reps) != 1 || len(reps[0].Findings) == 0 {
		t.Fatalf("%v %v", reps, err)
	}
	f := reps[0].Findings[0]
	if f.Seq != 5 || !strings.HasPrefix(f.SignedBy, "p2 (key U") || !strings.Contains(f.String(), "signed by p2") {
		t.Fatalf("finding %+v, want seq 5 signed by p2", f)
	}
}
