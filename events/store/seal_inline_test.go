package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
)

// unsealAfter gives what unseal gives, for payloads that fit after the key
// and ones that don't, and finds a flipped byte in either.
func TestUnsealAfterIsUnseal(t *testing.T) {
	key := make([]byte, 8, 8+sealedInline)
	for n := 0; n <= sealedInline+8; n++ {
		binary.BigEndian.PutUint64(key, uint64(n)+1000)
		payload := bytes.Repeat([]byte{byte(n)}, n)
		v := seal(key, payload)
		p, err := unsealAfter(key, v)
		if err != nil || !bytes.Equal(p, payload) {
			t.Fatalf("%d bytes: unsealed %x (%v), want %x", n, p, err, payload)
		}
		if binary.BigEndian.Uint64(key) != uint64(n)+1000 || len(key) != 8 {
			t.Fatalf("%d bytes: the key changed to %x", n, key)
		}
		v[len(v)-1] ^= 1
		if _, err := unsealAfter(key, v); !errors.Is(err, ErrDamaged) {
			t.Fatalf("%d bytes, last byte flipped: %v, want ErrDamaged", n, err)
		}
	}
	if p, err := unsealAfter(key, []byte{0x93, 1, 2, 3}); err != nil || len(p) != 4 {
		t.Fatalf("an unsealed value: %x (%v), want it as it is", p, err)
	}
	if _, err := unsealAfter(key, []byte{sealMarker, 1}); !errors.Is(err, ErrDamaged) {
		t.Fatalf("a seal cut short: %v, want ErrDamaged", err)
	}
}
