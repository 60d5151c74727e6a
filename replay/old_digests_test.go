package replay_test

import (
	"testing"

	"github.com/vmihailenco/msgpack/v5"
	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// oldDigest is a digest as stores kept it before the array form: a map by
// field name.
type oldDigest struct {
	Seq    uint64 `msgpack:"seq"`
	Turn   int    `msgpack:"turn"`
	Game   int    `msgpack:"game,omitempty"`
	Active int    `msgpack:"active,omitempty"`
	Digest []byte `msgpack:"digest"`
}

// A store whose digests are in the map form of older stores audits clean
// and verifies deep: every digest reads back as it was written.
func TestOldDigestFormReads(t *testing.T) {
	rewrote := 0
	rep := auditStored(t, "bolt-race.jsonl", "bolt-race", func(dir string) {
		replaytest.EditMatch(t, dir, "bolt-race", func(mb *bolt.Bucket) error {
			db := mb.Bucket([]byte("digests"))
			type kv struct{ k, v []byte }
			var all []kv
			if err := db.ForEach(func(k, v []byte) error {
				p, err := store.Unseal(k, v)
				if err != nil {
					return err
				}
				var d store.Digest
				if err := msgpack.Unmarshal(p, &d); err != nil {
					return err
				}
				old, err := msgpack.Marshal(&oldDigest{Seq: d.Seq, Turn: d.Turn, Game: d.Game, Active: d.Active, Digest: d.Digest})
				if err != nil {
					return err
				}
				all = append(all, kv{append([]byte(nil), k...), store.Seal(k, old)})
				return nil
			}); err != nil {
				return err
			}
			for _, e := range all {
				if err := db.Put(e.k, e.v); err != nil {
					return err
				}
				rewrote++
			}
			return nil
		})
	})
	if rewrote == 0 {
		t.Fatal("the fixture stored no digests")
	}
	if !rep.OK {
		t.Fatalf("a store with map-form digests audits with findings:\n%s", findings(rep))
	}
}
