package reducer

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// wireReader reads msgpack in place from a byte slice: the values stored
// effects and snapshots are made of (ints, array lengths, strings, bools,
// nil), each accepting what msgpack.Decoder accepts for it (any width of
// int, nil read as zero). Seeking decodes a snapshot and up to a few
// hundred effects; the decoder, reading through an io.ByteScanner one byte
// at a time, was most of that work. Values written by reflection (rare:
// declared cards, language abilities on the stack, mana restrictions) are
// read by a pooled msgpack.Decoder over the bytes left.
type wireReader struct {
	b   []byte
	off int
}

func (r *wireReader) left() int { return len(r.b) - r.off }

// code reads the next value's first byte.
func (r *wireReader) code() (byte, error) {
	if r.off >= len(r.b) {
		return 0, io.EOF
	}
	c := r.b[r.off]
	r.off++
	return c, nil
}

// fixint reads a fixint (positive or negative) in place; for any other
// form it reads nothing and ok is false.
func (r *wireReader) fixint() (v int8, ok bool) {
	if off := r.off; off < len(r.b) {
		if c := int8(r.b[off]); c >= -32 {
			r.off = off + 1
			return c, true
		}
	}
	return 0, false
}

// peek is the next value's first byte, not read.
func (r *wireReader) peek() (byte, error) {
	if r.off >= len(r.b) {
		return 0, io.EOF
	}
	return r.b[r.off], nil
}

// next reads the next n bytes, in place.
func (r *wireReader) next(n int) ([]byte, error) {
	if n < 0 || n > r.left() {
		r.off = len(r.b)
		return nil, io.ErrUnexpectedEOF
	}
	p := r.b[r.off : r.off+n : r.off+n]
	r.off += n
	return p, nil
}

// number reads the n-byte big-endian body of an int or a length.
func (r *wireReader) number(n int) (uint64, error) {
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

// int64 reads an int of any form, as msgpack.Decoder.DecodeInt64 does.
func (r *wireReader) int64() (int64, error) {
	c, err := r.code()
	if err != nil {
		return 0, err
	}
	if msgpcode.IsFixedNum(c) {
		return int64(int8(c)), nil
	}
	switch c {
	case msgpcode.Nil:
		return 0, nil
	case msgpcode.Uint8:
		v, err := r.number(1)
		return int64(v), err
	case msgpcode.Int8:
		v, err := r.number(1)
		return int64(int8(v)), err
	case msgpcode.Uint16:
		v, err := r.number(2)
		return int64(v), err
	case msgpcode.Int16:
		v, err := r.number(2)
		return int64(int16(v)), err
	case msgpcode.Uint32:
		v, err := r.number(4)
		return int64(v), err
	case msgpcode.Int32:
		v, err := r.number(4)
		return int64(int32(v)), err
	case msgpcode.Uint64, msgpcode.Int64:
		v, err := r.number(8)
		return int64(v), err
	}
	return 0, fmt.Errorf("msgpack: invalid code=%x decoding int64", c)
}

// uint64 reads an int of any form, as msgpack.Decoder.DecodeUint64 does.
func (r *wireReader) uint64() (uint64, error) {
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

// arrayLen reads an array's length; nil is -1.
func (r *wireReader) arrayLen() (int, error) {
	c, err := r.code()
	if err != nil {
		return 0, err
	}
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

// bytes reads a string (or bin) in place; nil is nil.
func (r *wireReader) bytes() ([]byte, error) {
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
	return r.next(int(n))
}

// str reads a string, copied; nil is "".
func (r *wireReader) str() (string, error) {
	p, err := r.bytes()
	if len(p) == 0 {
		return "", err
	}
	return string(p), err
}

// boolean reads a bool; nil is false.
func (r *wireReader) boolean() (bool, error) {
	c, err := r.code()
	if err != nil {
		return false, err
	}
	switch c {
	case msgpcode.Nil, msgpcode.False:
		return false, nil
	case msgpcode.True:
		return true, nil
	}
	return false, fmt.Errorf("msgpack: invalid code=%x decoding bool", c)
}

// isNil reads a nil and reports whether the next value was one; another
// value is left unread.
func (r *wireReader) isNil() bool {
	if r.off < len(r.b) && r.b[r.off] == msgpcode.Nil {
		r.off++
		return true
	}
	return false
}

// decode reads the next value into v by reflection, as msgpack.Unmarshal
// would.
func (r *wireReader) decode(v any) error {
	br := bytes.NewReader(r.b[r.off:])
	dec := msgpack.GetDecoder()
	dec.Reset(br) // reads br in place: a bytes.Reader is an io.ByteScanner
	err := dec.Decode(v)
	msgpack.PutDecoder(dec)
	r.off += int(br.Size()) - br.Len()
	return err
}

// skip reads over the next value of any form, as msgpack.Decoder.Skip
// does: the values inside it are counted, not recursed into. It fails on
// bytes that end early and on a code msgpack does not know.
func (r *wireReader) skip() error {
	for left := 1; left > 0; left-- {
		if left > r.left() {
			return io.ErrUnexpectedEOF // each value takes a byte at least
		}
		c, _ := r.code()
		var body, items uint64
		var err error
		switch {
		case msgpcode.IsFixedNum(c), c == msgpcode.Nil, c == msgpcode.False, c == msgpcode.True:
		case msgpcode.IsFixedMap(c):
			items = 2 * uint64(c&msgpcode.FixedMapMask)
		case msgpcode.IsFixedArray(c):
			items = uint64(c & msgpcode.FixedArrayMask)
		case msgpcode.IsFixedString(c):
			body = uint64(c & msgpcode.FixedStrMask)
		case c == msgpcode.Uint8, c == msgpcode.Int8:
			body = 1
		case c == msgpcode.Uint16, c == msgpcode.Int16:
			body = 2
		case c == msgpcode.Uint32, c == msgpcode.Int32, c == msgpcode.Float:
			body = 4
		case c == msgpcode.Uint64, c == msgpcode.Int64, c == msgpcode.Double:
			body = 8
		case c >= msgpcode.FixExt1 && c <= msgpcode.FixExt16:
			body = 1 + 1<<(c-msgpcode.FixExt1) // the type, then 1 to 16 bytes
		case c == msgpcode.Str8, c == msgpcode.Bin8:
			body, err = r.number(1)
		case c == msgpcode.Str16, c == msgpcode.Bin16:
			body, err = r.number(2)
		case c == msgpcode.Str32, c == msgpcode.Bin32:
			body, err = r.number(4)
		case c == msgpcode.Ext8:
			body, err = r.number(1)
			body++
		case c == msgpcode.Ext16:
			body, err = r.number(2)
			body++
		case c == msgpcode.Ext32:
			body, err = r.number(4)
			body++
		case c == msgpcode.Array16:
			items, err = r.number(2)
		case c == msgpcode.Array32:
			items, err = r.number(4)
		case c == msgpcode.Map16:
			items, err = r.number(2)
			items *= 2
		case c == msgpcode.Map32:
			items, err = r.number(4)
			items *= 2
		default:
			return fmt.Errorf("msgpack: unknown code %x", c)
		}
		if err != nil {
			return err
		}
		if items > uint64(r.left()) {
			return io.ErrUnexpectedEOF
		}
		left += int(items)
		if _, err := r.next(int(min(body, uint64(r.left())+1))); err != nil {
			return err
		}
	}
	return nil
}
