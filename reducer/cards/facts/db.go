package facts

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"sync"
)

// DB reads the compact form in place. It is safe for concurrent use.
type DB struct {
	data            []byte
	nCards, nTokens int
	blockSize       int
	dict            []byte
	flags           []byte
	names, keys     table
	entries         []byte
	blocks          table

	// last is the block decompressed last, into a buffer kept for the
	// next: a walk over the cards in order decompresses each block once.
	mu     sync.Mutex
	lastN  int
	last   bytes.Buffer
	reader io.ReadCloser
}

// table is a list of byte strings: n+1 offsets, then the bytes.
type table struct {
	off  []byte
	data []byte
	n    int
}

func (t table) at(i int) []byte {
	a := binary.LittleEndian.Uint32(t.off[4*i:])
	b := binary.LittleEndian.Uint32(t.off[4*i+4:])
	return t.data[a:b]
}

// Open checks data's header and offsets and returns a reader over it. data
// is kept, never copied or changed.
func Open(data []byte) (*DB, error) {
	d := &DB{data: data, lastN: -1}
	if !bytes.HasPrefix(data, []byte(magic)) {
		return nil, errors.New("facts: not a card facts file")
	}
	p := data[len(magic):]
	var err error
	u32 := func() int {
		if len(p) < 4 {
			err = errors.New("facts: file cut short")
			return 0
		}
		v := binary.LittleEndian.Uint32(p)
		p = p[4:]
		return int(v)
	}
	take := func(n int) []byte {
		if err != nil || n < 0 || n > len(p) {
			err = errors.New("facts: file cut short")
			return nil
		}
		b := p[:n]
		p = p[n:]
		return b
	}
	strs := func(n int) table {
		t := table{n: n, off: take(4 * (n + 1))}
		if err != nil {
			return t
		}
		prev := uint32(0)
		for i := 0; i <= n; i++ {
			o := binary.LittleEndian.Uint32(t.off[4*i:])
			if o < prev || (i == 0 && o != 0) {
				err = errors.New("facts: offsets out of order")
				return t
			}
			prev = o
		}
		t.data = take(int(prev))
		return t
	}
	d.nCards, d.nTokens, d.blockSize = u32(), u32(), u32()
	nKeys, nBlocks, dictLen := u32(), u32(), u32()
	if err == nil && (d.blockSize <= 0 || nBlocks != (d.nCards+d.nTokens+d.blockSize-1)/d.blockSize) {
		err = errors.New("facts: bad block count")
	}
	d.dict = take(dictLen)
	d.flags = take(d.nCards + d.nTokens)
	d.names = strs(d.nCards + d.nTokens)
	d.keys = strs(nKeys)
	d.entries = take(4 * nKeys)
	d.blocks = strs(nBlocks)
	if err == nil && len(p) != 0 {
		err = errors.New("facts: trailing bytes")
	}
	if err != nil {
		return nil, err
	}
	for k := 0; k < nKeys; k++ {
		if rec, _ := d.Entry(k); rec >= d.nCards+d.nTokens {
			return nil, fmt.Errorf("facts: key %d names record %d of %d", k, rec, d.nCards+d.nTokens)
		}
	}
	return d, nil
}

// Cards is how many cards there are: records 0 to Cards()-1, in name order.
func (d *DB) Cards() int { return d.nCards }

// Records is how many records there are: the cards, then the tokens.
func (d *DB) Records() int { return d.nCards + d.nTokens }

// Name returns record i's name (a card's CanonicalName).
func (d *DB) Name(i int) string { return string(d.names.at(i)) }

// Flags returns record i's flags.
func (d *DB) Flags(i int) byte { return d.flags[i] }

// Keys is how many index keys there are.
func (d *DB) Keys() int { return d.keys.n }

// Key returns index key k, folded; it aliases the file and must not be
// changed.
func (d *DB) Key(k int) []byte { return d.keys.at(k) }

// Entry returns the record index key k points at, and the kind of name it
// is (Key...).
func (d *DB) Entry(k int) (rec, kind int) {
	v := binary.LittleEndian.Uint32(d.entries[4*k:])
	return int(v >> 3), int(v & 7)
}

// Find returns the index keys equal to the folded name key, as the range
// [lo, hi), in the order a lookup prefers them.
func (d *DB) Find(key string) (lo, hi int) {
	lo = sort.Search(d.keys.n, func(k int) bool { return string(d.keys.at(k)) >= key })
	hi = lo
	for hi < d.keys.n && string(d.keys.at(hi)) == key {
		hi++
	}
	return lo, hi
}

// Record decodes record i.
func (d *DB) Record(i int) (Record, error) {
	var r Record
	raw, err := d.raw(i)
	if err == nil {
		err = json.Unmarshal(raw, &r)
	}
	if err != nil {
		return r, fmt.Errorf("facts: record %d (%s): %w", i, d.Name(i), err)
	}
	return r, nil
}

// raw returns a copy of record i's JSON, decompressing its block unless
// it was the last one decompressed.
func (d *DB) raw(i int) ([]byte, error) {
	if i < 0 || i >= d.Records() {
		return nil, fmt.Errorf("no record %d", i)
	}
	n := i / d.blockSize
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.lastN != n {
		d.lastN = -1
		if err := d.inflate(d.blocks.at(n)); err != nil {
			return nil, err
		}
		d.lastN = n
	}
	p := d.last.Bytes()
	for j := n * d.blockSize; ; j++ {
		l, size := binary.Uvarint(p)
		if size <= 0 || uint64(len(p)-size) < l {
			return nil, errors.New("block cut short")
		}
		if j == i {
			return bytes.Clone(p[size : size+int(l)]), nil
		}
		p = p[size+int(l):]
	}
}

// inflate decompresses block z into d.last; d.mu is held.
func (d *DB) inflate(z []byte) error {
	if d.reader == nil {
		d.reader = flate.NewReaderDict(bytes.NewReader(z), d.dict)
	} else if err := d.reader.(flate.Resetter).Reset(bytes.NewReader(z), d.dict); err != nil {
		return err
	}
	d.last.Reset()
	_, err := d.last.ReadFrom(d.reader)
	return err
}
