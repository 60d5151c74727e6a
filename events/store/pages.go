package store

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"os"
)

// The pages under bbolt. bbolt reads its file through unsafe pointers and
// trusts every offset and length a page holds: a flipped byte in one makes
// it read past the page. Out in the mapped file that faults, which the
// boundary (guard.go) recovers; but an inline bucket (a small bucket kept
// inside its parent's value) is copied to the Go heap when its value is not
// aligned, and an offset that points past the copy makes a slice into
// whatever the heap holds next: the garbage collector then stops the
// process ("found pointer to free object"), which no recover catches
// (found by FuzzStoreDamage). So before bbolt reads a file, checkPages walks
// it in plain Go, every read bounds-checked: the meta bbolt will use, the
// freelist, and every page and inline page reachable from the root, each
// element's key and value inside its page. It maps the file and reads each
// page's header and elements once, not the keys and values: about 10 ms for
// a 13 MB store on the development machine, so it grows with the file.

// The bbolt (v1.5) layout: page and meta headers, elements, flags.
const (
	pageHeader      = 16 // id uint64, flags uint16, count uint16, overflow uint32
	elementSize     = 16 // branch: pos, ksize uint32, pgid uint64; leaf: flags, pos, ksize, vsize uint32
	bucketHeader    = 16 // root pgid uint64, sequence uint64
	flagBranch      = 0x01
	flagLeaf        = 0x02
	flagMeta        = 0x04
	flagFreelist    = 0x10
	leafBucket      = 0x01
	boltMagic       = 0xED0CDAED
	boltVersion     = 2
	noFreelist      = ^uint64(0)
	metaSummed      = 56 // the meta's bytes its checksum covers
	freelistOverMax = 0xFFFF
)

// pageWalk reads the pages of one file.
type pageWalk struct {
	data     []byte // the file, mapped read-only
	pageSize int
	hwm      uint64 // pages below this are in use
	seen     []bool // pages reached, by id
}

// checkPages walks the bbolt file at path, as described above. txid is the
// transaction bbolt opened the file at: the walk checks the same meta.
func checkPages(path string, txid uint64) error {
	data, unmap, err := mapFile(path)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer unmap()
	w := &pageWalk{data: data}
	if err := w.walk(txid); err != nil {
		return fmt.Errorf("store: %w: %s: %v", ErrDamaged, path, err)
	}
	return nil
}

func (w *pageWalk) walk(txid uint64) error {
	meta, err := w.meta(txid)
	if err != nil {
		return err
	}
	w.pageSize = int(binary.LittleEndian.Uint32(meta[24:]))
	w.hwm = binary.LittleEndian.Uint64(meta[56:])
	if w.hwm < 2 || w.hwm > 1<<40 {
		return fmt.Errorf("meta: %d pages in use", w.hwm)
	}
	w.seen = make([]bool, w.hwm)
	w.seen[0], w.seen[1] = true, true
	if fl := binary.LittleEndian.Uint64(meta[48:]); fl != noFreelist {
		if err := w.freelist(fl); err != nil {
			return err
		}
	}
	return w.tree(binary.LittleEndian.Uint64(meta[32:]), 0)
}

// meta finds the meta page bbolt opened the file at. The first meta page
// gives the page size (bbolt falls back to the system's when it is
// damaged); the second is one page on.
func (w *pageWalk) meta(txid uint64) ([]byte, error) {
	read := func(off int64) []byte {
		if off < 0 || off+pageHeader+metaSummed+8 > int64(len(w.data)) {
			return nil
		}
		b := w.data[off : off+pageHeader+metaSummed+8]
		if !validMeta(b) {
			return nil
		}
		return b
	}
	first, size := read(0), int64(os.Getpagesize())
	if first != nil {
		size = int64(binary.LittleEndian.Uint32(first[24:]))
	}
	for _, m := range [][]byte{first, read(size)} {
		if m != nil && binary.LittleEndian.Uint64(m[64:]) == txid && int64(binary.LittleEndian.Uint32(m[24:])) == size {
			return m, nil
		}
	}
	return nil, fmt.Errorf("no valid meta page of transaction %d", txid)
}

func validMeta(b []byte) bool {
	if binary.LittleEndian.Uint32(b[16:]) != boltMagic || binary.LittleEndian.Uint32(b[20:]) != boltVersion {
		return false
	}
	if ps := binary.LittleEndian.Uint32(b[24:]); ps < 1024 || ps > 1<<16 {
		return false
	}
	h := fnv.New64a()
	h.Write(b[pageHeader : pageHeader+metaSummed])
	return h.Sum64() == binary.LittleEndian.Uint64(b[pageHeader+metaSummed:])
}

