package store_test

import (
	"errors"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// TestReadOnlyBareFile guards the readers against a file with none of the
// store's buckets (a read-only open of a bbolt file nothing wrote to): every
// read answers empty or ErrNotFound instead of panicking.
func TestReadOnlyBareFile(t *testing.T) {
	db, err := bolt.Open(t.TempDir()+"/bare.db", 0o644, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	bare := db.Path()
	db.Close()

	s, err := store.Open(bare, store.Options{ReadOnly: true, Timeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Meta("m1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Meta: %v", err)
	}
	if _, err := s.Event("m1", 1); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Event: %v", err)
	}
	if err := s.Events("m1", 0, func(*events.Event) error { return nil }); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Events: %v", err)
	}
	if ms, err := s.Matches(); err != nil || len(ms) != 0 {
		t.Errorf("Matches: %v %v", ms, err)
	}
	if err := s.Rejections(func(*store.Rejection) error { return errors.New("called") }); err != nil {
		t.Errorf("Rejections: %v", err)
	}
	if rs, err := s.RejectionsFor("m1", 0); err != nil || len(rs) != 0 {
		t.Errorf("RejectionsFor: %v %v", rs, err)
	}
	if n, err := s.LastApplied("S"); err != nil || n != 0 {
		t.Errorf("LastApplied: %d %v", n, err)
	}
	if e, r, err := s.Counts(); err != nil || e != 0 || r != 0 {
		t.Errorf("Counts: %d %d %v", e, r, err)
	}
	for _, fn := range []func(string) ([]string, error){s.MatchesByPlayer, s.MatchesByEvent, s.MatchesByDate} {
		if ms, err := fn("x"); err != nil || len(ms) != 0 {
			t.Errorf("index lookup: %v %v", ms, err)
		}
	}
}
