package recorder

import (
	"bytes"
	"crypto/sha256"

	"github.com/chronicle-mtg/chronicle/events"
)

// hashSealing is the hash an input that came sealed should carry, as
// ComputeHash works it out, for Link.NextHashing; from the same encoding
// it keeps in r.sealed the input's sealed canonical form for the store
// (store.Batch.Sealed): raw, the bytes the client sent, when they are
// that, or else a copy of the encoding. Each input is encoded and hashed
// once.
func (r *Recorder) hashSealing(raw []byte) func(*events.Event) events.Hash {
	return func(ev *events.Event) events.Hash {
		var buf [512]byte
		c := *ev
		c.Hash = events.Hash{}
		b := c.AppendCanonical(buf[:0])
		sum := sha256.Sum256(b)
		r.sealed = sealedForm(raw, b, sum)
		return sum
	}
}

// sealedForm is the sealed canonical encoding of an input whose unsealed
// one is b and whose hash is h: the unsealed one with its last byte, the
// hash's nil, replaced by the hash (events.Event.SealedCanonical). It is
// raw, the bytes the client sent, when they are exactly that; otherwise
// (JSON, say, or msgpack in another form) a copy of b made so.
func sealedForm(raw, b []byte, h events.Hash) []byte {
	n := len(b) - 1
	if len(raw) == n+2+len(h) && bytes.Equal(raw[:n], b[:n]) && raw[n] == 0xc4 && raw[n+1] == byte(len(h)) &&
		bytes.Equal(raw[n+2:], h[:]) {
		return raw
	}
	out := append(make([]byte, 0, n+2+len(h)), b[:n]...)
	return append(append(out, 0xc4, byte(len(h))), h[:]...)
}
