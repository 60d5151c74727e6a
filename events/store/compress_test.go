package store_test

import (
	"bytes"
	"errors"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// editSnapshots runs fn on match's snapshots bucket of the closed store
// file at path, as a tool reaching around the store would.
func editSnapshots(t *testing.T, path, match string, fn func(b *bolt.Bucket) error) {
	t.Helper()
	db, err := bolt.Open(path, 0o644, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(func(tx *bolt.Tx) error {
		return fn(tx.Bucket([]byte("matches")).Bucket([]byte(match)).Bucket([]byte("snapshots")))
	}); err != nil {
		t.Fatal(err)
	}
}

// Snapshots are stored compressed (zstd, inside the seal) and read back as
// given; an uncompressed snapshot, as older stores hold them, reads as it
// is; a compressed one whose bytes are damaged under a good checksum is
// reported as damage, not decoded into something else.
func TestSnapshotsCompressed(t *testing.T) {
	path := tempPath(t)
	s := openStore(t, path)
	evs := sealedChain(defaultSpec("m1"), 130)
	mustCommit(t, s, &store.Batch{Events: evs, Derived: derivedFor(evs, map[uint64]bool{64: true, 128: true})})
	if at, data, err := s.SnapshotAtOrBefore("m1", 100); err != nil || at != 64 || !bytes.Equal(data, snapBytes("m1", 64)) {
		t.Fatalf("snapshot at or before 100: at %d, %d bytes, %v", at, len(data), err)
	}
	s.Close()

	old := snapBytes("m1", 100)
	editSnapshots(t, path, "m1", func(b *bolt.Bucket) error {
		v := b.Get(seqKey(64))
		p, err := store.Unseal(seqKey(64), v)
		if err != nil {
			return err
		}
		if !bytes.HasPrefix(p, []byte{0x28, 0xb5, 0x2f, 0xfd}) || len(p) >= len(snapBytes("m1", 64))/4 {
			t.Errorf("stored snapshot: %d bytes %x..., want a zstd frame well under the %d given", len(p), p[:4], len(snapBytes("m1", 64)))
		}
		if err := b.Put(seqKey(100), store.Seal(seqKey(100), old)); err != nil { // as an older store kept it
			return err
		}
		damaged := append([]byte(nil), p...)
		damaged[len(damaged)/2] ^= 0xff
		damaged[len(damaged)-1] ^= 0xff
		return b.Put(seqKey(128), store.Seal(seqKey(128), damaged))
	})

	s = openStore(t, path)
	if at, data, err := s.SnapshotAtOrBefore("m1", 110); err != nil || at != 100 || !bytes.Equal(data, old) {
		t.Errorf("uncompressed snapshot: at %d, %d bytes, %v", at, len(data), err)
	}
	if _, _, err := s.SnapshotAtOrBefore("m1", 129); !errors.Is(err, store.ErrDamaged) {
		t.Errorf("damaged compressed snapshot: %v, want damage", err)
	}
}
