package store_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// flipValue flips the last byte of one stored value, reaching around the
// store to the bbolt layout: bucket path, then key.
func flipValue(t *testing.T, path string, key []byte, buckets ...string) {
	t.Helper()
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte(buckets[0]))
		for _, name := range buckets[1:] {
			b = b.Bucket([]byte(name))
		}
		v := append([]byte(nil), b.Get(key)...)
		v[len(v)-1] ^= 0x01
		return b.Put(key, v)
	}); err != nil {
		t.Fatal(err)
	}
}

func seqKey(seq uint64) []byte {
	return []byte{0, 0, 0, 0, 0, 0, byte(seq >> 8), byte(seq)}
}

// A flipped byte in a stored snapshot, effects, digest, meta or rejection
// fails its checksum when it is read: an error wrapping ErrDamaged that
// names the match and seq, never a wrong value.
func TestFlippedValuesFailTheirChecksum(t *testing.T) {
	for _, c := range []struct {
		name    string
		buckets []string
		key     []byte
		read    func(s *store.Store) error
		want    string
	}{
		{"snapshot", []string{"matches", "m1", "snapshots"}, seqKey(10), func(s *store.Store) error {
			_, _, err := s.SnapshotAtOrBefore("m1", 12)
			return err
		}, "m1 seq 10: snapshot"},
		{"effects", []string{"matches", "m1", "effects"}, seqKey(3), func(s *store.Store) error {
			return s.EffectsFrom("m1", 1, func(uint64, []byte) error { return nil })
		}, "m1 seq 3: effects"},
		{"digest", []string{"matches", "m1", "digests"}, seqKey(10), func(s *store.Store) error {
			_, err := s.Digests("m1")
			return err
		}, "m1 seq 10: digests"},
		{"meta", []string{"matches", "m1"}, []byte("meta"), func(s *store.Store) error {
			_, err := s.Meta("m1")
			return err
		}, "meta"},
		{"rejection", []string{"rejections"}, seqKey(1), func(s *store.Store) error {
			return s.Rejections(func(*store.Rejection) error { return nil })
		}, "rejection 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := tempPath(t)
			s := openStore(t, path)
			evs := sealedChain(defaultSpec("m1"), 12)
			d := derivedFor(evs, map[uint64]bool{10: true})
			d[9].Digest, d[9].Turn = []byte{1, 2, 3}, 2
			mustCommit(t, s, &store.Batch{Events: evs, Derived: d, Rejections: []*store.Rejection{{Match: "m1", Seq: 13, Reason: "x"}}})
			s.Close()
			flipValue(t, path, c.key, c.buckets...)
			s = openStore(t, path)
			err := c.read(s)
			if !errors.Is(err, store.ErrDamaged) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "checksum") {
				t.Errorf("read: %v, want a failed checksum at %q", err, c.want)
			}
			problems, err := s.Check()
			if err != nil || len(problems) == 0 {
				t.Errorf("Check: %v, %v; want the flip found", problems, err)
			}
		})
	}
}

// A store file cut short, or with a page header flipped, makes bbolt panic
// or fault on the mapped file: the store turns that into an error.
func TestDamagedFileIsAnErrorNotACrash(t *testing.T) {
	path := tempPath(t)
	s := openStore(t, path)
	mustCommit(t, s, &store.Batch{Events: sealedChain(defaultSpec("m1"), 300), Derived: derivedFor(sealedChain(defaultSpec("m1"), 300), nil)})
	s.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readAll := func(s *store.Store) error {
		if _, err := s.Matches(); err != nil {
			return err
		}
		if err := s.Events("m1", 1, func(*events.Event) error { return nil }); err != nil {
			return err
		}
		return s.EffectsFrom("m1", 1, func(uint64, []byte) error { return nil })
	}
	damaged := 0
	for page := 2; page*4096 < len(data); page++ {
		for _, cut := range []bool{false, true} {
			b := append([]byte(nil), data...)
			if cut {
				b = b[:page*4096+100]
			} else {
				b[page*4096+8] ^= 0xff // the page's flags and element count
			}
			p := tempPath(t)
			if err := os.MkdirAll(strings.TrimSuffix(p, store.FileName), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
			ds, err := store.Open(p, store.Options{ReadOnly: true})
			if err == nil {
				err = readAll(ds)
				ds.Close()
			}
			if err != nil {
				damaged++
				// A cut that loses a whole bucket reads as not found;
				// Check names it from the indexes.
				if !errors.Is(err, store.ErrDamaged) && !errors.Is(err, store.ErrNotFound) && !strings.Contains(err.Error(), "invalid") {
					t.Errorf("page %d cut %v: %v, want ErrDamaged", page, cut, err)
				}
			}
		}
	}
	if damaged == 0 {
		t.Error("no damage was reported at all")
	}
}

// A file cut anywhere below bbolt's high-water mark is refused at open,
// whichever mode: the missing part of a page that is partly there reads as
// zeros, an empty page, so a bucket rooted there would seem empty with no
// error (found by FuzzStoreDamage: a cut 9 bytes into a page emptied the
// matches bucket, and verify --deep passed).
func TestCutFileIsRefusedAtOpen(t *testing.T) {
	path := tempPath(t)
	s := openStore(t, path)
	evs := sealedChain(defaultSpec("m1"), 300)
	mustCommit(t, s, &store.Batch{Events: evs, Derived: derivedFor(evs, nil)})
	s.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	db, err := bolt.Open(path, 0o644, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var used int
	db.View(func(tx *bolt.Tx) error { used = int(tx.Size()); return nil })
	db.Close()
	for _, at := range []int{used - 4096 + 9, used - 1, used / 2, 4*4096 + 16} {
		for _, ro := range []bool{true, false} {
			p := tempPath(t)
			if err := os.MkdirAll(strings.TrimSuffix(p, store.FileName), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, data[:at], 0o644); err != nil {
				t.Fatal(err)
			}
			ds, err := store.Open(p, store.Options{ReadOnly: ro})
			if err == nil {
				ds.Close()
				t.Errorf("cut at byte %d of %d, read-only %v: opened", at, used, ro)
				continue
			}
			// A writer's bbolt reads the freelist first, and may find it
			// gone before the store measures the file.
			if !errors.Is(err, store.ErrDamaged) || ro && !strings.Contains(err.Error(), "cut short") {
				t.Errorf("cut at byte %d, read-only %v: %v, want a store cut short", at, ro, err)
			}
		}
	}
}

// A callback's own panic is not the store's damage: it goes on up, from a
// walk over events and from one over effects, on its first value or a
// later one.
func TestCallbackPanicPassesThrough(t *testing.T) {
	s := openStore(t, tempPath(t))
	evs := sealedChain(defaultSpec("m1"), 3)
	mustCommit(t, s, &store.Batch{Events: evs, Derived: derivedFor(evs, nil)})
	for name, walk := range map[string]func(at uint64){
		"events": func(at uint64) {
			s.Events("m1", 1, func(ev *events.Event) error {
				if ev.Seq == at {
					panic("mine")
				}
				return nil
			})
		},
		"effects": func(at uint64) {
			s.EffectsFrom("m1", 1, func(seq uint64, _ []byte) error {
				if seq == at {
					panic("mine")
				}
				return nil
			})
		},
	} {
		for _, at := range []uint64{1, 3} {
			func() {
				defer func() {
					if p := recover(); p != "mine" {
						t.Errorf("%s, panic at seq %d: recovered %v, want the callback's panic", name, at, p)
					}
				}()
				walk(at)
			}()
		}
	}
}
