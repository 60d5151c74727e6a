package replaytest

import (
	"bytes"
	"encoding/binary"
	"path/filepath"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// The functions here damage a store on purpose, reaching around the store API
// to the bucket layout of events/store/schema.go:
// matches/<match>/{meta, events/<8-byte big-endian seq>}.

// EditMatch opens the store file in dir with bbolt directly and hands fn the
// match's bucket to change, in one write transaction.
func EditMatch(t testing.TB, dir, match string, fn func(mb *bolt.Bucket) error) {
	t.Helper()
	db, err := bolt.Open(filepath.Join(dir, store.FileName), 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(func(tx *bolt.Tx) error {
		return fn(tx.Bucket([]byte("matches")).Bucket([]byte(match)))
	}); err != nil {
		t.Fatal(err)
	}
}

// SeqKey is the events bucket's key for seq.
func SeqKey(seq uint64) []byte { return binary.BigEndian.AppendUint64(nil, seq) }

// Events is the events bucket inside a match bucket.
func Events(mb *bolt.Bucket) *bolt.Bucket { return mb.Bucket([]byte("events")) }

// RewriteEvent replaces the stored bytes of one event with edit's result.
func RewriteEvent(t testing.TB, dir, match string, seq uint64, edit func(raw []byte) []byte) {
	t.Helper()
	EditMatch(t, dir, match, func(mb *bolt.Bucket) error {
		eb := Events(mb)
		raw := bytes.Clone(eb.Get(SeqKey(seq)))
		return eb.Put(SeqKey(seq), edit(raw))
	})
}

// Reencode returns an edit for RewriteEvent: it decodes the stored event,
// lets change alter it, and encodes it canonically again, with whatever hash
// change leaves (the old one, unless change calls Seal).
func Reencode(t testing.TB, change func(ev *events.Event)) func([]byte) []byte {
	return func(raw []byte) []byte {
		ev, err := events.DecodeMsgpack(raw)
		if err != nil {
			t.Fatal(err)
		}
		change(ev)
		return ev.AppendCanonical(nil)
	}
}

// NonCanonicalSeq returns an edit for RewriteEvent that writes the seq as an
// 8-byte uint64 instead of its smallest form. The bytes still decode, to the
// same event with the same hash; only their canonical form differs.
func NonCanonicalSeq(t testing.TB) func([]byte) []byte {
	return func(raw []byte) []byte {
		ev, err := events.DecodeMsgpack(raw)
		if err != nil {
			t.Fatal(err)
		}
		key := []byte("\xa3seq")
		i := bytes.Index(raw, key) + len(key)
		if i < len(key) || ev.Seq > 127 || raw[i] != byte(ev.Seq) {
			t.Fatalf("seq %d is not a positive fixint in the canonical bytes", ev.Seq)
		}
		out := bytes.Clone(raw[:i])
		out = append(out, 0xcf)
		out = binary.BigEndian.AppendUint64(out, ev.Seq)
		return append(out, raw[i+1:]...)
	}
}

// RewriteMeta lets change alter the match's stored meta.
func RewriteMeta(t testing.TB, dir, match string, change func(m *store.Meta)) {
	t.Helper()
	EditMatch(t, dir, match, func(mb *bolt.Bucket) error {
		key := []byte("meta")
		raw, err := store.Unseal(key, mb.Get(key))
		if err != nil {
			return err
		}
		m := &store.Meta{}
		if err := msgpack.Unmarshal(raw, m); err != nil {
			return err
		}
		change(m)
		v, err := msgpack.Marshal(m)
		if err != nil {
			return err
		}
		return mb.Put(key, store.Seal(key, v))
	})
}
