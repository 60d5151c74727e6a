package store_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// TestIndexes guards the player, event and date indexes: written with a
// match's match_started, exact-match lookups (no prefix hits), dates by the
// UTC day of the recorded start.
func TestIndexes(t *testing.T) {
	// A local zone east of UTC puts 23:30 UTC on the next day: the index must
	// not follow it. No test in this package runs in parallel.
	defer func(l *time.Location) { time.Local = l }(time.Local)
	time.Local = time.FixedZone("UTC+9", 9*3600)
	s := openStore(t, tempPath(t))
	lateDay1 := time.Date(2024, 5, 1, 23, 30, 0, 0, time.UTC)
	earlyDay2 := time.Date(2024, 5, 2, 0, 10, 0, 0, time.UTC)
	mustCommit(t, s, &store.Batch{Events: sealedChain(matchSpec{match: "m1", players: [2]string{"Alice", "Bob"}, event: "test-cup", start: lateDay1}, 3)})
	mustCommit(t, s, &store.Batch{Events: append(
		sealedChain(matchSpec{match: "m2", players: [2]string{"Alice", "Carol"}, event: "test-cup", start: earlyDay2}, 1),
		sealedChain(matchSpec{match: "m3", players: [2]string{"Alicia", "Bob"}, event: "", start: earlyDay2.Add(time.Hour)}, 2)...)})

	lookups := []struct {
		name string
		fn   func(string) ([]string, error)
		arg  string
		want []string
	}{
		{"player", s.MatchesByPlayer, "Alice", []string{"m1", "m2"}},
		{"player", s.MatchesByPlayer, "Bob", []string{"m1", "m3"}},
		{"player", s.MatchesByPlayer, "Carol", []string{"m2"}},
		{"player", s.MatchesByPlayer, "Ali", nil},
		{"player", s.MatchesByPlayer, "p1", nil},
		{"player", s.MatchesByPlayer, "", nil},
		{"event", s.MatchesByEvent, "test-cup", []string{"m1", "m2"}},
		{"event", s.MatchesByEvent, "test", nil},
		{"event", s.MatchesByEvent, "", nil},
		{"date", s.MatchesByDate, "2024-05-01", []string{"m1"}},
		{"date", s.MatchesByDate, "2024-05-02", []string{"m2", "m3"}},
		{"date", s.MatchesByDate, "2024-05", nil},
		{"date", s.MatchesByDate, "2024-05-03", nil},
	}
	for _, l := range lookups {
		got, err := l.fn(l.arg)
		if err != nil {
			t.Fatalf("%s %q: %v", l.name, l.arg, err)
		}
		if !reflect.DeepEqual(got, l.want) {
			t.Errorf("%s %q: got %v, want %v", l.name, l.arg, got, l.want)
		}
	}
}