// page reads page id whole (with its overflow) and checks its header.
func (w *pageWalk) page(id uint64, flags uint16) ([]byte, error) {
	if id < 2 || id >= w.hwm {
		return nil, fmt.Errorf("page %d is out of the file's %d pages", id, w.hwm)
	}
	if w.seen[id] {
		return nil, fmt.Errorf("page %d is reached twice", id)
	}
	off := int64(id) * int64(w.pageSize)
	if off+pageHeader > int64(len(w.data)) {
		return nil, fmt.Errorf("page %d is past the end of the file", id)
	}
	head := w.data[off : off+pageHeader]
	if got := binary.LittleEndian.Uint64(head); got != id {
		return nil, fmt.Errorf("page %d calls itself page %d", id, got)
	}
	if f := binary.LittleEndian.Uint16(head[8:]); f&flags == 0 || f&(f-1) != 0 {
		return nil, fmt.Errorf("page %d: flags %#x where %#x belongs", id, f, flags)
	}
	overflow := uint64(binary.LittleEndian.Uint32(head[12:]))
	if id+overflow >= w.hwm {
		return nil, fmt.Errorf("page %d runs %d pages past the file's %d", id, overflow, w.hwm)
	}
	for i := id; i <= id+overflow; i++ {
		if w.seen[i] {
			return nil, fmt.Errorf("page %d overlaps page %d", id, i)
		}
		w.seen[i] = true
	}
	end := off + int64(1+overflow)*int64(w.pageSize)
	if end > int64(len(w.data)) {
		return nil, fmt.Errorf("page %d runs past the end of the file", id)
	}
	return w.data[off:end], nil
}

func (w *pageWalk) freelist(id uint64) error {
	b, err := w.page(id, flagFreelist)
	if err != nil {
		return fmt.Errorf("freelist: %v", err)
	}
	n, at := uint64(binary.LittleEndian.Uint16(b[10:])), pageHeader
	if n == freelistOverMax {
		if len(b) < pageHeader+8 {
			return fmt.Errorf("freelist page %d: no count", id)
		}
		n, at = binary.LittleEndian.Uint64(b[pageHeader:]), pageHeader+8
	}
	if n > uint64(len(b)-at)/8 {
		return fmt.Errorf("freelist page %d: %d ids do not fit", id, n)
	}
	for i := uint64(0); i < n; i++ {
		if free := binary.LittleEndian.Uint64(b[at+8*int(i):]); free < 2 || free >= w.hwm {
			return fmt.Errorf("freelist page %d: free page %d is out of the file's %d pages", id, free, w.hwm)
		}
	}
	return nil
}

// tree checks the bucket whose root is page id (depth counts nested
// buckets, against a loop of them).
func (w *pageWalk) tree(id uint64, depth int) error {
	b, err := w.page(id, flagBranch|flagLeaf)
	if err != nil {
		return err
	}
	return w.elements(b, fmt.Sprintf("page %d", id), depth)
}

// elements checks the elements of page b (a page read from the file or
// an inline page) and walks what they point to.
func (w *pageWalk) elements(b []byte, where string, depth int) error {
	if depth > 64 {
		return fmt.Errorf("%s: buckets nested too deep", where)
	}
	if len(b) < pageHeader {
		return fmt.Errorf("%s: shorter than a page header", where)
	}
	flags, count := binary.LittleEndian.Uint16(b[8:]), int(binary.LittleEndian.Uint16(b[10:]))
	if flags != flagBranch && flags != flagLeaf {
		return fmt.Errorf("%s: flags %#x, neither branch nor leaf", where, flags)
	}
	if pageHeader+count*elementSize > len(b) {
		return fmt.Errorf("%s: %d elements do not fit", where, count)
	}
	for i := 0; i < count; i++ {
		e := pageHeader + i*elementSize
		if flags == flagBranch {
			pos, ksize := int(binary.LittleEndian.Uint32(b[e:])), int(binary.LittleEndian.Uint32(b[e+4:]))
			if pos < 0 || ksize < 0 || e+pos+ksize > len(b) {
				return fmt.Errorf("%s: element %d's key runs past the page", where, i)
			}
			if err := w.tree(binary.LittleEndian.Uint64(b[e+8:]), depth); err != nil {
				return err
			}
			continue
		}
		eflags := binary.LittleEndian.Uint32(b[e:])
		pos, ksize, vsize := int(binary.LittleEndian.Uint32(b[e+4:])), int(binary.LittleEndian.Uint32(b[e+8:])), int(binary.LittleEndian.Uint32(b[e+12:]))
		end := e + pos + ksize + vsize
		if pos < 0 || ksize < 0 || vsize < 0 || end > len(b) || end < e {
			return fmt.Errorf("%s: element %d's key or value runs past the page", where, i)
		}
		if eflags&leafBucket == 0 {
			continue
		}
		v := b[e+pos+ksize : end]
		if len(v) < bucketHeader {
			return fmt.Errorf("%s: element %d: a bucket of %d bytes", where, i, len(v))
		}
		if root := binary.LittleEndian.Uint64(v); root != 0 {
			if err := w.tree(root, depth+1); err != nil {
				return err
			}
			continue
		}
		if err := w.elements(v[bucketHeader:], fmt.Sprintf("%s: element %d's inline bucket", where, i), depth+1); err != nil {
			return err
		}
	}
	return nil
}
