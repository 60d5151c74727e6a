package replay_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// fixture is the path of a sample match.
func fixture(name string) string { return filepath.Join("..", "fixtures", "matches", name) }

// openFile opens a .jsonl log.
func openFile(t *testing.T, path string) *replay.File {
	t.Helper()
	f, err := replay.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// recorded records a fixture into a fresh store, as the recorder would, and
// opens the store.
func recorded(t *testing.T, path string, noEffects ...uint64) *replay.Store {
	t.Helper()
	dir := t.TempDir()
	replaytest.Record(t, dir, path, noEffects...)
	s, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// writeLog writes a .jsonl file into a temporary directory.
func writeLog(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "log.jsonl")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func seek(t *testing.T, src replay.Source, match string, at replay.At) *replay.Position {
	t.Helper()
	pos, err := replay.Seek(src, match, at)
	if err != nil {
		t.Fatalf("seek %s: %v", at, err)
	}
	return pos
}

// Positions of bolt-race: the setup, the bolt on the stack, after it
// resolved, the attack asked for, and the end.
func TestSeekBoltRace(t *testing.T) {
	src := openFile(t, fixture("bolt-race.jsonl"))
	v := seek(t, src, "bolt-race", replay.At{Seq: 2}).View("")
	if v.Seq != 2 || v.Turn != 5 || v.Step != "main1" || v.Players[0].Life != 7 || v.Players[1].Life != 5 || len(v.Stack) != 0 {
		t.Errorf("after the setup: seq %d turn %d %s, life %d/%d, stack %v", v.Seq, v.Turn, v.Step, v.Players[0].Life, v.Players[1].Life, v.Stack)
	}
	v = seek(t, src, "bolt-race", replay.At{Seq: 4}).View("")
	if len(v.Stack) != 1 || v.Stack[0].Name != "Lightning Bolt" || strings.Join(v.Stack[0].Targets, ",") != "p2" || v.Stack[0].Controller != "p1" {
		t.Errorf("after the cast, the stack: %+v", v.Stack)
	}
	if v.Pending.Ask != "priority" || v.Pending.Player != "p1" || v.Priority != "p1" || v.Players[1].Life != 5 {
		t.Errorf("after the cast: pending %+v, priority %q, p2 life %d", v.Pending, v.Priority, v.Players[1].Life)
	}
	v = seek(t, src, "bolt-race", replay.At{Seq: 6}).View("")
	if len(v.Stack) != 0 || v.Players[1].Life != 2 || v.Players[0].Graveyard[0].Name != "Lightning Bolt" {
		t.Errorf("after the bolt resolved: stack %v, p2 life %d, p1 graveyard %v", v.Stack, v.Players[1].Life, v.Players[0].Graveyard)
	}
	v = seek(t, src, "bolt-race", replay.At{Seq: 10}).View("")
	if v.Step != "declare_attackers" || v.Pending.Ask != "attack" || v.Pending.Player != "p1" {
		t.Errorf("seq 10: %s, pending %+v", v.Step, v.Pending)
	}
	v = seek(t, src, "bolt-race", replay.At{}).View("")
	if v.Seq != 12 || !v.GameOver.Over || v.GameOver.Winner != "p1" || !v.GameOver.MatchOver || v.GameOver.GameWins["p1"] != 1 || !v.Players[1].Lost {
		t.Errorf("the end: seq %d, game over %+v, p2 lost %v", v.Seq, v.GameOver, v.Players[1].Lost)
	}
}

// A turn's start is the state after the input that began it; with several
// games, the latest game that reached the turn, unless a game is named.
func TestSeekTurn(t *testing.T) {
	src := openFile(t, fixture("bolt-race.jsonl"))
	if pos := seek(t, src, "bolt-race", replay.At{Turn: 5}); pos.Seq != 2 {
		t.Errorf("turn 5 of bolt-race (placed by the setup): seq %d, want 2", pos.Seq)
	}
	src = openFile(t, fixture("opening-hands.jsonl"))
	pos := seek(t, src, "opening-hands", replay.At{Turn: 1})
	if s := pos.Game.S; pos.Seq != 9 || s.Turn != 1 || s.Step != reducer.StepUpkeep || s.Priority != 0 {
		t.Errorf("turn 1 of opening-hands: seq %d, turn %d %s, priority %d; want seq 9, turn 1 upkeep, p1", pos.Seq, s.Turn, s.Step, s.Priority)
	}
	turns, err := replay.Turns(src, "opening-hands")
	if err != nil || len(turns) != 1 || turns[0] != (replay.TurnStart{Game: 1, Turn: 1, Seq: 9, Active: "p1"}) {
		t.Errorf("turns %+v, %v", turns, err)
	}

	// A best-of-three: turn 2 began in every game.
	path := writeLog(t, twoGames)
	src = openFile(t, path)
	last := seek(t, src, "g", replay.At{Turn: 2})
	first := seek(t, src, "g", replay.At{Turn: 2, Game: 1})
	if last.Game.S.Game != 2 || first.Game.S.Game != 1 || first.Seq >= last.Seq || last.Game.S.Turn != 2 || first.Game.S.Turn != 2 {
		t.Errorf("turn 2: latest game %d at seq %d, game 1 at seq %d", last.Game.S.Game, last.Seq, first.Seq)
	}
}

// twoGames: a best-of-three whose first game ends on turn 2 by concession;
// the second reaches turn 2 too.
var twoGames = `{"match":"g","kind":"match_started","actor":"table","body":{"format":"standard","best_of":3,"first_player":"p1","players":[{"id":"p1","name":"Ann","deck":["Forest","Forest"]},{"id":"p2","name":"Ben","deck":["Island","Island"]}]}}
{"match":"g","kind":"random","actor":"table","body":{"of":"shuffle","player":"p1","order":["c1","c2"]}}
{"match":"g","kind":"random","actor":"table","body":{"of":"shuffle","player":"p2","order":["c3","c4"]}}
{"match":"g","kind":"keep","actor":"p1","body":{"player":"p1"}}
{"match":"g","kind":"keep","actor":"p2","body":{"player":"p2"}}
` + strings.Repeat(`{"match":"g","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"g","kind":"pass","actor":"p2","body":{"player":"p2"}}
`, 8) + `{"match":"g","kind":"concede","actor":"p1","body":{"player":"p1"}}
{"match":"g","kind":"choose","actor":"p1","body":{"player":"p1","answer":"play"}}
{"match":"g","kind":"random","actor":"table","body":{"of":"shuffle","player":"p1","order":["c1","c2"]}}
{"match":"g","kind":"random","actor":"table","body":{"of":"shuffle","player":"p2","order":["c3","c4"]}}
{"match":"g","kind":"keep","actor":"p1","body":{"player":"p1"}}
{"match":"g","kind":"keep","actor":"p2","body":{"player":"p2"}}
` + strings.Repeat(`{"match":"g","kind":"pass","actor":"p1","body":{"player":"p1"}}
{"match":"g","kind":"pass","actor":"p2","body":{"player":"p2"}}
`, 8)

func TestSeekErrors(t *testing.T) {
	src := openFile(t, fixture("bolt-race.jsonl"))
	for _, c := range []struct {
		match string
		at    replay.At
		is    error
		msg   string
	}{
		{"m9", replay.At{}, replay.ErrUnknownMatch, `unknown match "m9"`},
		{"bolt-race", replay.At{Seq: 13}, replay.ErrNotReached, "seq 13 is past the end of match bolt-race: its last input is seq 12"},
		{"bolt-race", replay.At{Turn: 6}, replay.ErrNotReached, "turn 6 never began in match bolt-race: turns that began: 5 in game 1"},
		{"bolt-race", replay.At{Turn: 5, Game: 2}, replay.ErrNotReached, "turn 5 of game 2 never began"},
		{"bolt-race", replay.At{Seq: 3, Turn: 5}, nil, "not both"},
		{"bolt-race", replay.At{Game: 1}, nil, "a game is given with a turn"},
	} {
		_, err := replay.Seek(src, c.match, c.at)
		if err == nil || (c.is != nil && !errors.Is(err, c.is)) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("seek %s at %s: %v; want %v with %q", c.match, c.at, err, c.is, c.msg)
		}
	}
}

// An input the rules forbid stops the replay of a file: the error names the
// file, line, seq, reason and rule. Inputs before it replay.
func TestSeekIllegalInput(t *testing.T) {
	text, err := os.ReadFile(fixture("bolt-race.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(text), "\n")
	bad := strings.Join(lines[:4], "") + `{"match":"bolt-race","kind":"pass","actor":"p2","body":{"player":"p2"}}` + "\n" + strings.Join(lines[4:], "")
	path := writeLog(t, bad)
	src := openFile(t, path)
	_, err = replay.Seek(src, "bolt-race", replay.At{})
	var ie *replay.IllegalError
	if !errors.As(err, &ie) || ie.Seq != 5 || ie.Line != 5 || ie.File != path {
		t.Fatalf("error %v, want an IllegalError at seq 5, line 5", err)
	}
	var re *reducer.RuleError
	if !errors.As(err, &re) || re.Rule != "CR 117.3" {
		t.Errorf("error %#v, want a RuleError for CR 117.3", err)
	}
	if want := path + ":5: seq 5: p2 can't pass priority: p1 has priority (CR 117.3)"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	if pos := seek(t, src, "bolt-race", replay.At{Seq: 4}); len(pos.Game.S.Stack) != 1 {
		t.Errorf("seq 4, before the illegal input: stack %v", pos.Game.S.Stack)
	}
}

// Folding the stored effects (the store) and replaying with the rules (the
// file) give the same state after every input of every fixture, and so does
// a store where some inputs were stored without effects.
func TestReplayStoreAgreesWithFile(t *testing.T) {
	files, err := filepath.Glob(fixture("*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			match := strings.TrimSuffix(filepath.Base(path), ".jsonl")
			file := openFile(t, path)
			if all, _ := file.Matches(); len(all) != 1 {
				t.Skip("not one match")
			} else {
				match = all[0].Match
			}
			want := digests(t, file, match, true)
			if got := digests(t, recorded(t, path), match, false); !equalDigests(got, want) {
				t.Errorf("store and file part")
			}
			if got := digests(t, recorded(t, path, 3, 4, 5), match, false); !equalDigests(got, want) {
				t.Errorf("a store with inputs lacking effects and the file part")
			}
		})
	}
}

// digests replays a match and returns the state digest after each input;
// derived says whether the effects must have been derived by the rules.
func digests(t *testing.T, src replay.Source, match string, derived bool) []reducer.Digest {
	t.Helper()
	var out []reducer.Digest
	err := replay.Replay(src, match, func(g *reducer.Game, in replay.Input) error {
		if in.Derived && !derived && in.Event.Seq > 5 {
			t.Errorf("seq %d: effects derived, want them read from the store", in.Event.Seq)
		}
		if derived && !in.Derived {
			t.Errorf("seq %d: effects read from a file?", in.Event.Seq)
		}
		out = append(out, g.S.Digest())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func equalDigests(a, b []reducer.Digest) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Damaged stored effects are an error, not a crash.
func TestSeekDamagedEffects(t *testing.T) {
	dir := t.TempDir()
	replaytest.Record(t, dir, fixture("bolt-race.jsonl"))
	replaytest.EditMatch(t, dir, "bolt-race", func(mb *bolt.Bucket) error {
		eb := mb.Bucket([]byte("effects"))
		// The effects of the cast, stored again (sealed anew, so that the
		// checksum holds) for the activation before it.
		cast, err := store.Unseal(replaytest.SeqKey(4), eb.Get(replaytest.SeqKey(4)))
		if err != nil {
			return err
		}
		return eb.Put(replaytest.SeqKey(3), store.Seal(replaytest.SeqKey(3), cast))
	})
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if _, err := replay.Seek(src, "bolt-race", replay.At{}); err == nil || !strings.Contains(err.Error(), "bolt-race seq 3: the stored effects don't fit the game") {
		t.Errorf("error %v", err)
	}
}

// Stored effects moved under another seq, as they were: the checksum,
// which covers the key, fails, and the read says where.
func TestSeekMovedEffects(t *testing.T) {
	dir := t.TempDir()
	replaytest.Record(t, dir, fixture("bolt-race.jsonl"))
	replaytest.EditMatch(t, dir, "bolt-race", func(mb *bolt.Bucket) error {
		eb := mb.Bucket([]byte("effects"))
		return eb.Put(replaytest.SeqKey(3), append([]byte(nil), eb.Get(replaytest.SeqKey(4))...))
	})
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	_, err = replay.Seek(src, "bolt-race", replay.At{})
	if !errors.Is(err, store.ErrDamaged) || !strings.Contains(err.Error(), "bolt-race seq 3: effects") {
		t.Errorf("error %v, want a damaged store at bolt-race seq 3", err)
	}
}

// The JSON of a position is the same from the store and from the file.
func TestPositionViewJSON(t *testing.T) {
	path := fixture("counter-war.jsonl")
	file, store := openFile(t, path), recorded(t, path)
	for _, seq := range []uint64{2, 10, 14, 18} {
		for _, as := range []string{"judge", "p1", "p2"} {
			a, _ := json.Marshal(seek(t, file, "counter-war", replay.At{Seq: seq}).View(as))
			b, _ := json.Marshal(seek(t, store, "counter-war", replay.At{Seq: seq}).View(as))
			if string(a) != string(b) {
				t.Errorf("seq %d as %s: file and store differ:\n%s\n%s", seq, as, a, b)
			}
		}
	}
	v := seek(t, file, "counter-war", replay.At{Seq: 14}).View("p2")
	if len(v.Stack) != 3 || v.Stack[0].Name != "Counterspell" || v.Stack[2].Name != "Divination" {
		t.Errorf("seq 14: the stack, top first: %+v", v.Stack)
	}
}
