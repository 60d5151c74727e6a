package store

import (
	"encoding/binary"
	"fmt"
	"sync"

	bolt "go.etcd.io/bbolt"
)

// Snapshot chains. Most snapshots are stored as a delta (delta.go) from the
// match's snapshot before them: a keyframe, stored whole (compress.go),
// then up to snapshotChain-1 deltas, each from the one before. Reading a
// snapshot reads back to its keyframe and applies the deltas forward: a
// keyframe's decompression and, for a 400-permanent board, a few
// microseconds a delta. On the bench's quick tournament the snapshots took
// 2.2 MB stored whole and 0.6 MB so.
//
// A delta's payload (inside the seal): deltaMarker, the seq of the
// snapshot it builds on (uvarint, in the same bucket, lower than its own),
// then the ops as they are. Compressing them too saved 12% of the deltas'
// bytes (their literals are a few new objects, no longer alike) for a zstd
// frame to decode at each delta a seek walks: about 6 us of every delta's
// 10 on the bench's long match, 20 us of a median seek. deltaMarker is the
// one byte msgpack never uses, and neither a zstd frame nor an older
// store's uncompressed snapshot starts with it, so every stored form is
// told by its first byte. A snapshot whose delta would be large (a new
// game's board is new bytes) is stored as a keyframe instead.

const (
	deltaMarker = 0xc1
	// snapshotChain is how many snapshots a keyframe and its deltas make:
	// a seek pays at most snapshotChain-1 deltas.
	snapshotChain = 8
	// maxChain bounds the walk back to a keyframe in a damaged file.
	maxChain = 64
)

func isDelta(p []byte) bool { return len(p) > 0 && p[0] == deltaMarker }

// packDelta is the stored form of cur as a delta from old, the snapshot at
// seq base; nil when a keyframe would do as well.
func packDelta(base uint64, old, cur []byte) []byte {
	out := binary.AppendUvarint(append(make([]byte, 0, len(cur)/8+16), deltaMarker), base)
	head := len(out)
	if out = diffBytes(out, old, cur); len(out)-head > len(cur)/4 {
		return nil
	}
	return out
}

// chainBufs hold the snapshots a chain builds on its way to the one asked
// for.
type chainBufs struct{ a, b []byte }

var chainPool = sync.Pool{New: func() any { return new(chainBufs) }}

// maxChainBuf is the largest buffer chainPool keeps.
const maxChainBuf = 1 << 20

// loadSnapshot appends to dst the snapshot whose unsealed payload p is
// stored at seq in the snapshots bucket b, following deltas back to their
// keyframe; depth is how many deltas it applied.
func loadSnapshot(b *bolt.Bucket, seq uint64, p, dst []byte) (out []byte, depth int, err error) {
	return loadChain(b, seq, p, dst, nil)
}

// loadChain is loadSnapshot calling chain (when not nil) with the seq and
// stored value of each base it reads, in the order it reads them.
func loadChain(b *bolt.Bucket, seq uint64, p, dst []byte, chain func(seq uint64, v []byte)) (out []byte, depth int, err error) {
	var frames [][]byte // the deltas' ops, newest first
	for isDelta(p) {
		base, k := binary.Uvarint(p[1:])
		if k <= 0 || base >= seq || len(frames) == maxChain {
			return nil, 0, fmt.Errorf("%w: the delta at seq %d names no earlier snapshot it builds on", ErrDamaged, seq)
		}
		frames = append(frames, p[1+k:])
		key := u64(base)
		v := b.Get(key)
		if v == nil {
			return nil, 0, fmt.Errorf("%w: the delta at seq %d builds on seq %d, which has no snapshot", ErrDamaged, seq, base)
		}
		if chain != nil {
			chain(base, v)
		}
		if p, err = unseal(key, v); err != nil {
			return nil, 0, fmt.Errorf("its base at seq %d: %w", base, err)
		}
		seq = base
	}
	if len(frames) == 0 {
		out, err = unpackSnapshot(dst, p)
		return out, 0, err
	}
	bufs := chainPool.Get().(*chainBufs)
	defer func() {
		for _, s := range []*[]byte{&bufs.a, &bufs.b} {
			if cap(*s) > maxChainBuf {
				*s = nil
			}
		}
		chainPool.Put(bufs)
	}()
	cur, err := unpackSnapshot(bufs.a[:0], p)
	if err != nil {
		return nil, 0, fmt.Errorf("its keyframe at seq %d: %w", seq, err)
	}
	bufs.a = cur[:0]
	for i := len(frames) - 1; i >= 0; i-- {
		next := bufs.b[:0]
		if i == 0 {
			next = dst
		}
		if next, err = patchBytes(next, cur, frames[i]); err != nil {
			return nil, 0, err
		}
		if i > 0 {
			bufs.a, bufs.b = next[:0], cur[:0]
		}
		cur = next
	}
	return cur, len(frames), nil
}
