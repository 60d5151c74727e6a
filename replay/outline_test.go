package replay_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// hasMark reports whether the outline has a mark of kind at seq whose text
// holds text.
func hasMark(o *replay.Outline, seq uint64, kind, text string) bool {
	for _, m := range o.Marks {
		if m.Seq == seq && m.Kind == kind && strings.Contains(m.Text, text) {
			return true
		}
	}
	return false
}

func TestOutlineStored(t *testing.T) {
	dir := t.TempDir()
	replaytest.Record(t, dir, fixturePath("bolt-race.jsonl"))
	replaytest.Commit(t, dir, nil, &store.Rejection{
		Match: "bolt-race", Seq: 5, Kind: "pass", Reason: "p2 can't pass priority: p1 has priority", Rule: "CR 117.3",
		Raw: []byte(`{"match":"bolt-race","seq":5}`), Time: replaytest.Start.UnixNano(),
	})
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	o, err := replay.NewOutline(src, "bolt-race", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Entries) != 12 || len(o.Times) != 12 || o.Stopped != nil || o.As != "judge" {
		t.Fatalf("outline: %d entries, %d times, stopped %v, as %q", len(o.Entries), len(o.Times), o.Stopped, o.As)
	}
	for _, want := range []struct {
		seq        uint64
		kind, text string
	}{
		{2, replay.MarkTurn, "turn 5 begins: p1 Alice's turn"},
		{4, replay.MarkSpell, "casts Lightning Bolt"},
		{6, replay.MarkLife, "Bob (p2) 5 -> 2"},
		{4, replay.MarkRejected, "seq 5 pass refused: p2 can't pass priority: p1 has priority (CR 117.3)"},
	} {
		if !hasMark(o, want.seq, want.kind, want.text) {
			t.Errorf("no %s mark at seq %d with %q; marks %v", want.kind, want.seq, want.text, o.Marks)
		}
	}
	for i := 1; i < len(o.Marks); i++ {
		if o.Marks[i].Seq < o.Marks[i-1].Seq {
			t.Errorf("marks out of order: %v", o.Marks)
		}
	}
	if d, ok := o.Took(3); !ok || d != time.Second {
		t.Errorf("Took(3) = %v, %v; want 1s (Record spaces inputs a second apart)", d, ok)
	}
	if _, ok := o.Took(0); ok {
		t.Error("the first input has a time taken")
	}
}

func TestOutlineFileStopsAtIllegalInput(t *testing.T) {
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
	o, err := replay.NewOutline(f, "bolt-race", "p2")
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Entries) != 2 || o.Stopped == nil || o.Stopped.Seq != 3 || o.As != "p2" {
		t.Fatalf("outline: %d entries, stopped %v, as %q", len(o.Entries), o.Stopped, o.As)
	}
	if !hasMark(o, 2, replay.MarkAudit, "seq 3: illegal: p2 can't pass priority") {
		t.Errorf("no audit mark for the illegal input: %v", o.Marks)
	}
	if _, ok := o.Took(1); ok {
		t.Error("a hand-written file has times")
	}
}
