package replay

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// ErrNoStore means the data directory holds no store file.
var ErrNoStore = errors.New("no store")

// StoreOptions tune OpenStore.
type StoreOptions struct {
	// Wait bounds the wait for the lock of a recorder that has the store
	// open for writing; 0 means the store's default (2s). After it, OpenStore
	// fails with an error wrapping store.ErrLocked.
	Wait time.Duration
}

// Store is the recorder's bbolt store, opened read-only.
type Store struct {
	st *store.Store
	// borrowed: the store belongs to someone else (StoreOn), who closes it.
	borrowed bool
}

var _ RawSource = (*Store)(nil)

// OpenStore opens the store in the data directory dir, read-only. A missing
// file is an error wrapping ErrNoStore; a store a recorder holds, one
// wrapping store.ErrLocked.
func OpenStore(dir string, opt StoreOptions) (*Store, error) {
	path := filepath.Join(dir, store.FileName)
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w at %s (record something first: `recorder record --data %s FILE.jsonl`)", ErrNoStore, path, dir)
	}
	st, err := store.Open(path, store.Options{ReadOnly: true, Timeout: opt.Wait})
	if err != nil {
		return nil, err
	}
	return &Store{st: st}, nil
}

// StoreOn reads (and, for Branch and Append, writes) through a store that
// is already open: a recorder's own, so that it answers queries while it
// records. bbolt lets readers in beside the recorder's commits. Close leaves
// st open.
func StoreOn(st *store.Store) *Store { return &Store{st: st, borrowed: true} }

// Name is the store file's path.
func (s *Store) Name() string { return s.st.Path() }

// Close closes the store file.
func (s *Store) Close() error {
	if s.borrowed {
		return nil
	}
	return s.st.Close()
}

// Matches lists every stored match, sorted by match id.
func (s *Store) Matches() ([]Summary, error) {
	metas, err := s.st.Matches()
	if err != nil {
		return nil, err
	}
	out := make([]Summary, len(metas))
	for i, m := range metas {
		out[i] = summaryOfMeta(m)
	}
	return out, nil
}

// Match describes one stored match.
func (s *Store) Match(id string) (Summary, error) {
	m, err := s.st.Meta(id)
	if errors.Is(err, store.ErrNotFound) {
		return Summary{}, fmt.Errorf("%w %q in %s", ErrUnknownMatch, id, s.Name())
	}
	if err != nil {
		return Summary{}, fmt.Errorf("match %s: %w", id, err)
	}
	return summaryOfMeta(m), nil
}

// Events calls fn for each stored event of match, decoded, in seq order.
func (s *Store) Events(match string, fn func(*events.Event) error) error {
	if _, err := s.Match(match); err != nil {
		return err
	}
	return s.st.Events(match, 1, fn)
}

// RawEvents calls fn with each stored event's key and bytes, in key order.
func (s *Store) RawEvents(match string, fn func(seq uint64, raw []byte) error) error {
	if _, err := s.Match(match); err != nil {
		return err
	}
	return s.st.RawEvents(match, fn)
}

// lookup lists the matches an index holds for a value.
func (s *Store) lookup(index, value string) ([]string, error) {
	switch index {
	case indexPlayer:
		return s.st.MatchesByPlayer(value)
	case indexEvent:
		return s.st.MatchesByEvent(value)
	case indexDate:
		return s.st.MatchesByDate(value)
	}
	panic("replay: unknown index " + index)
}

func summaryOfMeta(m *store.Meta) Summary {
	s := Summary{
		Match: m.Match, Format: m.Format, Event: m.Event, Status: m.Status,
		Events: m.Events, HeadSeq: m.HeadSeq, Head: m.Head(),
		Parent: m.Parent, BranchPoint: m.BranchPoint, Label: m.Label,
	}
	if m.Started != 0 {
		s.Started = time.Unix(0, m.Started).UTC()
	}
	for _, p := range m.Players {
		s.Players = append(s.Players, Player{ID: p.ID, Name: p.Name})
	}
	return s
}
