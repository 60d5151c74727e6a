package reducer

import (
	"fmt"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// A question (Effect.Ask) is stored as an array of its fields in Question's
// order: almost every input changes who is asked, so it is on the hot path
// of both storing and folding effects. Fields at their zero value at the
// end are left out (the array is as long as the last field set): the
// question asked at most inputs, priority, is two fields of ten, and its
// eight zeros were a fifth of a stored input's effects. Stores written
// before hold all ten fields, and older ones a map by field name;
// decodeQuestion reads every form.

// questionFields is how many fields the array form has at most; a test
// holds it to Question's field count.
const questionFields = 10

func encodeQuestion(enc *msgpack.Encoder, q *Question) error {
	w := fieldWriter{enc: enc, left: questionLen(q)}
	w.err = enc.EncodeArrayLen(w.left)
	w.uint(uint64(q.Ask))
	w.int(q.Player)
	w.str(q.Random)
	w.int(q.Of)
	w.uint(uint64(q.Resolving))
	w.int(q.N)
	w.int(q.Max)
	w.str(q.Prompt)
	w.str(q.What)
	if w.next() {
		w.err = enc.EncodeArrayLen(len(q.Options))
		for _, o := range q.Options {
			if w.err == nil {
				w.err = enc.EncodeString(o)
			}
		}
	}
	return w.err
}

// fieldWriter writes the first left fields it is given and keeps the
// first error.
type fieldWriter struct {
	enc  *msgpack.Encoder
	left int
	err  error
}

// next reports whether the next field is written, and counts it.
func (w *fieldWriter) next() bool {
	if w.err != nil || w.left == 0 {
		return false
	}
	w.left--
	return true
}

func (w *fieldWriter) uint(v uint64) {
	if w.next() {
		w.err = w.enc.EncodeUint(v)
	}
}

func (w *fieldWriter) int(v int) {
	if w.next() {
		w.err = w.enc.EncodeInt(int64(v))
	}
}

func (w *fieldWriter) str(v string) {
	if w.next() {
		w.err = w.enc.EncodeString(v)
	}
}

// questionLen is how many of q's fields, in order, are written: up to
// the last one that is not zero.
func questionLen(q *Question) int {
	set := [questionFields]bool{q.Ask != 0, q.Player != 0, q.Random != "", q.Of != 0, q.Resolving != 0,
		q.N != 0, q.Max != 0, q.Prompt != "", q.What != "", len(q.Options) > 0}
	n := questionFields
	for n > 0 && !set[n-1] {
		n--
	}
	return n
}

func decodeQuestion(dec *msgpack.Decoder, q *Question) error {
	c, err := dec.PeekCode()
	if err != nil {
		return err
	}
	if !msgpcode.IsFixedArray(c) && c != msgpcode.Array16 && c != msgpcode.Array32 {
		return dec.Decode(q) // the map form of older stores
	}
	n, err := dec.DecodeArrayLen()
	if err != nil {
		return err
	}
	if n < 0 || n > questionFields {
		return fmt.Errorf("question of %d fields, want at most %d", n, questionFields)
	}
	// The fields left out at the end are zero.
	r := fieldReader{dec: dec}
	if n > 0 {
		q.Ask = Ask(r.uint())
	}
	if n > 1 {
		q.Player = r.int()
	}
	if n > 2 {
		q.Random = r.str()
	}
	if n > 3 {
		q.Of = r.int()
	}
	if n > 4 {
		q.Resolving = ObjID(r.uint())
	}
	if n > 5 {
		q.N = r.int()
	}
	if n > 6 {
		q.Max = r.int()
	}
	if n > 7 {
		q.Prompt = r.str()
	}
	if n > 8 {
		q.What = r.str()
	}
	if n > 9 {
		if k := r.arrayLen(); k > 0 {
			q.Options = make([]string, k)
			for i := range q.Options {
				q.Options[i] = r.str()
			}
		}
	}
	return r.err
}

// fieldReader reads values in a row and keeps the first error.
type fieldReader struct {
	dec *msgpack.Decoder
	err error
}

func (r *fieldReader) uint() uint64 {
	if r.err != nil {
		return 0
	}
	var v uint64
	v, r.err = r.dec.DecodeUint64()
	return v
}

func (r *fieldReader) int() int {
	if r.err != nil {
		return 0
	}
	var v int64
	v, r.err = r.dec.DecodeInt64()
	return int(v)
}

func (r *fieldReader) str() string {
	if r.err != nil {
		return ""
	}
	var s string
	s, r.err = r.dec.DecodeString()
	return s
}

// arrayLen is the length of an array, 0 for nil; a length over
// maxStoredList is an error.
func (r *fieldReader) arrayLen() int {
	if r.err != nil {
		return 0
	}
	var n int
	if n, r.err = r.dec.DecodeArrayLen(); r.err != nil || n < 0 {
		return 0
	}
	if n > maxStoredList {
		r.err = fmt.Errorf("list of %d entries", n)
		return 0
	}
	return n
}

// maxStoredList bounds a list read from stored effects, so that damaged
// bytes can't ask for gigabytes.
const maxStoredList = 1 << 16
