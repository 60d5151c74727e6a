package recorder

import (
	"bytes"
	"crypto/sha256"

	"github.com/chronicle-mtg/chronicle/events"
)

// sentCanonical returns raw, an input as its client sent it, when it is
// the canonical encoding of the sealed input whose hash h Link.Next has
// just checked against the content; nil otherwise (JSON, say, or msgpack
// in another form). The store then keeps the client's bytes instead of
// encoding and hashing the input again.
//
// A sealed encoding is the unsealed one with its last byte, the hash's
// nil, replaced by the hash (events.Event.SealedCanonical). raw is that
// when it ends with h and the bytes before, with the nil put back, hash
// to h: the canonical encoding hashes to h too (Link.Next checked it), and
// two different byte strings with the same SHA-256 are not to be found.
func sentCanonical(raw []byte, h events.Hash) []byte {
	n := len(raw) - len(h) - 2
	if n <= 0 || raw[n] != 0xc4 || raw[n+1] != byte(len(h)) || !bytes.Equal(raw[n+2:], h[:]) {
		return nil
	}
	var buf [512]byte
	if sha256.Sum256(append(append(buf[:0], raw[:n]...), 0xc0)) != h {
		return nil
	}
	return raw
}
