package events_test

import (
	"bytes"
	"testing"
)

// TestSealedCanonicalIsSealThenEncode guards the store's one-pass path: the
// hash and bytes SealedCanonical gives must be exactly what Seal and
// MarshalMsgpack give, for every kind, sealed or not beforehand.
func TestSealedCanonicalIsSealThenEncode(t *testing.T) {
	for _, c := range validLines {
		t.Run(c.name, func(t *testing.T) {
			ev := mustParse(t, c.line)
			ev.Hash[0] ^= 1 // a wrong hash on the way in must not matter
			sum, got := ev.SealedCanonical()
			ev.Seal()
			if sum != ev.Hash {
				t.Fatalf("hash %s, Seal gives %s", sum, ev.Hash)
			}
			if want := ev.MarshalMsgpack(); !bytes.Equal(got, want) {
				t.Fatalf("bytes differ:\n got %x\nwant %x", got, want)
			}
		})
	}
}
