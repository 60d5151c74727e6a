package store

import (
	"bytes"

	"github.com/chronicle-mtg/chronicle/events"
)

// carriesHash reports whether b, a sealed event's canonical encoding, ends
// with hash h: the envelope's last field, a msgpack bin 8 of 32 bytes.
// It catches encodings handed to the wrong event (Batch.Sealed), not a
// forged one: the caller vouches that b hashes to h.
func carriesHash(b []byte, h events.Hash) bool {
	n := len(b) - len(h) - 2
	return n > 0 && b[n] == 0xc4 && b[n+1] == byte(len(h)) && bytes.Equal(b[n+2:], h[:])
}
