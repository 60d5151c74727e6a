package reducer

import (
	"fmt"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// A question (Effect.Ask) is stored as an array of its fields in Question's
// order: almost every input changes who is asked, so it is on the hot path
// of both storing and folding effects. Stores written before this form
// hold a question as a map by field name; decodeQuestion reads both.

// questionFields is how many fields the array form has; a test holds it to
// Question's field count.
const questionFields = 10

func encodeQuestion(enc *msgpack.Encoder, q *Question) error {
	for _, err := range [...]error{
		enc.EncodeArrayLen(questionFields),
		enc.EncodeUint(uint64(q.Ask)),
		enc.EncodeInt(int64(q.Player)),
		enc.EncodeString(q.Random),
		enc.EncodeInt(int64(q.Of)),
		enc.EncodeUint(uint64(q.Resolving)),
		enc.EncodeInt(int64(q.N)),
		enc.EncodeInt(int64(q.Max)),
		enc.EncodeString(q.Prompt),
		enc.EncodeString(q.What),
		enc.EncodeArrayLen(len(q.Options)),
	} {
		if err != nil {
			return err
		}
	}
	for _, o := range q.Options {
		if err := enc.EncodeString(o); err != nil {
			return err
		}
	}
	return nil
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
	if n != questionFields {
		return fmt.Errorf("question of %d fields, want %d", n, questionFields)
	}
	r := fieldReader{dec: dec}
	q.Ask = Ask(r.uint())
	q.Player = r.int()
	q.Random = r.str()
	q.Of = r.int()
	q.Resolving = ObjID(r.uint())
	q.N = r.int()
	q.Max = r.int()
	q.Prompt = r.str()
	q.What = r.str()
	if k := r.arrayLen(); k > 0 {
		q.Options = make([]string, k)
		for i := range q.Options {
			q.Options[i] = r.str()
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
