package replaytest

import (
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Damaging what the rules derived, as corrupt.go damages events: the match
// bucket's effects/<8-byte seq> (reducer.EncodeEffects bytes) and
// digests/<8-byte seq> (a msgpack store.Digest).

// RewriteEffects replaces the effects stored for one input with change's
// result: change gets them decoded and returns the list to store, encoded
// as the recorder encodes them.
func RewriteEffects(t testing.TB, dir, match string, seq uint64, change func([]reducer.Effect) []reducer.Effect) {
	t.Helper()
	EditMatch(t, dir, match, func(mb *bolt.Bucket) error {
		eb := mb.Bucket([]byte("effects"))
		key := SeqKey(seq)
		raw, err := store.Unseal(key, eb.Get(key))
		if err != nil {
			return err
		}
		effs, err := reducer.DecodeEffects(raw)
		if err != nil {
			return err
		}
		return eb.Put(key, store.Seal(key, reducer.EncodeEffects(change(effs))))
	})
}

// PutSealed writes payload under seq in the match's sub-bucket name, sealed
// as the store seals it: the checksum holds, the content is what is tested.
func PutSealed(t testing.TB, dir, match, name string, seq uint64, payload []byte) {
	t.Helper()
	PutRaw(t, dir, match, name, seq, store.Seal(SeqKey(seq), payload))
}

// PutRaw writes raw bytes under seq in the match's sub-bucket name
// ("effects", "digests", "events"), creating the bucket if it is missing.
func PutRaw(t testing.TB, dir, match, name string, seq uint64, raw []byte) {
	t.Helper()
	EditMatch(t, dir, match, func(mb *bolt.Bucket) error {
		b, err := mb.CreateBucketIfNotExists([]byte(name))
		if err != nil {
			return err
		}
		return b.Put(SeqKey(seq), raw)
	})
}

// DeleteRaw removes the key seq from the match's sub-bucket name.
func DeleteRaw(t testing.TB, dir, match, name string, seq uint64) {
	t.Helper()
	EditMatch(t, dir, match, func(mb *bolt.Bucket) error {
		return mb.Bucket([]byte(name)).Delete(SeqKey(seq))
	})
}
