package reducer

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The snapshot's primitives: a writer and a reader over msgpack that keep
// the first error, so the record code reads as a list of fields.

type snapWriter struct {
	enc *msgpack.Encoder
	err error
}

func (w *snapWriter) keep(err error) {
	if w.err == nil {
		w.err = err
	}
}

func (w *snapWriter) arr(n int)     { w.keep(w.enc.EncodeArrayLen(n)) }
func (w *snapWriter) int(v int)     { w.keep(w.enc.EncodeInt(int64(v))) }
func (w *snapWriter) uint(v uint64) { w.keep(w.enc.EncodeUint(v)) }
func (w *snapWriter) bool(v bool)   { w.keep(w.enc.EncodeBool(v)) }
func (w *snapWriter) str(v string)  { w.keep(w.enc.EncodeString(v)) }
func (w *snapWriter) nil()          { w.keep(w.enc.EncodeNil()) }
func (w *snapWriter) ints(vs []int) {
	w.arr(len(vs))
	for _, v := range vs {
		w.int(v)
	}
}
func (w *snapWriter) ids(vs []ObjID) {
	w.arr(len(vs))
	for _, v := range vs {
		w.int(int(v))
	}
}

// def names a card definition; nil is msgpack nil.
func (w *snapWriter) def(d *cards.Card) {
	if d == nil {
		w.nil()
		return
	}
	w.str(d.Name)
}

func (w *snapWriter) strs(vs []string) {
	w.arr(len(vs))
	for _, v := range vs {
		w.str(v)
	}
}

// targets writes object, player pairs.
func (w *snapWriter) targets(ts []Target) {
	w.arr(2 * len(ts))
	for _, t := range ts {
		w.int(int(t.Obj))
		w.int(t.Player)
	}
}

func (w *snapWriter) counters(cs []Counter) {
	w.arr(2 * len(cs))
	for _, c := range cs {
		w.str(c.Kind)
		w.int(c.N)
	}
}

type snapReader struct {
	dec *msgpack.Decoder
	// br is what dec reads, when it reads bytes: the one-byte forms that
	// make up most of a snapshot (small ints, short arrays, bools, nil)
	// are read from it directly, anything longer by dec (see small).
	br   *bytes.Reader
	pool *cards.Pool
	// declared: the state whose declared cards resolve names first.
	declared *State
	err      error
	slab     []Object // see newObject
	// defs caches the definitions of the names read so far, and name is
	// the buffer a name is read into: a state names the same few dozen
	// cards hundreds of times, and neither is kept by the state.
	defs map[string]*cards.Card
	name []byte
}

func (r *snapReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf(format, args...)
	}
}

func (r *snapReader) keep(err error) {
	if r.err == nil && err != nil {
		r.err = err
	}
}

// small reads the next byte when it is a whole value (ok) and leaves it
// to dec otherwise. The decoder reads br byte by byte and keeps no state
// between values, so either may read the next one.
func (r *snapReader) small() (c byte, ok bool) {
	if r.br == nil {
		return 0, false
	}
	c, err := r.br.ReadByte()
	if err != nil {
		return 0, false // dec reports it
	}
	if msgpcode.IsFixedNum(c) || msgpcode.IsFixedArray(c) || c == msgpcode.Nil || c == msgpcode.False || c == msgpcode.True {
		return c, true
	}
	_ = r.br.UnreadByte()
	return 0, false
}

// unread puts back a byte small read.
func (r *snapReader) unread() { _ = r.br.UnreadByte() }

// arr reads an array's length; nil reads as 0.
func (r *snapReader) arr() int {
	if r.err != nil {
		return 0
	}
	if c, ok := r.small(); ok {
		switch {
		case msgpcode.IsFixedArray(c):
			return int(c & msgpcode.FixedArrayMask)
		case c == msgpcode.Nil:
			return 0
		}
		r.unread()
	}
	n, err := r.dec.DecodeArrayLen()
	r.keep(err)
	return max(n, 0)
}

// fields reads a record's length, which must be n.
func (r *snapReader) fields(n int, what string) {
	if m := r.arr(); m != n && r.err == nil {
		r.fail("a %s of %d fields, want %d", what, m, n)
	}
}

// fieldsUpTo reads a record of n fields and up to more optional ones
// appended after them, and returns how many of those it has.
func (r *snapReader) fieldsUpTo(n, more int, what string) int {
	m := r.arr()
	if (m < n || m > n+more) && r.err == nil {
		r.fail("a %s of %d fields, want %d to %d", what, m, n, n+more)
	}
	return max(m-n, 0)
}

