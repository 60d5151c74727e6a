package replay_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/recorder"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// fileDigests replays a match (of a file: with the rules) and returns the
// state digest after each input, by seq (index 0 unused).
func fileDigests(t *testing.T, src replay.Source, match string) []reducer.Digest {
	t.Helper()
	out := []reducer.Digest{{}}
	if err := replay.Replay(src, match, func(g *reducer.Game, _ replay.Input) error {
		out = append(out, g.S.Digest())
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// wander moves one cursor moves times in a random order (steps forward,
// steps back, jumps) and checks each position against want.
func wander(t *testing.T, c *replay.Cursor, want []reducer.Digest, seed uint64, moves int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	n := uint64(len(want) - 1)
	for i := 0; i < moves; i++ {
		var pos *replay.Position
		var err error
		switch r := rng.IntN(4); {
		case r == 0 && c.Seq() < n && c.Seq() > 0:
			pos, err = c.Next()
		case r == 1 && c.Seq() > 1:
			pos, err = c.Prev()
		default:
			pos, err = c.At(1 + rng.Uint64N(n))
		}
		if err != nil {
			t.Fatal(err)
		}
		if pos.Seq != c.Seq() || pos.Game.S.Digest() != want[pos.Seq] {
			t.Fatalf("move %d: at seq %d the state differs from the file's", i, pos.Seq)
		}
	}
}

// Every position of every fixture, reached by a cursor that wanders through
// the match, is the state the rules give there: from the store (snapshots
// and effects), from a store with inputs stored without effects, and from
// the file.
func TestCursorAgreesWithRules(t *testing.T) {
	files, err := filepath.Glob(fixture("*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			file := openFile(t, path)
			all, _ := file.Matches()
			match := all[0].Match
			want := fileDigests(t, file, match)
			for name, src := range map[string]replay.Source{
				"store": recorded(t, path), "gaps": recorded(t, path, 2, 3, 9, 10), "file": file,
			} {
				c, err := replay.NewCursor(src, match)
				if err != nil {
					t.Fatal(err)
				}
				if c.Len() != uint64(len(want)-1) {
					t.Fatalf("%s: Len %d, want %d", name, c.Len(), len(want)-1)
				}
				wander(t, c, want, 1, 3*len(want))
			}
		})
	}
}

// exportLong records a long match and writes it to a .jsonl file too.
func exportLong(t *testing.T, n int) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	replaytest.LongMatch(t, dir, "long", n)
	st, err := store.OpenDir(dir, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var evs []*events.Event
	if err := st.Events("long", 1, func(ev *events.Event) error { evs = append(evs, ev); return nil }); err != nil {
		t.Fatal(err)
	}
	st.Close()
	path = filepath.Join(t.TempDir(), "long.jsonl")
	replaytest.WriteJSONL(t, path, evs)
	return dir, path
}

// A long match: the store's snapshots (every 128 inputs and at each game
// start) and the marks a cursor keeps over a file take it to the same
// states as the rules, wherever it goes; a whole replay from the store,
// which reads it a chunk at a time, too.
func TestCursorLongMatch(t *testing.T) {
	dir, path := exportLong(t, 600)
	file := openFile(t, path)
	want := fileDigests(t, file, "long")
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if got := fileDigests(t, src, "long"); !equalDigests(got, want) {
		t.Error("a replay of the store parts from the file's")
	}
	for _, s := range []replay.Source{src, file} {
		c, err := replay.NewCursor(s, "long")
		if err != nil {
			t.Fatal(err)
		}
		wander(t, c, want, 2, len(want)/2)
	}
}

// A seek starts from the nearest snapshot: effects before it are never
// read (damaging them changes nothing past the snapshot), and a snapshot
// that can't be read, or none at all, means a replay from the start.
func TestSeekStartsFromSnapshot(t *testing.T) {
	dir, path := exportLong(t, 300)
	want := fileDigests(t, openFile(t, path), "long")
	// Effects that don't decode at seq 10.
	replaytest.PutRaw(t, dir, "long", "effects", 10, []byte{0xc1})
	// seekStore seeks in the store, opened for the seek only (the damage
	// is done with the file closed).
	seekStore := func(seq uint64) (*replay.Position, error) {
		src, err := replay.OpenStore(dir, replay.StoreOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer src.Close()
		return replay.Seek(src, "long", replay.At{Seq: seq})
	}
	if pos, err := seekStore(250); err != nil || pos.Game.S.Digest() != want[250] {
		t.Fatalf("seek past the damage: %v", err)
	}
	if _, err := seekStore(11); err == nil || !strings.Contains(err.Error(), "long seq 10") {
		t.Fatalf("seek across the damage: %v", err)
	}

	// Snapshots that don't decode: from the start, through the damage.
	snaps := func() []uint64 {
		st, err := store.OpenDir(dir, store.Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		seqs, err := st.Snapshots("long")
		if err != nil || len(seqs) < 3 {
			t.Fatalf("snapshots %v, %v", seqs, err)
		}
		return seqs
	}()
	for _, seq := range snaps {
		replaytest.PutRaw(t, dir, "long", "snapshots", seq, []byte("not a snapshot"))
	}
	if _, err := seekStore(250); err == nil || !strings.Contains(err.Error(), "long seq 10") {
		t.Fatalf("unreadable snapshots: %v", err)
	}
	// No snapshots, and good effects: from the start, right.
	replaytest.PutRaw(t, dir, "long", "effects", 10, mustEffects(t, path, 10))
	for _, seq := range snaps {
		replaytest.DeleteRaw(t, dir, "long", "snapshots", seq)
	}
	if pos, err := seekStore(250); err != nil || pos.Game.S.Digest() != want[250] {
		t.Fatalf("no snapshots: %v", err)
	}
}

// mustEffects derives the effects of input seq of the file.
func mustEffects(t *testing.T, path string, seq uint64) []byte {
	t.Helper()
	lines, err := events.ReadJSONLFile(path, events.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := reducer.New(nil)
	for _, l := range lines {
		effs, err := g.Submit(l.Event)
		if err != nil {
			t.Fatal(err)
		}
		if l.Event.Seq == seq {
			return reducer.EncodeEffects(effs)
		}
	}
	t.Fatalf("no seq %d", seq)
	return nil
}

// The turn starts read from the store's records are those a replay with
// the rules finds, in every fixture; a store with an input lacking effects
// falls back to the replay and finds them too.
func TestTurnsFromRecords(t *testing.T) {
	files, _ := filepath.Glob(fixture("*.jsonl"))
	for _, path := range files {
		file := openFile(t, path)
		all, _ := file.Matches()
		match := all[0].Match
		want, err := replay.Turns(file, match)
		if err != nil {
			t.Fatal(err)
		}
		for name, src := range map[string]replay.Source{"store": recorded(t, path), "gaps": recorded(t, path, 3)} {
			got, err := replay.Turns(src, match)
			if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s from the %s: %v, %v; want %v", match, name, got, err, want)
			}
		}
	}
}

// --turn N.STEP: the first position of turn N at that step, from the file
// and from the store; a step the turn never stood in names those it did.
func TestSeekTurnStep(t *testing.T) {
	path := fixture("green-red.jsonl")
	for name, src := range map[string]replay.Source{"file": openFile(t, path), "store": recorded(t, path)} {
		want := fileDigests(t, openFile(t, path), "green-red")
		for _, step := range []reducer.Step{reducer.StepDraw, reducer.StepMain1, reducer.StepDeclareBlockers, reducer.StepEnd} {
			at := replay.At{Turn: 5, Step: step}
			pos, err := replay.Seek(src, "green-red", at)
			if err != nil {
				t.Fatalf("%s: %s: %v", name, at, err)
			}
			if s := pos.Game.S; s.Turn != 5 || s.Step != step || pos.Game.S.Digest() != want[pos.Seq] {
				t.Errorf("%s: %s: seq %d, turn %d %s", name, at, pos.Seq, s.Turn, s.Step)
			}
			before := seek(t, src, "green-red", replay.At{Seq: pos.Seq - 1}).Game.S
			if before.Turn == 5 && before.Step == step {
				t.Errorf("%s: %s: seq %d is not the first position in the step", name, at, pos.Seq)
			}
		}
		_, err := replay.Seek(src, "green-red", replay.At{Turn: 5, Step: reducer.StepUntap})
		if !errors.Is(err, replay.ErrNotReached) || !strings.Contains(err.Error(), "turn 5 of match green-red has no position at untap: its positions are at upkeep, draw, main1") {
			t.Errorf("%s: untap: %v", name, err)
		}
	}
	if err := (replay.At{Step: reducer.StepMain1}).Check(); err == nil {
		t.Error("a step without a turn is accepted")
	}
}

func TestParseTurn(t *testing.T) {
	for in, want := range map[string]string{
		"5": "5 none", "5.declare_blockers": "5 declare_blockers", "12.main2": "12 main2",
		"0": "error", "-1": "error", "x": "error", "5.": "error", "5.lunch": "error", "05": "error", "5.main1.x": "error",
	} {
		turn, step, err := replay.ParseTurn(in)
		got := fmt.Sprintf("%d %s", turn, step)
		if err != nil {
			got = "error"
		}
		if got != want {
			t.Errorf("ParseTurn(%q) = %s (%v), want %s", in, got, err, want)
		}
	}
}

// A branch is an ordinary match to a cursor: its positions up to the branch
// point are the parent's, from the parent's snapshots; after it, its own.
func TestCursorBranch(t *testing.T) {
	dir, path := exportLong(t, 200)
	want := fileDigests(t, openFile(t, path), "long")
	st, err := store.OpenDir(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.CreateBranch("long", 150, "alt", "concede instead"); err != nil {
		t.Fatal(err)
	}
	// The branch: the game at 150, then p1 concedes.
	g := reducer.New(nil)
	var last *events.Event
	if err := st.Events("long", 1, func(ev *events.Event) error {
		if ev.Seq <= 150 {
			if _, err := g.Submit(ev); err != nil {
				return err
			}
			last = ev
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	ev := &events.Event{Schema: events.SchemaVersion, Match: "alt", Seq: 151, Kind: events.KindConcede, Actor: "p1",
		Body: &events.Concede{Player: "p1"}, Prev: last.Hash, Recorded: last.Recorded + 1}
	ev.Seal()
	d, err := recorder.Derive(g, ev)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AppendBranch("alt", []*events.Event{ev}, []*store.Derived{d}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	c, err := replay.NewCursor(src, "alt")
	if err != nil {
		t.Fatal(err)
	}
	for _, seq := range []uint64{150, 1, 100, 151, 149} {
		pos, err := c.At(seq)
		if err != nil {
			t.Fatalf("branch at %d: %v", seq, err)
		}
		if seq <= 150 && pos.Game.S.Digest() != want[seq] {
			t.Errorf("branch at %d: not the parent's position", seq)
		}
		if seq == 151 && !pos.Game.S.Players[0].Lost {
			t.Errorf("branch at 151: p1 hasn't conceded")
		}
	}
}

// Seeks share the memory snapshots are decompressed into: a position
// keeps nothing of it, so a later seek, on any goroutine, leaves the
// state of an earlier one as it was.
func TestSeeksShareNoState(t *testing.T) {
	dir, path := exportLong(t, 400)
	want := fileDigests(t, openFile(t, path), "long")
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	var held []*replay.Position
	for _, seq := range []uint64{390, 70, 260, 130, 330, 200} {
		pos, err := replay.Seek(src, "long", replay.At{Seq: seq})
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, pos)
		for _, p := range held {
			if p.Game.S.Digest() != want[p.Seq] {
				t.Fatalf("after a seek to %d, the position at %d changed", seq, p.Seq)
			}
		}
	}
}
