package replay_test

import (
	"errors"
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
)

// foldDigests folds a match and returns the state digest after each input.
func foldDigests(t *testing.T, src replay.Source, match string) []reducer.Digest {
	t.Helper()
	out := []reducer.Digest{{}}
	if err := replay.Fold(src, match, func(g *reducer.Game, seq uint64) error {
		if seq != uint64(len(out)) {
			t.Fatalf("fold called at seq %d, want %d", seq, len(out))
		}
		out = append(out, g.S.Digest())
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFoldIsReplay: folding the stored effects passes through exactly the
// states the rules replay of the file does, input by input, also where some
// inputs were stored without effects and go through the rules.
func TestFoldIsReplay(t *testing.T) {
	path := fixture("best-of-three.jsonl")
	want := fileDigests(t, openFile(t, path), "best-of-three")
	for name, src := range map[string]replay.Source{
		"file":        openFile(t, path),
		"store":       recorded(t, path),
		"store, gaps": recorded(t, path, 2, 3, 40, uint64(len(want)-1)),
	} {
		got := foldDigests(t, src, "best-of-three")
		if len(got) != len(want) {
			t.Fatalf("%s: folded %d inputs, want %d", name, len(got)-1, len(want)-1)
		}
		for seq := range want {
			if got[seq] != want[seq] {
				t.Fatalf("%s: state after seq %d differs from the replay's", name, seq)
			}
		}
	}
}

// TestFoldStops: fn's error ends the fold and comes back unchanged.
func TestFoldStops(t *testing.T) {
	stop := errors.New("enough")
	src := recorded(t, fixture("bolt-race.jsonl"))
	calls := 0
	err := replay.Fold(src, "bolt-race", func(*reducer.Game, uint64) error {
		calls++
		if calls == 3 {
			return stop
		}
		return nil
	})
	if err != stop || calls != 3 {
		t.Fatalf("err %v after %d calls, want %v after 3", err, calls, stop)
	}
	if err := replay.Fold(src, "no-such-match", func(*reducer.Game, uint64) error { return nil }); !errors.Is(err, replay.ErrUnknownMatch) {
		t.Fatalf("unknown match: %v", err)
	}
}

// A panic of fn's is fn's: it goes on up through the fold unchanged, not
// taken for stored effects that don't fit the game.
func TestFoldPassesFnsPanicOn(t *testing.T) {
	src := recorded(t, fixture("bolt-race.jsonl"))
	defer func() {
		if p := recover(); p != "mine" {
			t.Fatalf("recovered %v, want fn's panic", p)
		}
	}()
	replay.Fold(src, "bolt-race", func(_ *reducer.Game, seq uint64) error {
		if seq == 3 {
			panic("mine")
		}
		return nil
	})
	t.Fatal("the fold returned")
}
