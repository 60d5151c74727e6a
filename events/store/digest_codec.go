package store

import (
	"fmt"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// A stored Digest is an array of its fields in order (seq, turn, game,
// active, digest): by field name it took 76 bytes, of which 25 were the
// names, and a match's digests spilled over one page. Stores written
// before hold the map form, which DecodeMsgpack reads as well. A longer
// array (a later field) is read up to the fields known here.

// digestFields is how many fields the array form has.
const digestFields = 5

// digestMap is Digest without its methods: the map form.
type digestMap Digest

// EncodeMsgpack writes d in the array form.
func (d *Digest) EncodeMsgpack(enc *msgpack.Encoder) error {
	for _, err := range [...]error{
		enc.EncodeArrayLen(digestFields),
		enc.EncodeUint(d.Seq),
		enc.EncodeInt(int64(d.Turn)),
		enc.EncodeInt(int64(d.Game)),
		enc.EncodeInt(int64(d.Active)),
		enc.EncodeBytes(d.Digest),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}

// DecodeMsgpack reads either form.
func (d *Digest) DecodeMsgpack(dec *msgpack.Decoder) error {
	c, err := dec.PeekCode()
	if err != nil {
		return err
	}
	if !msgpcode.IsFixedArray(c) && c != msgpcode.Array16 && c != msgpcode.Array32 {
		return dec.Decode((*digestMap)(d))
	}
	n, err := dec.DecodeArrayLen()
	if err != nil {
		return err
	}
	if n < digestFields {
		return fmt.Errorf("digest of %d fields, want %d", n, digestFields)
	}
	*d = Digest{}
	if d.Seq, err = dec.DecodeUint64(); err != nil {
		return err
	}
	for _, f := range []*int{&d.Turn, &d.Game, &d.Active} {
		if *f, err = dec.DecodeInt(); err != nil {
			return err
		}
	}
	if d.Digest, err = dec.DecodeBytes(); err != nil {
		return err
	}
	for range n - digestFields {
		if err := dec.Skip(); err != nil {
			return err
		}
	}
	return nil
}
