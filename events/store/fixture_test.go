package store_test

import (
	"encoding/hex"
	"errors"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// day1 is 2024-05-01 12:00 UTC, the recorded time of most test matches.
var day1 = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)

// matchSpec describes a test match's match_started.
type matchSpec struct {
	match   string
	players [2]string // names of p1 and p2
	event   string
	start   time.Time // recorded time of match_started; later events follow by 1s
}

// defaultSpec is match with Alice and Bob at "test-cup", started on day1.
func defaultSpec(match string) matchSpec {
	return matchSpec{match: match, players: [2]string{"Alice", "Bob"}, event: "test-cup", start: day1}
}

// sealedChain is n events of a match, sealed and chained: match_started at
// seq 1, then passes alternating p1 and p2.
func sealedChain(spec matchSpec, n int) []*events.Event {
	var out []*events.Event
	var prev events.Hash
	for i := 1; i <= n; i++ {
		var e *events.Event
		if i == 1 {
			e = &events.Event{Match: spec.match, Seq: 1, Kind: events.KindMatchStarted, Actor: events.TableActor,
				Body: &events.MatchStarted{Format: "standard", Event: spec.event, Players: []events.Player{
					{ID: "p1", Name: spec.players[0], Deck: []events.Ref{"Forest"}},
					{ID: "p2", Name: spec.players[1], Deck: []events.Ref{"Island"}},
				}}}
		} else {
			p := "p1"
			if i%2 == 1 {
				p = "p2"
			}
			e = &events.Event{Match: spec.match, Seq: uint64(i), Kind: events.KindPass, Actor: p, Body: &events.Pass{Player: p}}
		}
		e.Recorded = spec.start.Add(time.Duration(i-1) * time.Second).UnixNano()
		e.Prev = prev
		e.Seal()
		prev = e.Hash
		out = append(out, e)
	}
	return out
}

// next is the sealed pass that follows ev in its match.
func next(ev *events.Event) *events.Event {
	p := "p1"
	if ev.Seq%2 == 0 {
		p = "p2"
	}
	e := &events.Event{Match: ev.Match, Seq: ev.Seq + 1, Kind: events.KindPass, Actor: p, Body: &events.Pass{Player: p},
		Recorded: ev.Recorded + int64(time.Second), Prev: ev.Hash}
	e.Seal()
	return e
}

// tempPath is a store file path in a fresh temp folder.
func tempPath(t *testing.T) string {
	t.Helper()
	return filepath.Join(t.TempDir(), "sub", store.FileName)
}

// openStore opens a writable store at path and closes it when the test ends.
func openStore(t *testing.T, path string) *store.Store {
	t.Helper()
	s, err := store.Open(path, store.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// mustCommit commits b or fails the test.
func mustCommit(t *testing.T, s *store.Store, b *store.Batch) {
	t.Helper()
	if err := s.Commit(b); err != nil {
		t.Fatalf("commit: %v", err)
	}
}

// dumpFile reads a closed bbolt file whole: every bucket's sequence and
// every key and value, under their bucket path, hex-encoded.
func dumpFile(t *testing.T, path string) map[string]string {
	t.Helper()
	db, err := bolt.Open(path, 0o644, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	out := map[string]string{}
	var walk func(prefix string, b *bolt.Bucket) error
	walk = func(prefix string, b *bolt.Bucket) error {
		out[prefix+"#seq"] = strconv.FormatUint(b.Sequence(), 10)
		return b.ForEach(func(k, v []byte) error {
			name := prefix + "/" + hex.EncodeToString(k)
			if v == nil {
				if sub := b.Bucket(k); sub != nil {
					return walk(name, sub)
				}
				return errors.New("nil value that is not a bucket")
			}
			out[name] = hex.EncodeToString(v)
			return nil
		})
	}
	err = db.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error { return walk(string(name), b) })
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
