// Package replaytest builds sealed match logs and stores for the tests of
// package replay and the replay command. It is for tests only.
package replaytest

import (
	"os"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// Start is the recorded time of every match_started Match builds unless
// Spec.Start is set: 2024-05-01 12:00 UTC.
var Start = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)

// Spec describes a match to build.
type Spec struct {
	Match   string
	Format  string    // default "standard"
	Event   string    // tournament name, indexed; may be empty
	Players [2]string // names of p1 and p2; default Alice and Bob
	Start   time.Time // recorded time of seq 1; default Start
	Passes  int       // pass events after the opening ones
}

// Match builds a sealed chain: seq 1 match_started with players p1 and p2,
// then a shuffle, a keep, a land, a cast, an empty attack, a choice, and
// Passes passes alternating p1 and p2. Each event is one second after the one
// before, Prev is the previous Hash, and every event is sealed.
func Match(s Spec) []*events.Event {
	if s.Format == "" {
		s.Format = "standard"
	}
	if s.Players[0] == "" {
		s.Players = [2]string{"Alice", "Bob"}
	}
	if s.Start.IsZero() {
		s.Start = Start
	}
	bodies := []events.Body{
		&events.MatchStarted{
			Format: s.Format, Event: s.Event, FirstPlayer: "p1",
			Players: []events.Player{
				{ID: "p1", Name: s.Players[0], Deck: []string{"Forest", "Llanowar Elves", "Giant Growth"}},
				{ID: "p2", Name: s.Players[1], Deck: []string{"Island", "Opt"}, Sideboard: []string{"Negate"}},
			},
		},
		&events.Random{Of: events.RandomShuffle, Player: "p1", Order: []string{"c3", "c1", "c2"}},
		&events.Keep{Player: "p1", Bottom: []string{"c2"}},
		&events.PlayLand{Player: "p1", Card: "c1"},
		&events.Cast{Player: "p1", Card: "c3", Targets: []string{"o4"}, Pay: []events.Payment{{Mana: "G", Source: "o1"}}},
		&events.Attack{Player: "p1", Attackers: []events.Attacker{}},
		&events.Choose{Player: "p2", Answer: events.Answer{"o7", "2"}},
	}
	for i := range s.Passes {
		bodies = append(bodies, &events.Pass{Player: []string{"p1", "p2"}[i%2]})
	}
	out := make([]*events.Event, len(bodies))
	var prev events.Hash
	for i, b := range bodies {
		actor := events.TableActor
		if p, ok := events.PlayerOf(b); ok {
			actor = p
		}
		ev := &events.Event{
			Schema: events.SchemaVersion, Match: s.Match, Seq: uint64(i + 1), Kind: b.Kind(),
			Actor: actor, Recorded: s.Start.Add(time.Duration(i) * time.Second).UnixNano(),
			Body: b, Prev: prev,
		}
		ev.Seal()
		prev = ev.Hash
		out[i] = ev
	}
	return out
}

// Commit writes the events and rejections into the store in dir, creating
// it, in one batch, and closes the store.
func Commit(t testing.TB, dir string, evs []*events.Event, rejections ...*store.Rejection) {
	t.Helper()
	st, err := store.OpenDir(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Commit(&store.Batch{Events: evs, Rejections: rejections}); err != nil {
		t.Fatal(err)
	}
}

// WriteJSONL writes the events to a new file at path.
func WriteJSONL(t testing.TB, path string, evs []*events.Event) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := events.WriteJSONL(f, evs); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// Concat joins event lists.
func Concat(lists ...[]*events.Event) []*events.Event {
	var out []*events.Event
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
