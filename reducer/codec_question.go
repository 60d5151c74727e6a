package reducer

import (
	"github.com/vmihailenco/msgpack/v5"
)

// A question (Effect.Ask) is stored as an array of its fields in Question's
// order: almost every input changes who is asked, so it is on the hot path
// of both storing and folding effects. Fields at their zero value at the
// end are left out (the array is as long as the last field set): the
// question asked at most inputs, priority, is two fields of ten, and its
// eight zeros were a fifth of a stored input's effects. Stores written
// before hold all ten fields, and older ones a map by field name;
// effectReader.question (codec_decode.go) reads every form.

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

// maxStoredList bounds a list read from stored effects, so that damaged
// bytes can't ask for gigabytes.
const maxStoredList = 1 << 16