func (r *snapReader) int() int {
	if r.err != nil {
		return 0
	}
	if c, ok := r.small(); ok {
		switch {
		case msgpcode.IsFixedNum(c):
			return int(int8(c))
		case c == msgpcode.Nil:
			return 0 // as DecodeInt reads it
		}
		r.unread()
	}
	v, err := r.dec.DecodeInt()
	r.keep(err)
	return v
}

func (r *snapReader) bool() bool {
	if r.err != nil {
		return false
	}
	if c, ok := r.small(); ok {
		switch c {
		case msgpcode.False:
			return false
		case msgpcode.True:
			return true
		}
		r.unread()
	}
	v, err := r.dec.DecodeBool()
	r.keep(err)
	return v
}

func (r *snapReader) str() string {
	if r.err != nil {
		return ""
	}
	v, err := r.dec.DecodeString()
	r.keep(err)
	return v
}

// isNil consumes a nil and reports whether there was one.
func (r *snapReader) isNil() bool {
	if r.err != nil {
		return false
	}
	if c, ok := r.small(); ok {
		if c == msgpcode.Nil {
			return true
		}
		r.unread()
		return false
	}
	c, err := r.dec.PeekCode()
	if err != nil {
		r.keep(err)
		return false
	}
	if c != msgpcode.Nil {
		return false
	}
	r.keep(r.dec.DecodeNil())
	return true
}

// optStr reads a string, or nil (null is then true).
func (r *snapReader) optStr() (s string, null bool) {
	if r.isNil() {
		return "", true
	}
	return r.str(), false
}

func (r *snapReader) ints() []int {
	n := r.arr()
	if n == 0 {
		return nil
	}
	out := make([]int, n)
	for i := range out {
		out[i] = r.int()
	}
	return out
}

func (r *snapReader) ids() []ObjID {
	n := r.arr()
	if n == 0 {
		return nil
	}
	out := make([]ObjID, n)
	for i := range out {
		out[i] = ObjID(r.int())
	}
	return out
}

// card resolves a card name in the pool.
func (r *snapReader) card(name string) *cards.Card {
	if r.err != nil {
		return nil
	}
	c, ok := r.pool.Card(name)
	if r.declared != nil {
		c, ok = r.declared.cardDef(name)
	}
	if !ok {
		r.fail("card %q is not in the pool", name)
	}
	return c
}

// def reads a card definition's name, or nil. The name is looked up
// without making a string of it when it was read before.
func (r *snapReader) def() *cards.Card {
	if r.err != nil {
		return nil
	}
	n, err := r.dec.DecodeBytesLen()
	if err != nil || n < 0 {
		r.keep(err)
		return nil
	}
	r.name = slices.Grow(r.name[:0], n)[:n]
	if err := r.dec.ReadFull(r.name); err != nil {
		r.keep(err)
		return nil
	}
	if c, ok := r.defs[string(r.name)]; ok {
		return c
	}
	c := r.card(string(r.name))
	if r.err == nil {
		if r.defs == nil {
			r.defs = make(map[string]*cards.Card)
		}
		r.defs[string(r.name)] = c
	}
	return c
}

func (r *snapReader) counters() []Counter {
	n := r.pairs("counters")
	if n == 0 {
		return nil
	}
	out := make([]Counter, n)
	for i := range out {
		out[i] = Counter{Kind: r.str(), N: r.int()}
	}
	return out
}

func (r *snapReader) strs() []string {
	n := r.arr()
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = r.str()
	}
	return out
}

// pairs reads the length of a flat list of pairs and returns the number of
// pairs.
func (r *snapReader) pairs(what string) int {
	n := r.arr()
	if n%2 != 0 {
		r.fail("%s of %d items", what, n)
		return 0
	}
	return n / 2
}

func (r *snapReader) targets() []Target {
	n := r.pairs("targets")
	if n == 0 {
		return nil
	}
	out := make([]Target, n)
	for i := range out {
		out[i] = Target{Obj: uint32(r.int()), Player: r.int()}
	}
	return out
}

func (r *snapReader) uint() uint64 {
	if r.err != nil {
		return 0
	}
	v, err := r.dec.DecodeUint64()
	r.keep(err)
	return v
}
