package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// A match's meta is read by hand, in place: every fold and cursor reads
// it once, and msgpack's reflection was nearly all of opening a cursor.
// It reads what msgpack.Unmarshal reads into a Meta, in every form: a map
// by field name, in any order, with fields missing, unknown (skipped) or
// given twice (the last wins, decoded over the first as msgpack does); an
// array of every field in order; nil; each value in any form msgpack
// accepts for its type. Bytes after the meta are ignored, as msgpack
// ignores them.

// metaFields and playerFields are how many fields the array forms hold: a
// test holds them to the structs.
const (
	metaFields   = 14
	playerFields = 3
)

// errArrayStruct is msgpack's error for an array of another length.
var errArrayStruct = errors.New("msgpack: number of fields in array-encoded struct has changed")

// errLongList is a list longer than the bytes left: each entry takes a
// byte at least, and msgpack fails as it reads them.
var errLongList = fmt.Errorf("%w: a list longer than the bytes left", io.ErrUnexpectedEOF)

// readMeta reads a meta's msgpack into m, as msgpack.Unmarshal(p, m).
func readMeta(p []byte, m *Meta) error {
	r := msgReader{b: p}
	return r.meta(m)
}

// meta reads a meta into m.
func (r *msgReader) meta(m *Meta) error {
	n, asArray, err := r.structLen()
	switch {
	case err != nil:
		return err
	case n < 0 || asArray && n == 0:
		*m = Meta{}
		return nil
	case asArray:
		if n != metaFields {
			return errArrayStruct
		}
		for i := range metaFields {
			if err := r.metaField(m, i); err != nil {
				return err
			}
		}
		return nil
	}
	for range n {
		key, err := r.key()
		if err != nil {
			return err
		}
		i := metaField(key)
		if i < 0 {
			err = r.skip()
		} else {
			err = r.metaField(m, i)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// metaField is the index of the Meta field named key, in field order; -1
// for none.
func metaField(key []byte) int {
	switch string(key) {
	case "match":
		return 0
	case "format":
		return 1
	case "event":
		return 2
	case "players":
		return 3
	case "status":
		return 4
	case "events":
		return 5
	case "head_seq":
		return 6
	case "head_hash":
		return 7
	case "started":
		return 8
	case "updated":
		return 9
	case "parent":
		return 10
	case "branch_point":
		return 11
	case "label":
		return 12
	case "table_key":
		return 13
	}
	return -1
}

// metaField reads field i of m.
func (r *msgReader) metaField(m *Meta, i int) error {
	var err error
	switch i {
	case 0:
		m.Match, err = r.str()
	case 1:
		m.Format, err = r.str()
	case 2:
		m.Event, err = r.str()
	case 3:
		err = r.players(&m.Players)
	case 4:
		m.Status, err = r.status()
	case 5:
		m.Events, err = r.uint()
	case 6:
		m.HeadSeq, err = r.uint()
	case 7:
		m.HeadHash, err = r.bin(m.HeadHash)
	case 8:
		m.Started, err = r.int()
	case 9:
		m.Updated, err = r.int()
	case 10:
		m.Parent, err = r.str()
	case 11:
		m.BranchPoint, err = r.uint()
	case 12:
		m.Label, err = r.str()
	case 13:
		m.TableKey, err = r.str()
	}
	return err
}

// players reads the list of players into ps's memory, as msgpack decodes
// a slice: nil is nil, each entry decoded over what the memory holds.
func (r *msgReader) players(ps *[]PlayerMeta) error {
	n, err := r.arrayLen()
	switch {
	case err != nil:
		return err
	case n < 0:
		*ps = nil
		return nil
	case n == 0 && *ps == nil:
		*ps = []PlayerMeta{}
		return nil
	case n > r.left():
		return errLongList
	}
	if r.discard {
		for range n {
			var p PlayerMeta
			if err := r.player(&p); err != nil {
				return err
			}
		}
		return nil
	}
	s := *ps
	if cap(s) >= n {
		s = s[:n]
	} else {
		s = append(s[:cap(s)], make([]PlayerMeta, n-cap(s))...)
	}
	*ps = s
	for i := range s {
		if err := r.player(&s[i]); err != nil {
			return err
		}
	}
	return nil
}

// player reads one player into p.
func (r *msgReader) player(p *PlayerMeta) error {
	n, asArray, err := r.structLen()
	switch {
	case err != nil:
		return err
	case n < 0 || asArray && n == 0:
		*p = PlayerMeta{}
		return nil
	case asArray:
		if n != playerFields {
			return errArrayStruct
		}
		for _, f := range [...]*string{&p.ID, &p.Name, &p.Key} {
			if *f, err = r.str(); err != nil {
				return err
			}
		}
		return nil
	}
	for range n {
		key, err := r.key()
		if err != nil {
			return err
		}
		switch string(key) {
		case "id":
			p.ID, err = r.str()
		case "name":
			p.Name, err = r.str()
		case "key":
			p.Key, err = r.str()
		default:
			err = r.skip()
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// status is a string, the usual statuses without a copy.
func (r *msgReader) status() (string, error) {
	p, err := r.bytes()
	switch {
	case err != nil || len(p) == 0 || r.discard:
		return "", err
	case string(p) == StatusOpen:
		return StatusOpen, nil
	case string(p) == StatusFinished:
		return StatusFinished, nil
	}
	return string(p), nil
}

// msgReader reads msgpack values in place from b, each as msgpack.Decoder
// reads it into a value of its Go type.
type msgReader struct {
	b   []byte
	off int
	// discard: strings and bytes are checked and not kept (readMetaHead).
	discard bool
}

func (r *msgReader) left() int { return len(r.b) - r.off }

func (r *msgReader) code() (byte, error) {
	if r.off >= len(r.b) {
		return 0, io.EOF
	}
	c := r.b[r.off]
	r.off++
	return c, nil
}

// next reads n bytes in place.
func (r *msgReader) next(n int) ([]byte, error) {
	if n < 0 || n > r.left() {
		r.off = len(r.b)
		return nil, io.ErrUnexpectedEOF
	}
	p := r.b[r.off : r.off+n : r.off+n]
	r.off += n
	return p, nil
}

// number reads the n-byte big-endian body of an int or a length.
func (r *msgReader) number(n int) (uint64, error) {
	p, err := r.next(n)
	if err != nil {
		return 0, err
	}
	switch n {
	case 1:
		return uint64(p[0]), nil
	case 2:
		return uint64(binary.BigEndian.Uint16(p)), nil
	case 4:
		return uint64(binary.BigEndian.Uint32(p)), nil
	}
	return binary.BigEndian.Uint64(p), nil
}

// uint reads an int of any form, as msgpack.Decoder.DecodeUint64.
func (r *msgReader) uint() (uint64, error) {
	c, err := r.code()
	if err != nil {
		return 0, err
	}
	if msgpcode.IsFixedNum(c) {
		return uint64(int8(c)), nil
	}
	switch c {
	case msgpcode.Nil:
		return 0, nil
	case msgpcode.Uint8:
		return r.number(1)
	case msgpcode.Int8:
		v, err := r.number(1)
		return uint64(int8(v)), err
	case msgpcode.Uint16:
		return r.number(2)
	case msgpcode.Int16:
		v, err := r.number(2)
		return uint64(int16(v)), err
	case msgpcode.Uint32:
		return r.number(4)
	case msgpcode.Int32:
		v, err := r.number(4)
		return uint64(int32(v)), err
	case msgpcode.Uint64, msgpcode.Int64:
		return r.number(8)
	}
	return 0, fmt.Errorf("msgpack: invalid code=%x decoding uint64", c)
}

// int reads an int of any form, as msgpack.Decoder.DecodeInt64.
func (r *msgReader) int() (int64, error) {
	v, err := r.uint() // the same forms, the same bits
	return int64(v), err
}

// arrayLen reads an array's length; nil is -1.
func (r *msgReader) arrayLen() (int, error) {
	c, err := r.code()
	if err != nil {
		return 0, err
	}
	return r.arrayLenOf(c)
}

func (r *msgReader) arrayLenOf(c byte) (int, error) {
	switch {
	case c == msgpcode.Nil:
		return -1, nil
	case msgpcode.IsFixedArray(c):
		return int(c & msgpcode.FixedArrayMask), nil
	case c == msgpcode.Array16:
		v, err := r.number(2)
		return int(v), err
	case c == msgpcode.Array32:
		v, err := r.number(4)
		return int(v), err
	}
	return 0, fmt.Errorf("msgpack: invalid code=%x decoding array length", c)
}

// mapLenOf is the length of a map whose first byte is c; ok is false for
// a value that is not a map (nil is one, of length -1).
func (r *msgReader) mapLenOf(c byte) (n int, ok bool, err error) {
	switch {
	case c == msgpcode.Nil:
		return -1, true, nil
	case msgpcode.IsFixedMap(c):
		return int(c & msgpcode.FixedMapMask), true, nil
	case c == msgpcode.Map16:
		v, err := r.number(2)
		return int(v), true, err
	case c == msgpcode.Map32:
		v, err := r.number(4)
		return int(v), true, err
	}
	return 0, false, nil
}

// structLen reads the start of a struct as msgpack reads one: a map of
// n fields by name (-1: nil), or an array of n in order (asArray).
func (r *msgReader) structLen() (n int, asArray bool, err error) {
	c, err := r.code()
	if err != nil {
		return 0, false, err
	}
	if n, ok, err := r.mapLenOf(c); ok {
		return n, false, err
	}
	n, err = r.arrayLenOf(c)
	if err != nil {
		return 0, false, fmt.Errorf("msgpack: unexpected code=%x decoding map length", c)
	}
	return n, true, nil
}

// bytes reads a string or bin in place; nil is nil.
func (r *msgReader) bytes() ([]byte, error) {
	c, err := r.code()
	if err != nil {
		return nil, err
	}
	var n uint64
	switch {
	case c == msgpcode.Nil:
		return nil, nil
	case msgpcode.IsFixedString(c):
		n = uint64(c & msgpcode.FixedStrMask)
	case c == msgpcode.Str8 || c == msgpcode.Bin8:
		n, err = r.number(1)
	case c == msgpcode.Str16 || c == msgpcode.Bin16:
		n, err = r.number(2)
	case c == msgpcode.Str32 || c == msgpcode.Bin32:
		n, err = r.number(4)
	default:
		return nil, fmt.Errorf("msgpack: invalid code=%x decoding string/bytes length", c)
	}
	if err != nil {
		return nil, err
	}
	return r.next(int(n)) // empty, not nil, for an empty string
}

// key reads a field name, in place.
func (r *msgReader) key() ([]byte, error) { return r.bytes() }

// str reads a string, copied; nil is "".
func (r *msgReader) str() (string, error) {
	p, err := r.bytes()
	if len(p) == 0 || err != nil || r.discard {
		return "", err
	}
	return string(p), nil
}

// bin reads bytes into old's memory when it is large enough, as msgpack
// decodes a []byte: nil is nil, an empty one is empty, not nil.
func (r *msgReader) bin(old []byte) ([]byte, error) {
	p, err := r.bytes()
	if p == nil || err != nil || r.discard {
		return p, err
	}
	if old == nil {
		return append(make([]byte, 0, len(p)), p...), nil
	}
	return append(old[:0], p...), nil
}

// skip reads over one value of any form, as msgpack.Decoder.Skip: values
// inside it are counted, not recursed into.
func (r *msgReader) skip() error {
	for left := 1; left > 0; left-- {
		if left > r.left() {
			return io.ErrUnexpectedEOF // each value takes a byte at least
		}
		c, err := r.code()
		if err != nil {
			return err
		}
		var body uint64
		switch {
		case msgpcode.IsFixedNum(c), c == msgpcode.Nil, c == msgpcode.False, c == msgpcode.True:
		case msgpcode.IsFixedMap(c):
			left += 2 * int(c&msgpcode.FixedMapMask)
		case msgpcode.IsFixedArray(c):
			left += int(c & msgpcode.FixedArrayMask)
		case msgpcode.IsFixedString(c):
			body = uint64(c & msgpcode.FixedStrMask)
		case c == msgpcode.Uint8, c == msgpcode.Int8, c == msgpcode.FixExt1:
			body = 1
		case c == msgpcode.Uint16, c == msgpcode.Int16, c == msgpcode.FixExt2:
			body = 2
		case c == msgpcode.Uint32, c == msgpcode.Int32, c == msgpcode.Float, c == msgpcode.FixExt4:
			body = 4
		case c == msgpcode.Uint64, c == msgpcode.Int64, c == msgpcode.Double, c == msgpcode.FixExt8:
			body = 8
		case c == msgpcode.FixExt16:
			body = 16
		case c == msgpcode.Str8, c == msgpcode.Bin8:
			body, err = r.number(1)
		case c == msgpcode.Str16, c == msgpcode.Bin16:
			body, err = r.number(2)
		case c == msgpcode.Str32, c == msgpcode.Bin32:
			body, err = r.number(4)
		case c == msgpcode.Array16:
			body, err = r.number(2)
			left += int(body)
			body = 0
		case c == msgpcode.Array32:
			body, err = r.number(4)
			left += int(body)
			body = 0
		case c == msgpcode.Map16:
			body, err = r.number(2)
			left += 2 * int(body)
			body = 0
		case c == msgpcode.Map32:
			body, err = r.number(4)
			left += 2 * int(body)
			body = 0
		case c == msgpcode.Ext8:
			body, err = r.number(1)
		case c == msgpcode.Ext16:
			body, err = r.number(2)
		case c == msgpcode.Ext32:
			body, err = r.number(4)
		default:
			return fmt.Errorf("msgpack: unknown code %x", c)
		}
		if err != nil {
			return err
		}
		if c >= msgpcode.FixExt1 && c <= msgpcode.FixExt16 || c >= msgpcode.Ext8 && c <= msgpcode.Ext32 {
			body++ // the ext's type
		}
		if _, err := r.next(int(body)); err != nil {
			return err
		}
	}
	return nil
}
