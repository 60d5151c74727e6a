package replay_test

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// deepStore records green-red (snapshots, digests, a finished game) and
// bolt-race, and lets damage change the file.
func deepResults(t *testing.T, damage func(dir string)) []replay.Result {
	t.Helper()
	dir := t.TempDir()
	replaytest.Record(t, dir, fixture("green-red.jsonl"))
	replaytest.Record(t, dir, fixture("bolt-race.jsonl"))
	if damage != nil {
		damage(dir)
	}
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	rs, err := replay.VerifyDeep(src)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// wantFinding fails unless exactly one result failed, with rule and text.
func wantFinding(t *testing.T, rs []replay.Result, rule, text string) {
	t.Helper()
	var bad []replay.Result
	for _, r := range rs {
		if !r.OK() {
			bad = append(bad, r)
		}
	}
	if len(bad) != 1 || bad[0].Rule != rule || !strings.Contains(bad[0].String(), text) {
		t.Fatalf("results %v, want one %s finding with %q", rs, rule, text)
	}
}

func TestVerifyDeepSound(t *testing.T) {
	rs := deepResults(t, nil)
	if len(rs) != 2 || !rs[0].OK() || !rs[1].OK() {
		t.Fatalf("%v", rs)
	}
}

// bbolt opens a file whose newer meta page is damaged at the older one:
// the last commit is silently gone. The record beside the file says so.
func TestVerifyDeepRolledBackCommit(t *testing.T) {
	rs := deepResults(t, func(dir string) { rollBack(t, dir) })
	wantFinding(t, rs, replay.RuleHead, "rolled back")
}

// Plain verify of a whole store finds a rolled-back commit too: every chain
// in the file is sound, and only the record beside it tells.
func TestVerifyRolledBackCommit(t *testing.T) {
	dir := t.TempDir()
	replaytest.Record(t, dir, fixture("green-red.jsonl"))
	replaytest.Record(t, dir, fixture("bolt-race.jsonl"))
	rollBack(t, dir)
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	rs, err := replay.VerifyAll(src)
	if err != nil {
		t.Fatal(err)
	}
	wantFinding(t, rs, replay.RuleHead, "rolled back")
}

// A snapshot that decodes and carries a sound checksum, but is not the
// state the stored effects give at its seq.
func TestVerifyDeepWrongSnapshot(t *testing.T) {
	rs := deepResults(t, func(dir string) {
		replaytest.EditMatch(t, dir, "green-red", func(mb *bolt.Bucket) error {
			sb := mb.Bucket([]byte("snapshots"))
			k1, v1 := sb.Cursor().First()
			k2, _ := sb.Cursor().Last()
			p, err := store.Unseal(k1, v1)
			if err != nil {
				return err
			}
			return sb.Put(k2, store.Seal(k2, p))
		})
	})
	wantFinding(t, rs, replay.RuleDerived, "is not the state the stored effects fold to")
}

func TestVerifyDeepWrongDigest(t *testing.T) {
	rs := deepResults(t, func(dir string) {
		replaytest.EditMatch(t, dir, "green-red", func(mb *bolt.Bucket) error {
			db := mb.Bucket([]byte("digests"))
			k, v := db.Cursor().Last()
			p, err := store.Unseal(k, v)
			if err != nil {
				return err
			}
			p = append([]byte(nil), p...)
			p[len(p)-1] ^= 1 // the digest's last byte
			return db.Put(k, store.Seal(k, p))
		})
	})
	wantFinding(t, rs, replay.RuleDerived, "the digest stored at seq")
}

func TestVerifyDeepMissingIndexEntry(t *testing.T) {
	rs := deepResults(t, func(dir string) {
		db, err := bolt.Open(filepath.Join(dir, store.FileName), 0o644, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if err := db.Update(func(tx *bolt.Tx) error {
			return tx.Bucket([]byte("index_player")).Delete([]byte("Alice\x00bolt-race"))
		}); err != nil {
			t.Fatal(err)
		}
	})
	wantFinding(t, rs, replay.RuleIndex, `entry "Alice / bolt-race" is missing`)
}

func TestVerifyDeepStatus(t *testing.T) {
	rs := deepResults(t, func(dir string) {
		replaytest.RewriteMeta(t, dir, "green-red", func(m *store.Meta) { m.Status = store.StatusOpen })
	})
	wantFinding(t, rs, replay.RuleDerived, "the game is over")
}

// Effects flipped in a store: plain verify checks the chain only; the deep
// one finds the checksum.
func TestVerifyDeepFlippedEffects(t *testing.T) {
	rs := deepResults(t, func(dir string) {
		replaytest.EditMatch(t, dir, "bolt-race", func(mb *bolt.Bucket) error {
			eb := mb.Bucket([]byte("effects"))
			v := append([]byte(nil), eb.Get(replaytest.SeqKey(5))...)
			v[len(v)-1] ^= 0x01
			return eb.Put(replaytest.SeqKey(5), v)
		})
	})
	wantFinding(t, rs, replay.RuleDamage, "bolt-race: seq 5: effects: the store file is damaged: checksum")
}

// rollBack damages the newer meta page of the store in dir, so that bbolt
// opens the file at the transaction before.
func rollBack(t *testing.T, dir string) {
	t.Helper()
	path := filepath.Join(dir, store.FileName)
	db, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const txidAt = 64
	newer := 0
	if binary.LittleEndian.Uint64(db[4096+txidAt:]) > binary.LittleEndian.Uint64(db[txidAt:]) {
		newer = 4096
	}
	db[newer+txidAt] ^= 0x40
	if err := os.WriteFile(path, db, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A flipped flag can make a match's effects bucket read as a plain value
// under the same name: the match would then read as recorded without the
// rules (found by FuzzStoreDamage). The layout check names it.
func TestVerifyDeepBucketReadAsValue(t *testing.T) {
	rs := deepResults(t, func(dir string) {
		replaytest.EditMatch(t, dir, "bolt-race", func(mb *bolt.Bucket) error {
			if err := mb.DeleteBucket([]byte("effects")); err != nil {
				return err
			}
			return mb.Put([]byte("effects"), make([]byte, 16))
		})
	})
	wantFinding(t, rs, replay.RuleDamage, `"effects" is a value where a bucket belongs`)
}
