package replay_test

import (
	"errors"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
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

// effectsFromOnly is a SnapshotSource with nothing the store has besides.
type effectsFromOnly struct{ replay.SnapshotSource }

// TestFoldIsReplay: folding the stored effects passes through exactly the
// states the rules replay of the file does, input by input, also where some
// inputs were stored without effects and go through the rules, from the
// store or another SnapshotSource.
func TestFoldIsReplay(t *testing.T) {
	path := fixture("best-of-three.jsonl")
	want := fileDigests(t, openFile(t, path), "best-of-three")
	for name, src := range map[string]replay.Source{
		"file":        openFile(t, path),
		"store":       recorded(t, path),
		"store, gaps": recorded(t, path, 2, 3, 40, uint64(len(want)-1)),
		// A SnapshotSource other than the store: its effects walk,
		// EffectsFrom, does not stop by itself at a gap.
		"effects from, gaps": effectsFromOnly{recorded(t, path, 2, 3, 40, uint64(len(want)-1))},
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

// Damaged stored effects, under a checksum that holds, stop the fold with
// an error that says where: effects that don't fit the game, and bytes
// that are not effects (its own, cut short in the last).
// The fold after either starts afresh and goes through every state.
func TestFoldDamagedEffects(t *testing.T) {
	want := foldDigests(t, recorded(t, fixture("bolt-race.jsonl")), "bolt-race")
	for name, c := range map[string]struct {
		edit func(own, cast []byte) []byte
		want string
	}{
		"misfit": {func(_, cast []byte) []byte { return cast }, "bolt-race seq 3: the stored effects don't fit the game"},
		"cut":    {func(own, _ []byte) []byte { return own[:len(own)-1] }, "bolt-race seq 3: reducer: stored effects: effect"},
	} {
		dir := t.TempDir()
		replaytest.Record(t, dir, fixture("bolt-race.jsonl"))
		replaytest.EditMatch(t, dir, "bolt-race", func(mb *bolt.Bucket) error {
			eb := mb.Bucket([]byte("effects"))
			// The activation's effects, or the cast's after it, sealed anew.
			own, err := store.Unseal(replaytest.SeqKey(3), eb.Get(replaytest.SeqKey(3)))
			if err != nil {
				return err
			}
			cast, err := store.Unseal(replaytest.SeqKey(4), eb.Get(replaytest.SeqKey(4)))
			if err != nil {
				return err
			}
			return eb.Put(replaytest.SeqKey(3), store.Seal(replaytest.SeqKey(3), c.edit(own, cast)))
		})
		src, err := replay.OpenStore(dir, replay.StoreOptions{})
		if err != nil {
			t.Fatal(err)
		}
		err = replay.Fold(src, "bolt-race", func(*reducer.Game, uint64) error { return nil })
		src.Close()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", name, err, c.want)
		}
		got := foldDigests(t, recorded(t, fixture("bolt-race.jsonl")), "bolt-race")
		if len(got) != len(want) || got[len(got)-1] != want[len(want)-1] {
			t.Fatalf("%s: the fold after the damaged one ends elsewhere", name)
		}
	}
}
