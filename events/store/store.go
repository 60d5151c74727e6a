package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	"github.com/vmihailenco/msgpack/v5"
	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events"
)

// FileName is the bbolt file inside a data directory.
const FileName = "chronicle.db"

// Store is a bbolt file holding Chronicle's logs. It is safe for concurrent
// use; bbolt allows one writer and many readers.
type Store struct {
	db       *bolt.DB
	readOnly bool
	sealed   bool // created sealed: every value but events carries a checksum
	// head is the commit record beside the file, open once the first
	// commit writes it (head.go); nil before, or after a write failed.
	headMu sync.Mutex
	head   *os.File
}

// Options tune Open.
type Options struct {
	ReadOnly bool
	// Timeout bounds the wait for the file lock another process holds.
	Timeout time.Duration
	// NoSync skips fsync at commit; for benchmarks only, never for recording.
	NoSync bool
}

// ErrLocked means another process has the store open for writing.
var ErrLocked = errors.New("the store is locked by another process (a running recorder?)")

// Open opens or creates the store file at path.
func Open(path string, opt Options) (*Store, error) {
	if opt.Timeout == 0 {
		opt.Timeout = 2 * time.Second
	}
	if opt.ReadOnly {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
	} else if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	db, err := openBolt(path, opt)
	if err != nil {
		if errors.Is(err, bolt.ErrTimeout) {
			return nil, fmt.Errorf("store: %s: %w", path, ErrLocked)
		}
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	s := &Store{db: db, readOnly: opt.ReadOnly}
	if err := s.checkSchema(); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// openBolt opens the bbolt file inside the boundary: a damaged file makes
// bbolt panic or fault while it reads the meta and freelist pages.
func openBolt(path string, opt Options) (db *bolt.DB, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			db, err = nil, fmt.Errorf("%w: %v", ErrDamaged, p)
		}
	}()
	return bolt.Open(path, 0o644, &bolt.Options{Timeout: opt.Timeout, ReadOnly: opt.ReadOnly, NoSync: opt.NoSync})
}

// OpenDir opens the store in a data directory.
func OpenDir(dir string, opt Options) (*Store, error) {
	return Open(filepath.Join(dir, FileName), opt)
}

