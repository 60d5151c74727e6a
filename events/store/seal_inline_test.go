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

// unsealSeq gives what unseal under the seq's key gives, for seqs whose
// key sum is worked out in line and ones past them, and finds a flipped
// byte.
func TestUnsealSeqIsUnseal(t *testing.T) {
	for _, seq := range []uint64{0, 1, 2, 255, 256, 4097, 65535, 65536, 1<<32 + 7, ^uint64(0)} {
		for _, n := range []int{0, 1, 7, 8, 9, 24, 300} {
			payload := bytes.Repeat([]byte{byte(n + int(seq))}, n)
			v := seal(u64(seq), payload)
			p, err := unsealSeq(seq, v)
			if err != nil || !bytes.Equal(p, payload) {
				t.Fatalf("seq %d, %d bytes: unsealed %x (%v), want %x", seq, n, p, err, payload)
			}
			if _, err := unsealSeq(seq+1, v); !errors.Is(err, ErrDamaged) {
				t.Fatalf("seq %d, %d bytes, read under the next seq: %v, want ErrDamaged", seq, n, err)
			}
			v[len(v)-1] ^= 1
			if _, err := unsealSeq(seq, v); !errors.Is(err, ErrDamaged) {
				t.Fatalf("seq %d, %d bytes, last byte flipped: %v, want ErrDamaged", seq, n, err)
			}
		}
	}
	if p, err := unsealSeq(3, []byte{0x93, 1, 2, 3}); err != nil || len(p) != 4 {
		t.Fatalf("an unsealed value: %x (%v), want it as it is", p, err)
	}
	if _, err := unsealSeq(3, []byte{sealMarker, 1}); !errors.Is(err, ErrDamaged) {
		t.Fatalf("a seal cut short: %v, want ErrDamaged", err)
	}
}
