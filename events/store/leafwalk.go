package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"

	bolt "go.etcd.io/bbolt"
)

// Reading a bucket's values off its pages. A fold reads every stored
// effects value of a match, one an input, and bbolt's cursor spent about
// 150 instructions getting from one value to the next (a stack of page
// references, a call for each level): more than the fold's own checks and
// calls around each value. leafWalk reads the bucket's branch and leaf
// pages where bbolt mapped them, in the layout pages.go reads, every offset
// and length checked against the file as the transaction sees it: a damaged
// page is an error wrapping ErrDamaged, never a read outside the file.
// During a read transaction bbolt cannot remap the file (a remap waits for
// the read transactions to end), so the pages stay where they are for the
// walk; a write transaction's own changes are not on its pages yet, so it
// reads through the cursor.

// mappedPages returns the file's pages as read transaction tx sees them,
// and the page size; nil for a write transaction.
func mappedPages(tx *bolt.Tx) ([]byte, uint64) {
	if tx.Writable() {
		return nil, 0
	}
	info := tx.DB().Info()
	size := tx.Size()
	if info.PageSize < 1024 || size <= 0 {
		return nil, 0
	}
	// info.Data is the mapping's address, held as a uintptr.
	base := *(*unsafe.Pointer)(unsafe.Pointer(&info.Data))
	return unsafe.Slice((*byte)(base), size), uint64(info.PageSize)
}

// leafWalk walks the values of one bucket, keys from to to, unsealing
// each as stored under its seq and handing it to fn; a key more than gap
// past next (the key after the last one handed out) ends it (errGap).
type leafWalk struct {
	data      []byte // the file's pages
	pageSize  uint64
	from, to  uint64
	next, gap uint64
	visits    uint64 // pages read, against a damaged tree's loops
	owner     string // the match whose bucket it is
	sub       []byte // the bucket's name
	g         *callouts
	fn        func(seq uint64, v []byte) error
}

// errPastTo ends the walk of a segment at its last seq; errGap ends a
// run.
var (
	errPastTo = errors.New("past the segment's end")
	errGap    = errors.New("a seq that does not follow")
)

// maxTreeDepth bounds the levels of branch pages above a leaf; bbolt's
// trees are a few levels deep.
const maxTreeDepth = 32

// walk walks the tree under root; a walk that reached the segment's end
// returns nil. Nothing but fn between its values can panic (its reads
// are checked; a memory fault goes to the boundary all the same), so fn
// is marked as the caller's for the whole walk.
func (w *leafWalk) walk(root uint64) error {
	w.g.in = true
	err := w.tree(root, 0)
	w.g.in = false
	if err != nil && err != errPastTo {
		return err
	}
	return nil
}

func (w *leafWalk) damaged(id uint64, format string, a ...any) error {
	return fmt.Errorf("store: %s: %s: %w: page %d: %s", w.owner, w.sub, ErrDamaged, id, fmt.Sprintf(format, a...))
}

// page reads page id whole (with its overflow), its header checked, and
// returns it with its flags and element count.
func (w *leafWalk) page(id uint64) (p []byte, flags uint16, count int, err error) {
	pages := uint64(len(w.data)) / w.pageSize
	if w.visits++; w.visits > pages {
		return nil, 0, 0, w.damaged(id, "the tree reaches more pages than the file holds")
	}
	if id < 2 || id >= pages {
		return nil, 0, 0, w.damaged(id, "out of the file's %d pages", pages)
	}
	off := id * w.pageSize
	head := w.data[off : off+pageHeader]
	if got := binary.LittleEndian.Uint64(head); got != id {
		return nil, 0, 0, w.damaged(id, "it calls itself page %d", got)
	}
	flags, count = binary.LittleEndian.Uint16(head[8:]), int(binary.LittleEndian.Uint16(head[10:]))
	overflow := uint64(binary.LittleEndian.Uint32(head[12:]))
	if overflow >= pages-id {
		return nil, 0, 0, w.damaged(id, "it runs %d pages past the file's %d", overflow, pages)
	}
	p = w.data[off : off+(1+overflow)*w.pageSize]
	if pageHeader+count*elementSize > len(p) {
		return nil, 0, 0, w.damaged(id, "%d elements do not fit", count)
	}
	return p, flags, count, nil
}

