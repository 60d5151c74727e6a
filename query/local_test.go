package query_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

func fixture(name string) string { return filepath.Join("..", "fixtures", "matches", name) }

// boltRace is a store holding the bolt-race fixture, opened read-only.
func boltRace(t *testing.T) *replay.Store {
	t.Helper()
	dir := t.TempDir()
	replaytest.Record(t, dir, fixture("bolt-race.jsonl"))
	st, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestLocalStateIsTheReplayView(t *testing.T) {
	st := boltRace(t)
	l := query.NewLocal(st)
	ctx := context.Background()
	for _, as := range []string{"", "p1", "Bob", "public"} {
		for seq := uint64(1); seq <= 12; seq++ {
			got, err := l.State(ctx, query.StateRequest{Match: "bolt-race", Seq: seq, As: as})
			if err != nil {
				t.Fatal(err)
			}
			pos, err := replay.Seek(st, "bolt-race", replay.At{Seq: seq})
			if err != nil {
				t.Fatal(err)
			}
			viewer, _ := replay.Viewer(pos.Summary, as)
			want := pos.View(viewer)
			replay.Share{Inputs: seq, Verified: seq}.Into(want) // every input of bolt-race verified
			if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
				t.Fatalf("as %q seq %d:\n got %s\nwant %s", as, seq, g, w)
			}
		}
	}
	// Back and forth on one cursor gives the same views.
	a, _ := l.State(ctx, query.StateRequest{Match: "bolt-race", Seq: 9})
	l.State(ctx, query.StateRequest{Match: "bolt-race", Seq: 3})
	b, _ := l.State(ctx, query.StateRequest{Match: "bolt-race", Seq: 9})
	if mustJSON(t, a) != mustJSON(t, b) {
		t.Error("seq 9 differs after a step back")
	}
	end, err := l.State(ctx, query.StateRequest{Match: "bolt-race"})
	if err != nil || end.Seq != 12 {
		t.Fatalf("the end: seq %v, %v", end, err)
	}
	turn, err := l.State(ctx, query.StateRequest{Match: "bolt-race", Turn: "5"})
	if err != nil || turn.Turn != 5 {
		t.Fatalf("turn 5: %v, %v", turn, err)
	}
}

func TestLocalErrorsCarryCodes(t *testing.T) {
	l := query.NewLocal(boltRace(t))
	ctx := context.Background()
	for _, c := range []struct {
		name string
		err  error
		code query.Code
		text string
	}{
		{"unknown match", second(l.State(ctx, query.StateRequest{Match: "nope"})), query.CodeUnknownMatch, `unknown match "nope"`},
		{"past the end", second(l.State(ctx, query.StateRequest{Match: "bolt-race", Seq: 99})), query.CodeNotReached, "past the end"},
		{"bad turn", second(l.State(ctx, query.StateRequest{Match: "bolt-race", Turn: "x"})), query.CodeBadRequest, "not a turn"},
		{"bad viewer", second(l.State(ctx, query.StateRequest{Match: "bolt-race", As: "Carol"})), query.CodeBadRequest, "not a player"},
		{"seq and turn", second(l.State(ctx, query.StateRequest{Match: "bolt-race", Seq: 2, Turn: "5"})), query.CodeBadRequest, "not both"},
		{"a player's jsonl", second(l.Export(ctx, query.ExportRequest{Match: "bolt-race", Format: "jsonl", As: "p1"})), query.CodeForbidden, "only a judge"},
		{"bad format", second(l.Export(ctx, query.ExportRequest{Match: "bolt-race", Format: "pdf"})), query.CodeBadRequest, "unknown export format"},
		{"read-only branch", second(l.Branch(ctx, query.BranchRequest{Parent: "bolt-race", At: 2, Name: "b"})), query.CodeForbidden, "--allow-write"},
		{"bad date", second(l.List(ctx, replay.Filter{Date: "May 1"})), query.CodeBadRequest, "YYYY-MM-DD"},
	} {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if query.CodeOf(c.err) != c.code || !strings.Contains(c.err.Error(), c.text) {
			t.Errorf("%s: %v (code %s), want code %s and %q", c.name, c.err, query.CodeOf(c.err), c.code, c.text)
		}
	}
}

func second[T any](_ T, err error) error { return err }

func TestLocalTimeline(t *testing.T) {
	st := boltRace(t)
	l := query.NewLocal(st)
	tl, err := l.Timeline(context.Background(), query.ViewRequest{Match: "bolt-race", As: "p2"})
	if err != nil {
		t.Fatal(err)
	}
	if tl.As != "p2" || len(tl.Entries) != 12 || len(tl.Times) != 12 || len(tl.Lives) != 12 || tl.Stopped != nil {
		t.Fatalf("timeline: as %s, %d entries, %d times, %d lives, stopped %v", tl.As, len(tl.Entries), len(tl.Times), len(tl.Lives), tl.Stopped)
	}
	if tl.Times[1]-tl.Times[0] != 1000 {
		t.Errorf("times %v: want a second apart, in ms", tl.Times[:2])
	}
	// Bob is at 5 after the setup and at 2 once the Shock resolves (seq 6).
	if tl.Lives[1][1] != 5 || tl.Lives[11][1] > 2 {
		t.Errorf("Bob's life: %v", tl.Lives)
	}
	var told []string
	replay.Narrate(st, "bolt-race", "p2", func(e replay.Entry) error {
		told = append(told, e.Text)
		return nil
	})
	for i, e := range tl.Entries {
		if e.Text != told[i] {
			t.Errorf("entry %d: %q, narrated %q", i, e.Text, told[i])
		}
	}
	again, _ := l.Timeline(context.Background(), query.ViewRequest{Match: "bolt-race", As: "Bob"})
	if again != tl {
		t.Error("the timeline was built again for an unchanged match")
	}
}

