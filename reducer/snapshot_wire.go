package reducer

import (
	"fmt"
	"io"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The snapshot's primitives: a writer and a reader over msgpack that keep
// the first error, so the record code reads as a list of fields.

// snapWriter appends the snapshot to buf: the primitives by hand, as
// msgpack.Encoder writes them with compact ints (appendMsgpack*), where
// going through the encoder and a bytes.Buffer for every number was most
// of writing one; the few fields written by reflection go through enc,
// which writes into buf too (Write, WriteByte).
type snapWriter struct {
	buf []byte
	enc *msgpack.Encoder
	err error
}

// newSnapWriter returns a writer into a buffer of size bytes to start.
func newSnapWriter(size int) *snapWriter {
	w := &snapWriter{buf: make([]byte, 0, size)}
	w.enc = msgpack.NewEncoder(w)
	w.enc.UseCompactInts(true)
	return w
}

// Write and WriteByte are enc's way into buf.
func (w *snapWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	return len(p), nil
}

func (w *snapWriter) WriteByte(c byte) error {
	w.buf = append(w.buf, c)
	return nil
}

func (w *snapWriter) keep(err error) {
	if w.err == nil {
		w.err = err
	}
}

func (w *snapWriter) arr(n int)     { w.buf = appendMsgpackArrayLen(w.buf, n) }
func (w *snapWriter) int(v int)     { w.buf = appendMsgpackInt(w.buf, int64(v)) }
func (w *snapWriter) uint(v uint64) { w.buf = appendMsgpackUint(w.buf, v) }
func (w *snapWriter) str(v string)  { w.buf = appendMsgpackString(w.buf, v) }
func (w *snapWriter) nil()          { w.buf = append(w.buf, msgpcode.Nil) }
func (w *snapWriter) bool(v bool) {
	if v {
		w.buf = append(w.buf, msgpcode.True)
	} else {
		w.buf = append(w.buf, msgpcode.False)
	}
}
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
	w    wireReader
	pool *cards.Pool
	// declared: the state whose declared cards resolve names first.
	declared *State
	err      error
	slab     []Object // see newObject
	// mem is the memory the state's lists come from (a SnapshotMemory of
	// its own for UnmarshalSnapshot).
	mem *SnapshotMemory
	// defs caches the definitions of the names read (mem's): a state
	// names the same few dozen cards hundreds of times. Names are looked
	// up as they lie in the snapshot, with no string made of them.
	defs map[string]*cards.Card
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

// decode reads the next value into v by reflection: for the few fields
// written so (msgpack.Encoder.Encode).
func (r *snapReader) decode(v any) {
	if r.err == nil {
		r.keep(r.w.decode(v))
	}
}

// arr reads an array's length; nil reads as 0.
func (r *snapReader) arr() int {
	if r.err != nil {
		return 0
	}
	n, err := r.w.arrayLen()
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
	// The forms of most of a snapshot's ints (ids, small counts), inline.
	b, off := r.w.b, r.w.off
	if off < len(b) {
		switch c := b[off]; {
		case msgpcode.IsFixedNum(c):
			r.w.off = off + 1
			return int(int8(c))
		case c == msgpcode.Uint8 && off+1 < len(b):
			r.w.off = off + 2
			return int(b[off+1])
		case c == msgpcode.Uint16 && off+2 < len(b):
			r.w.off = off + 3
			return int(b[off+1])<<8 | int(b[off+2])
		}
	}
	v, err := r.w.int64()
	r.keep(err)
	return int(v)
}

func (r *snapReader) bool() bool {
	if r.err != nil {
		return false
	}
	v, err := r.w.boolean()
	r.keep(err)
	return v
}

func (r *snapReader) str() string {
	if r.err != nil {
		return ""
	}
	p, err := r.w.bytes()
	r.keep(err)
	if len(p) == 0 {
		return ""
	}
	return r.mem.name(p)
}

// isNil consumes a nil and reports whether there was one.
func (r *snapReader) isNil() bool {
	if r.err != nil {
		return false
	}
	if r.w.left() == 0 {
		r.keep(io.EOF)
		return false
	}
	return r.w.isNil()
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
	out := r.mem.ints.take(n, 0)
	for i := range out {
		out[i] = r.int()
	}
	return out
}

// ids reads a list of object ids.
func (r *snapReader) ids() []ObjID { return r.idsRoom(0) }

// idsRoom reads a list of object ids, with room for more more after them
// (a zone the game adds to).
func (r *snapReader) idsRoom(more int) []ObjID {
	n := r.arr()
	if r.mem.oneShot && n == 0 {
		return nil
	}
	out := r.mem.ids.take(n, more)
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
	name, err := r.w.bytes()
	if err != nil || name == nil {
		r.keep(err)
		return nil
	}
	if c, ok := r.defs[string(name)]; ok {
		return c
	}
	key := string(name)
	c := r.card(key)
	if r.err == nil {
		r.defs[key] = c
	}
	return c
}

func (r *snapReader) counters() []Counter {
	n := r.pairs("counters")
	if n == 0 {
		return nil
	}
	out := r.mem.counters.take(n, 0)
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
	out := r.mem.strs.take(n, 0)
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
	out := r.mem.targets.take(n, 0)
	for i := range out {
		out[i] = Target{Obj: uint32(r.int()), Player: r.int()}
	}
	return out
}

func (r *snapReader) uint() uint64 {
	if r.err != nil {
		return 0
	}
	v, err := r.w.uint64()
	r.keep(err)
	return v
}
