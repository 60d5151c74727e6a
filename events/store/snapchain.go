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

// buildSnapshot appends to dst the snapshot of match stored at seq in the
// snapshots bucket b (stored value v, its payload p): from the nearest
// snapshot down its chain that is kept built (snapcache.go), else from
// the keyframe, and keeps each snapshot it builds on the way. A seek to a
// snapshot not yet built (the first seeks near a point; a quarter of the
// quick bench's seeks, most of its slowest) then patches a delta or two
// where it decompressed a keyframe and patched up to seven.
func buildSnapshot(b *bolt.Bucket, match string, seq uint64, v, p, dst []byte) ([]byte, error) {
	seqs, vals := []uint64{seq}, [][]byte{v}
	var frames [][]byte // frames[i] builds seqs[i] from the snapshot after it
	var from *builtSnapshot
	for at := seq; isDelta(p); {
		base, k := binary.Uvarint(p[1:])
		if k <= 0 || base >= at || len(frames) == maxChain {
			return nil, fmt.Errorf("%w: the delta at seq %d names no earlier snapshot it builds on", ErrDamaged, at)
		}
		frames = append(frames, p[1+k:])
		key := u64(base)
		bv := b.Get(key)
		if bv == nil {
			return nil, fmt.Errorf("%w: the delta at seq %d builds on seq %d, which has no snapshot", ErrDamaged, at, base)
		}
		if from = keptEntry(b, match, base, bv); from != nil {
			break
		}
		var err error
		if p, err = unseal(key, bv); err != nil {
			return nil, fmt.Errorf("its base at seq %d: %w", base, err)
		}
		seqs, vals, at = append(seqs, base), append(vals, bv), base
	}
	// The chain of seqs[i]: seqs[i:], then the kept snapshot's.
	var tailSeqs []uint64
	var tailVals [][]byte
	keep := func(i int, data []byte) {
		keepSnapshot(match, append(seqs[i:len(seqs):len(seqs)], tailSeqs...), append(vals[i:len(vals):len(vals)], tailVals...), data)
	}
	if from == nil && len(frames) == 0 {
		out, err := unpackSnapshot(dst, p)
		if err == nil {
			keep(0, out)
		}
		return out, err
	}
	bufs := chainPool.Get().(*chainBufs)
	bs := [2][]byte{bufs.a[:0], bufs.b[:0]}
	defer func() {
		bufs.a, bufs.b = bs[0][:0], bs[1][:0]
		for _, s := range []*[]byte{&bufs.a, &bufs.b} {
			if cap(*s) > maxChainBuf {
				*s = nil
			}
		}
		chainPool.Put(bufs)
	}()
	var cur []byte
	in := -1 // the buffer of bs cur is in; -1: the kept snapshot's memory
	if from != nil {
		cur, tailSeqs, tailVals = from.data, from.seqs, from.vals
	} else {
		kf := len(seqs) - 1
		var err error
		if cur, err = unpackSnapshot(bs[0], p); err != nil {
			return nil, fmt.Errorf("its keyframe at seq %d: %w", seqs[kf], err)
		}
		bs[0], in = cur, 0
		keep(kf, cur)
	}
	for i := len(frames) - 1; i >= 0; i-- {
		t := 0
		if in == 0 {
			t = 1
		}
		next := bs[t][:0]
		if i == 0 {
			next = dst
		}
		next, err := patchBytes(next, cur, frames[i])
		if err != nil {
			return nil, err
		}
		keep(i, next)
		if i > 0 {
			bs[t], in = next, t
		}
		cur = next
	}
	return cur, nil
}