// Every frame is the view of its position; shared parts are stored once.
func TestFramesRebuildEveryView(t *testing.T) {
	dir := t.TempDir()
	replaytest.LongMatch(t, dir, "long", 150)
	st, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	l := query.NewLocal(st)
	for _, as := range []string{"judge", "p1"} {
		fr, err := l.Frames(context.Background(), query.FramesRequest{Match: "long", As: as})
		if err != nil {
			t.Fatal(err)
		}
		if len(fr.Frames) != 150 || fr.As != as {
			t.Fatalf("%d frames as %s", len(fr.Frames), fr.As)
		}
		c, err := replay.NewCursor(st, "long")
		if err != nil {
			t.Fatal(err)
		}
		whole := 0
		for seq := uint64(1); seq <= 150; seq++ {
			pos, err := c.At(seq)
			if err != nil {
				t.Fatal(err)
			}
			want := mustJSON(t, pos.View(as))
			whole += len(want)
			if seq%7 != 0 && seq != 150 {
				continue // every view is counted; a seventh of them rebuilt
			}
			got, err := fr.View(seq)
			if err != nil {
				t.Fatal(err)
			}
			if g := mustJSON(t, got); g != want {
				t.Fatalf("as %s seq %d:\n got %s\nwant %s", as, seq, g, want)
			}
		}
		if size := len(mustJSON(t, fr)); size*3 > whole {
			t.Errorf("as %s: frames take %d bytes, the views %d: want at most a third", as, size, whole)
		}
	}
}

func TestLocalWriterBranchesAndAppends(t *testing.T) {
	dir := t.TempDir()
	replaytest.Record(t, dir, fixture("bolt-race.jsonl"))
	st, err := replay.OpenStoreForWriting(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	l := query.NewLocalWriter(st)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sum, err := l.Branch(ctx, query.BranchRequest{Parent: "bolt-race", At: 2, Name: "shock-first", Label: "Shock first"})
	if err != nil || sum.Parent != "bolt-race" || sum.BranchPoint != 2 {
		t.Fatalf("branch: %+v, %v", sum, err)
	}
	if _, err := l.Branch(ctx, query.BranchRequest{Parent: "bolt-race", At: 2, Name: "shock-first"}); query.CodeOf(err) != query.CodeConflict {
		t.Errorf("a taken name: %v", err)
	}
	if _, err := l.Branch(ctx, query.BranchRequest{Parent: "bolt-race", At: 2, Name: "no spaces"}); query.CodeOf(err) != query.CodeBadRequest {
		t.Errorf("a bad name: %v", err)
	}
	ticks, err := l.Watch(ctx, "shock-first")
	if err != nil {
		t.Fatal(err)
	}
	before, err := l.State(ctx, query.StateRequest{Match: "shock-first"})
	if err != nil || before.Seq != 2 {
		t.Fatalf("the branch's end: %v, %v", before, err)
	}
	inputs := readFile(t, filepath.Join("..", "fixtures", "branches", "shock-first.jsonl"))
	rep, err := l.Append(ctx, query.AppendRequest{Match: "shock-first", Name: "shock-first.jsonl", Inputs: inputs})
	if err != nil || rep.From != 3 {
		t.Fatalf("append: %+v, %v", rep, err)
	}
	select {
	case <-ticks:
	default:
		t.Error("no tick after an append")
	}
	after, err := l.State(ctx, query.StateRequest{Match: "shock-first"})
	if err != nil || after.Seq != rep.To {
		t.Fatalf("the branch's end after the append: %v, %v", after, err)
	}
	bad := `{"match":"shock-first","kind":"pass","actor":"p2","body":{"player":"p2"}}` + "\n"
	if _, err := l.Append(ctx, query.AppendRequest{Match: "shock-first", Inputs: bad}); query.CodeOf(err) != query.CodeRefused {
		t.Errorf("an illegal input: %v", err)
	}
	if _, err := l.Append(ctx, query.AppendRequest{Match: "bolt-race", Inputs: bad}); query.CodeOf(err) != query.CodeConflict {
		t.Errorf("a main line: %v", err)
	}
	d, err := l.Diff(ctx, query.DiffRequest{A: "bolt-race", B: "shock-first"})
	if err != nil || d.Identical || d.PartedAt != 4 || len(d.Changes) == 0 || d.InputA.Body == nil {
		t.Fatalf("diff: %+v, %v", d, err)
	}
	d, err = l.Diff(ctx, query.DiffRequest{A: "bolt-race", B: "shock-first", As: "p2"})
	if err != nil || d.InputA.Body != nil {
		t.Fatalf("a player's diff shows the inputs' bodies: %+v, %v", d, err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
