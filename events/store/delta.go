package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"sync"
)

// Byte deltas between snapshots. Two snapshots of a match 64 inputs apart
// are mostly the same bytes: the same objects in the same order, a few
// tapped, moved or counted differently. A delta says how to build the new
// one from the old: runs of new bytes (literals) between runs copied from
// the old (matches), found as LZ77 finds them, with a hash of the old's
// every 8 bytes. It is then compressed as a snapshot is (compress.go),
// which squeezes what the literals and lengths still repeat.
//
// The ops: repeated { uvarint literal length, the literal, uvarint match
// length, varint where the match starts in the old, less where the last
// match ended }; the last literal has no match after it. A match goes on
// where the last one ended more often than not (what follows a changed
// field is the rest of its object), so that offset is tried first and is
// stored as a zero.

const deltaMinMatch = 8

// deltaTables are hash tables of an old snapshot's positions, kept between
// deltas (the recorder makes one every 64 inputs of a match).
var deltaTables = sync.Pool{New: func() any { return new([]int32) }}

func deltaHash(b []byte, bits uint) uint32 {
	return uint32((binary.LittleEndian.Uint64(b) * 0x9E3779B185EBCA87) >> (64 - bits))
}

// diffBytes appends to dst the ops that build cur from old.
func diffBytes(dst, old, cur []byte) []byte {
	bits := uint(8)
	for bits < 16 && 1<<bits < len(old) {
		bits++
	}
	tp := deltaTables.Get().(*[]int32)
	defer deltaTables.Put(tp)
	if cap(*tp) < 1<<bits {
		*tp = make([]int32, 1<<bits)
	}
	table := (*tp)[:1<<bits]
	for i := range table {
		table[i] = -1
	}
	for i := 0; i+deltaMinMatch <= len(old); i++ {
		table[deltaHash(old[i:], bits)] = int32(i)
	}
	lit, last, j := 0, 0, 0 // pending literals from lit; the last match ended at last in old
	for j+deltaMinMatch <= len(cur) {
		at := -1
		if p := last + j - lit; p+deltaMinMatch <= len(old) && bytes.Equal(old[p:p+deltaMinMatch], cur[j:j+deltaMinMatch]) {
			at = p
		} else if c := int(table[deltaHash(cur[j:], bits)]); c >= 0 && bytes.Equal(old[c:c+deltaMinMatch], cur[j:j+deltaMinMatch]) {
			at = c
		}
		if at < 0 {
			j++
			continue
		}
		for j > lit && at > 0 && old[at-1] == cur[j-1] {
			j, at = j-1, at-1
		}
		n := deltaMinMatch
		for j+n < len(cur) && at+n < len(old) && old[at+n] == cur[j+n] {
			n++
		}
		dst = binary.AppendUvarint(dst, uint64(j-lit))
		dst = append(dst, cur[lit:j]...)
		dst = binary.AppendUvarint(dst, uint64(n))
		dst = binary.AppendVarint(dst, int64(at-last))
		j += n
		lit, last = j, at+n
	}
	dst = binary.AppendUvarint(dst, uint64(len(cur)-lit))
	return append(dst, cur[lit:]...)
}

// patchBytes appends to dst what ops build from old. Every length and
// offset is checked: ops from a damaged file fail, and never build more
// than maxSnapshot bytes.
func patchBytes(dst, old, ops []byte) ([]byte, error) {
	last, start := 0, len(dst)
	for {
		n, k := binary.Uvarint(ops)
		if k <= 0 || n > uint64(len(ops)-k) {
			return nil, fmt.Errorf("%w: a snapshot delta's literal runs past its end", ErrDamaged)
		}
		dst = append(dst, ops[k:k+int(n)]...)
		ops = ops[k+int(n):]
		if len(ops) == 0 {
			return dst, nil
		}
		n, k = binary.Uvarint(ops)
		if k <= 0 {
			return nil, fmt.Errorf("%w: a snapshot delta's match length does not read", ErrDamaged)
		}
		ops = ops[k:]
		off, k := binary.Varint(ops)
		if k <= 0 {
			return nil, fmt.Errorf("%w: a snapshot delta's match offset does not read", ErrDamaged)
		}
		ops = ops[k:]
		at := int64(last) + off
		if at < 0 || n > uint64(len(old)) || at > int64(len(old))-int64(n) || len(dst)-start+int(n) > maxSnapshot {
			return nil, fmt.Errorf("%w: a snapshot delta copies from outside its base", ErrDamaged)
		}
		dst = append(dst, old[at:at+int64(n)]...)
		last = int(at) + int(n)
	}
}