func (s *Store) checkSchema() error {
	check := func(tx *bolt.Tx) error {
		if err := checkLength(tx); err != nil {
			return err
		}
		opened := uint64(tx.ID())
		if tx.Writable() {
			opened-- // the file is at the transaction before this one
		}
		if err := checkPages(tx.DB().Path(), opened); err != nil {
			return err
		}
		b := tx.Bucket(bucketSchema)
		if b == nil {
			if s.readOnly {
				return nil // a store nothing was written to yet
			}
			return fmt.Errorf("store: schema bucket missing")
		}
		if v := readU64(b.Get(keySchemaVersion)); v != schemaVersion {
			return fmt.Errorf("store: layout version %d, this build reads %d", v, schemaVersion)
		}
		s.sealed = string(b.Get(keySealed)) == "1"
		return nil
	}
	if s.readOnly {
		return s.view(check)
	}
	// A store whose layout is complete opens without a write transaction,
	// so that a command that fails before it commits leaves the file's
	// bytes as they were.
	complete := false
	if err := s.view(func(tx *bolt.Tx) error {
		for _, name := range rootBuckets {
			if tx.Bucket(name) == nil {
				return nil
			}
		}
		complete = true
		return check(tx)
	}); err != nil || complete {
		return err
	}
	return s.update(func(tx *bolt.Tx, _ *commitLog) error {
		for _, name := range rootBuckets {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		b := tx.Bucket(bucketSchema)
		if b.Get(keySchemaVersion) == nil {
			// A new store: every value it will hold is sealed.
			if err := b.Put(keySchemaVersion, u64(schemaVersion)); err != nil {
				return err
			}
			if err := b.Put(keySealed, []byte("1")); err != nil {
				return err
			}
		}
		return check(tx)
	})
}

// checkLength refuses a file cut short. Every page below bbolt's
// high-water mark was written by the commit that allocated it, so a sound
// file is at least that long. In a cut file the missing pages read as zeros
// (an empty page: a bucket that seems empty, with no error) or fault.
func checkLength(tx *bolt.Tx) error {
	fi, err := os.Stat(tx.DB().Path())
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if used := tx.Size(); fi.Size() < used {
		return fmt.Errorf("store: %w: %s is cut short: it ends at byte %d, and its pages reach byte %d",
			ErrDamaged, tx.DB().Path(), fi.Size(), used)
	}
	return nil
}

// Close closes the file. Call it last, after everything that writes.
func (s *Store) Close() error {
	s.headMu.Lock()
	if s.head != nil {
		s.head.Close()
		s.head = nil
	}
	s.headMu.Unlock()
	return s.db.Close()
}

// Path is the file's path.
func (s *Store) Path() string { return s.db.Path() }

// InUse is how many bytes of the file hold the store's pages (data, free
// pages kept for reuse, metas): the file's size less what bbolt allocated
// ahead of need, which it grows the file by in steps of up to 16 MiB.
func (s *Store) InUse() (int64, error) {
	var n int64
	err := s.view(func(tx *bolt.Tx) error {
		n = tx.Size()
		return nil
	})
	return n, err
}

// LastApplied is the highest stream sequence committed from stream, 0 if none.
func (s *Store) LastApplied(stream string) (uint64, error) {
	var v uint64
	err := s.view(func(tx *bolt.Tx) error {
		var err error
		if b := tx.Bucket(bucketCursor); b != nil {
			v, err = readCursor([]byte(stream), b.Get([]byte(stream)))
		}
		return err
	})
	return v, err
}

// Commit writes a batch in one transaction: its events, the matches' meta and
// indexes, its rejections and the stream cursor. Either all of it is stored or
// none. An event at a seq already stored is an error (the caller checks for
// duplicates and conflicts first); so is an event that does not follow its
// match's head.
func (s *Store) Commit(b *Batch) error {
	return s.update(func(tx *bolt.Tx, c *commitLog) error {
		w := newWriter(tx, c)
		for i, ev := range b.Events {
			var sealed []byte
			if i < len(b.Sealed) {
				sealed = b.Sealed[i]
			}
			if err := w.putEvent(ev, sealed); err != nil {
				return fmt.Errorf("store: %s seq %d: %w", ev.Match, ev.Seq, err)
			}
		}
		for _, d := range b.Derived {
			if err := w.putDerived(d); err != nil {
				return fmt.Errorf("store: %s seq %d: effects: %w", d.Match, d.Seq, err)
			}
		}
		if err := w.flush(); err != nil {
			return err
		}
		for _, r := range b.Rejections {
			if err := putRejection(tx, c, r); err != nil {
				return fmt.Errorf("store: rejection: %w", err)
			}
		}
		for _, h := range b.Holes {
			if err := putHole(tx, c, h); err != nil {
				return fmt.Errorf("store: hole: %w", err)
			}
		}
		if b.Stream != "" && b.StreamSeq > 0 {
			if err := putCursor(tx, c, b.Stream, b.StreamSeq); err != nil {
				return err
			}
		}
		return nil
	})
}

func zeroIfEmpty(b []byte) []byte {
	if len(b) == 0 {
		return make([]byte, 32)
	}
	return b
}

func newMeta(ev *events.Event) (*Meta, error) {
	ms, ok := ev.Body.(*events.MatchStarted)
	if !ok {
		return nil, fmt.Errorf("match_started body is %T", ev.Body)
	}
	m := &Meta{Match: ev.Match, Format: ms.Format, Event: ms.Event, Status: StatusOpen, Started: ev.Recorded, TableKey: ms.TableKey}
	for _, p := range ms.Players {
		m.Players = append(m.Players, PlayerMeta{ID: p.ID, Name: p.Name, Key: p.Key})
	}
	return m, nil
}

func indexMatch(tx *bolt.Tx, m *Meta) error {
	for _, p := range m.Players {
		if err := tx.Bucket(bucketByPlayer).Put(indexKey(p.Name, m.Match), nil); err != nil {
			return err
		}
	}
	if m.Event != "" {
		if err := tx.Bucket(bucketByEvent).Put(indexKey(m.Event, m.Match), nil); err != nil {
			return err
		}
	}
	if m.Started != 0 {
		day := time.Unix(0, m.Started).UTC().Format(time.DateOnly)
		if err := tx.Bucket(bucketByDate).Put(indexKey(day, m.Match), nil); err != nil {
			return err
		}
	}
	return nil
}

// putCursor moves the stream's cursor forward to seq, never back.
func putCursor(tx *bolt.Tx, c *commitLog, stream string, seq uint64) error {
	cur := tx.Bucket(bucketCursor)
	key := []byte(stream)
	have, err := readCursor(key, cur.Get(key))
	if err != nil {
		return err
	}
	if have >= seq {
		return nil
	}
	c.note(key)
	c.note(u64(seq))
	return cur.Put(key, seal(key, u64(seq)))
}

// readCursor reads a cursor value: sealed, or 8 bare bytes in an older
// store; absent is 0.
func readCursor(key, v []byte) (uint64, error) {
	if v == nil {
		return 0, nil
	}
	p, err := unseal(key, v)
	if err != nil {
		return 0, fmt.Errorf("store: cursor %s: %w", key, err)
	}
	if len(p) != 8 {
		return 0, fmt.Errorf("store: cursor %s: %w: %d bytes", key, ErrDamaged, len(p))
	}
	return readU64(p), nil
}

func putRejection(tx *bolt.Tx, c *commitLog, r *Rejection) error {
	b := tx.Bucket(bucketRejections)
	id, err := b.NextSequence()
	if err != nil {
		return err
	}
	stored := *r
	stored.ID = id
	v, err := msgpack.Marshal(&stored)
	if err != nil {
		return err
	}
	c.note(v)
	if err := b.Put(u64(id), seal(u64(id), v)); err != nil {
		return err
	}
	if r.Match != "" {
		return tx.Bucket(bucketRejByMatch).Put(rejMatchKey(r.Match, r.Seq, id), nil)
	}
	return nil
}

func putMeta(mb *bolt.Bucket, c *commitLog, m *Meta) error {
	v, err := msgpack.Marshal(m)
	if err != nil {
		return err
	}
	c.note(v)
	return mb.Put(keyMeta, seal(keyMeta, v))
}

func decodeMeta(v []byte) (*Meta, error) {
	if v == nil {
		return nil, fmt.Errorf("meta missing: %w", ErrDamaged)
	}
	p, err := unseal(keyMeta, v)
	if err != nil {
		return nil, fmt.Errorf("meta: %w", err)
	}
	m := &Meta{}
	if err := readMeta(p, m); err != nil {
		return nil, fmt.Errorf("meta: %w: %v", ErrDamaged, err)
	}
	if err := checkHeadHash(m.HeadHash); err != nil {
		return nil, err
	}
	return m, nil
}

// checkHeadHash refuses a meta's head hash of another length than a
// hash's (none is allowed).
func checkHeadHash(h []byte) error {
	if n := len(h); n != 0 && n != len(events.Hash{}) {
		return fmt.Errorf("meta: %w: head hash of %d bytes", ErrDamaged, n)
	}
	return nil
}
