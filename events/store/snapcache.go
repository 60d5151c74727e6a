package store

import (
	"bytes"
	"sync"

	bolt "go.etcd.io/bbolt"
)

// Built snapshots, kept. A seek builds the snapshot it starts from out of
// its chain (snapchain.go): the keyframe decompressed and up to seven
// deltas applied, a quarter of a seek on the bench's long match, done
// again each time a viewer comes back near a point. The snapshots built
// last are kept here with the stored values they were built from, and so
// is every snapshot of the chain built on the way, which a later build
// starts from (buildSnapshot); one is used again only when every value of
// its chain, read again in the reader's own transaction, is byte for byte
// the one it was built from.
// The check needs no key but match and seq, and no store: a snapshot
// written again, another store's match of the same name, a damaged base
// all differ and are built anew, as if nothing were kept.

// maxBuiltBytes bounds what is kept: the built snapshots and their stored
// values. A 10,000-input match's 78 snapshots take some 2 MB.
const maxBuiltBytes = 4 << 20

type builtKey struct {
	match string
	seq   uint64
}

// builtSnapshot is a snapshot built from its chain; never changed once
// kept.
type builtSnapshot struct {
	seqs []uint64 // the chain's seqs: the snapshot's, then each base's
	vals [][]byte // the stored (sealed) value at each
	data []byte
	size int
}

var built struct {
	mu    sync.Mutex
	m     map[builtKey]*builtSnapshot
	order []builtKey // oldest first
	bytes int
}

// keptSnapshot appends to dst the snapshot kept for match's seq when the
// chain's values in snapshots bucket b are those it was built from; v is
// the value stored at seq.
func keptSnapshot(b *bolt.Bucket, match string, seq uint64, v, dst []byte) ([]byte, bool) {
	e := keptEntry(b, match, seq, v)
	if e == nil {
		return nil, false
	}
	return append(dst, e.data...), true
}

// keptEntry is the snapshot kept for match's seq when the chain's values
// in b are those it was built from (see keptSnapshot); nil when none is.
func keptEntry(b *bolt.Bucket, match string, seq uint64, v []byte) *builtSnapshot {
	built.mu.Lock()
	e := built.m[builtKey{match, seq}]
	built.mu.Unlock()
	if e == nil || !bytes.Equal(e.vals[0], v) {
		return nil
	}
	c := b.Cursor() // one for the chain: each Get made one, and its path
	for i := 1; i < len(e.seqs); i++ {
		k, v := c.Seek(u64(e.seqs[i]))
		if k == nil || readU64(k) != e.seqs[i] || !bytes.Equal(v, e.vals[i]) {
			return nil
		}
	}
	return e
}

// keepSnapshot keeps data, built from the values vals stored at seqs (the
// snapshot's first), for match; the oldest kept go past maxBuiltBytes.
func keepSnapshot(match string, seqs []uint64, vals [][]byte, data []byte) {
	n := len(data)
	for _, v := range vals {
		n += len(v)
	}
	if n > maxBuiltBytes/8 {
		return
	}
	mem := make([]byte, 0, n)
	mem = append(mem, data...)
	e := &builtSnapshot{seqs: append([]uint64(nil), seqs...), vals: make([][]byte, len(vals)), data: mem[:len(data):len(data)], size: n}
	for i, v := range vals {
		at := len(mem)
		mem = append(mem, v...)
		e.vals[i] = mem[at:len(mem):len(mem)]
	}
	k := builtKey{match, seqs[0]}
	built.mu.Lock()
	defer built.mu.Unlock()
	if built.m == nil {
		built.m = map[builtKey]*builtSnapshot{}
	}
	if old := built.m[k]; old != nil {
		built.bytes -= old.size
	} else {
		built.order = append(built.order, k)
	}
	built.m[k] = e
	built.bytes += n
	for built.bytes > maxBuiltBytes && len(built.order) > 0 {
		old := built.order[0]
		built.order = built.order[1:]
		if o := built.m[old]; o != nil {
			built.bytes -= o.size
			delete(built.m, old)
		}
	}
}
