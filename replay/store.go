package replay

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
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
	// more are the other stores of a Store read as one (OpenStore with
	// several data directories); owner says which holds each match.
	more  []*store.Store
	owner map[string]*store.Store
	// borrowed: the store belongs to someone else (StoreOn), who closes it.
	borrowed bool
}

// all is every store read.
func (s *Store) all() []*store.Store { return append([]*store.Store{s.st}, s.more...) }

// of is the store that holds match (the first, for a match none holds).
func (s *Store) of(match string) *store.Store {
	if st := s.owner[match]; st != nil {
		return st
	}
	return s.st
}

var _ RawSource = (*Store)(nil)

// OpenStore opens the store in the data directory dir, read-only. A missing
// file is an error wrapping ErrNoStore; a store a recorder holds, one
// wrapping store.ErrLocked. Several recorders' stores read as one: dir may
// list data directories separated by commas, or be a folder whose
// subfolders hold stores (and none itself); each match is read from the
// store that holds it, and one held by two is an error.
func OpenStore(dir string, opt StoreOptions) (*Store, error) {
	dirs := storeDirs(dir)
	var sts []*store.Store
	closeAll := func() {
		for _, st := range sts {
			st.Close()
		}
	}
	for _, d := range dirs {
		path := filepath.Join(d, store.FileName)
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			closeAll()
			return nil, fmt.Errorf("%w at %s (record something first: `recorder record --data %s FILE.jsonl`)", ErrNoStore, path, d)
		}
		st, err := store.Open(path, store.Options{ReadOnly: true, Timeout: opt.Wait})
		if err != nil {
			closeAll()
			return nil, err
		}
		sts = append(sts, st)
	}
	s := &Store{st: sts[0], more: sts[1:]}
	if len(sts) > 1 {
		s.owner = map[string]*store.Store{}
		for _, st := range sts {
			metas, err := st.Matches()
			if err != nil {
				closeAll()
				return nil, err
			}
			for _, m := range metas {
				if other := s.owner[m.Match]; other != nil {
					closeAll()
					return nil, fmt.Errorf("match %s is in two stores, %s and %s", m.Match, other.Path(), st.Path())
				}
				s.owner[m.Match] = st
			}
		}
	}
	return s, nil
}

// storeDirs is the data directories dir names: a comma-separated list, or
// the subfolders holding a store of a folder that holds none itself. A
// folder whose name has a comma is that folder.
func storeDirs(dir string) []string {
	if _, err := os.Stat(dir); err != nil && strings.Contains(dir, ",") {
		return strings.Split(dir, ",") // not a folder with a comma in its name
	}
	if _, err := os.Stat(filepath.Join(dir, store.FileName)); err == nil {
		return []string{dir}
	}
	subs, _ := filepath.Glob(filepath.Join(dir, "*", store.FileName))
	if len(subs) == 0 {
		return []string{dir}
	}
	sort.Strings(subs)
	out := make([]string, len(subs))
	for i, p := range subs {
		out[i] = filepath.Dir(p)
	}
	return out
}

// StoreOn reads (and, for Branch and Append, writes) through a store that
// is already open: a recorder's own, so that it answers queries while it
// records. bbolt lets readers in beside the recorder's commits. Close leaves
// st open.
func StoreOn(st *store.Store) *Store { return &Store{st: st, borrowed: true} }

// Name is the store file's path.
func (s *Store) Name() string {
	var names []string
	for _, st := range s.all() {
		names = append(names, st.Path())
	}
	return strings.Join(names, ",")
}

// Close closes the store file.
func (s *Store) Close() error {
	if s.borrowed {
		return nil
	}
	var first error
	for _, st := range s.all() {
		if err := st.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Matches lists every stored match, sorted by match id.
func (s *Store) Matches() ([]Summary, error) {
	var metas []*store.Meta
	for _, st := range s.all() {
		ms, err := st.Matches()
		if err != nil {
			return nil, err
		}
		metas = append(metas, ms...)
	}
	sort.Slice(metas, func(i, j int) bool { return metas[i].Match < metas[j].Match })
	var err error
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
	m, err := s.of(id).Meta(id)
	if err != nil {
		return Summary{}, s.matchError(id, err)
	}
	return summaryOfMeta(m), nil
}

// matchError is the error of reading match id's meta: an unknown match,
// or the store's error.
func (s *Store) matchError(id string, err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("%w %q in %s", ErrUnknownMatch, id, s.Name())
	}
	return fmt.Errorf("match %s: %w", id, err)
}

// headSeq is the number of match's last input, Match's HeadSeq, with
// Match's errors: a fold needs no more of the match's summary.
func (s *Store) headSeq(id string) (uint64, error) {
	head, err := s.of(id).HeadSeq(id)
	if err != nil {
		return 0, s.matchError(id, err)
	}
	return head, nil
}

// Events calls fn for each stored event of match, decoded, in seq order.
func (s *Store) Events(match string, fn func(*events.Event) error) error {
	if _, err := s.Match(match); err != nil {
		return err
	}
	return s.of(match).Events(match, 1, fn)
}

// EventsInPlace is Events for a caller done with each event when fn
// returns (the rules checking the log): fn must not keep the event or its
// body, which the next event of its kind is decoded into
// (store.EventsInPlace).
func (s *Store) EventsInPlace(match string, fn func(*events.Event) error) error {
	if _, err := s.Match(match); err != nil {
		return err
	}
	return s.of(match).EventsInPlace(match, 1, fn)
}

// eventsInPlace is src.Events, read in place (EventsInPlace) from a store:
// for a caller that keeps no event or body past fn.
func eventsInPlace(src Source, match string, fn func(*events.Event) error) error {
	if s, ok := src.(*Store); ok {
		return s.EventsInPlace(match, fn)
	}
	return src.Events(match, fn)
}

// RawEvents calls fn with each stored event's key and bytes, in key order.
func (s *Store) RawEvents(match string, fn func(seq uint64, raw []byte) error) error {
	if _, err := s.Match(match); err != nil {
		return err
	}
	return s.of(match).RawEvents(match, fn)
}

// lookup lists the matches an index holds for a value.
func (s *Store) lookup(index, value string) ([]string, error) {
	var out []string
	for _, st := range s.all() {
		var ids []string
		var err error
		switch index {
		case indexPlayer:
			ids, err = st.MatchesByPlayer(value)
		case indexEvent:
			ids, err = st.MatchesByEvent(value)
		case indexDate:
			ids, err = st.MatchesByDate(value)
		default:
			panic("replay: unknown index " + index)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, ids...)
	}
	sort.Strings(out)
	return out, nil
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