// key reads element i's key of page p (branch or leaf: the key's offset
// and size are at the same places past the first word for a leaf, the
// first two words for a branch).
func key(p []byte, i int, branch bool) (uint64, bool) {
	e := pageHeader + i*elementSize
	var pos, ksize uint32
	if branch {
		pos, ksize = binary.LittleEndian.Uint32(p[e:]), binary.LittleEndian.Uint32(p[e+4:])
	} else {
		pos, ksize = binary.LittleEndian.Uint32(p[e+4:]), binary.LittleEndian.Uint32(p[e+8:])
	}
	k := e + int(pos)
	if ksize != 8 || k+8 > len(p) {
		return 0, false
	}
	return binary.BigEndian.Uint64(p[k:]), true
}

// search returns the first element of page p whose key is at or after
// seq (count when none is).
func search(p []byte, count int, seq uint64, branch bool) (int, bool) {
	lo, hi := 0, count
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		k, ok := key(p, m, branch)
		if !ok {
			return 0, false
		}
		if k < seq {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, true
}

// tree walks the page id and what it leads to, depth levels under the
// bucket's root.
func (w *leafWalk) tree(id uint64, depth int) error {
	if depth > maxTreeDepth {
		return w.damaged(id, "branch pages nested over %d deep", maxTreeDepth)
	}
	p, flags, count, err := w.page(id)
	if err != nil {
		return err
	}
	switch flags {
	case flagLeaf:
		return w.leaf(id, p, count)
	case flagBranch:
	default:
		return w.damaged(id, "flags %#x, neither branch nor leaf", flags)
	}
	i := 0
	if w.from > 1 {
		// The child whose keys begin at or before from: the one before
		// the first that begins after it, unless that one begins at it.
		n, ok := search(p, count, w.from, true)
		if !ok {
			return w.damaged(id, "a branch key is not a seq")
		}
		exact := false
		if n < count {
			k, _ := key(p, n, true)
			exact = k == w.from
		}
		if !exact {
			n--
		}
		i = max(n, 0)
	}
	for ; i < count; i++ {
		e := pageHeader + i*elementSize
		if err := w.tree(binary.LittleEndian.Uint64(p[e+8:]), depth+1); err != nil {
			return err
		}
	}
	return nil
}

// leaf hands out the values of leaf page p (page id), from the first at
// or after w.from; after it every leaf is walked from its first.
func (w *leafWalk) leaf(id uint64, p []byte, count int) error {
	i := 0
	if w.from > 1 {
		n, ok := search(p, count, w.from, false)
		if !ok {
			return w.damaged(id, "a key is not a seq")
		}
		i, w.from = n, 0
	}
	for e, last := pageHeader+i*elementSize, pageHeader+count*elementSize; e < last; e += elementSize {
		el := p[e : e+elementSize]
		flags := binary.LittleEndian.Uint32(el)
		k := uint(e) + uint(binary.LittleEndian.Uint32(el[4:]))
		ksize := binary.LittleEndian.Uint32(el[8:])
		end := k + 8 + uint(binary.LittleEndian.Uint32(el[12:]))
		if flags&leafBucket != 0 || ksize != 8 || end > uint(len(p)) {
			return w.damaged(id, "element %d is not a seq's value inside the page", (e-pageHeader)/elementSize)
		}
		kv := p[k:end]
		seq := binary.BigEndian.Uint64(kv)
		if seq > w.to {
			return errPastTo
		}
		if seq-w.next > w.gap {
			return errGap
		}
		w.next = seq + 1
		v, err := unsealSeq(seq, kv[8:])
		if err != nil {
			return fmt.Errorf("store: %s seq %d: %s: %w", w.owner, seq, w.sub, err)
		}
		if err := w.fn(seq, v); err != nil {
			return err
		}
	}
	return nil
}
