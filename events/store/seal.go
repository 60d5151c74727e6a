package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
)

// Sealed values. Every value the store writes besides events (which carry
// their own hash chain) is sealed: a marker byte, a CRC-32C over the key and
// the payload, then the payload. A flipped byte, or a value moved under
// another key, fails the check when it is read, instead of decoding into
// something else or crashing the decoder.
//
// The marker 0xc1 is the one byte msgpack never uses, and every value the
// store kept before sealing is msgpack (or the reducer's msgpack-based
// encodings), so an unsealed value from an older store is told apart and
// read as it is. A store created by this code says so in its schema bucket
// (keySealed); there `replay verify --deep` reports any unsealed value.

const (
	sealMarker = 0xc1
	sealHeader = 5 // marker + CRC-32C
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrDamaged is wrapped by every error that means the store file's bytes are
// not what the store wrote: a failed checksum, a value that does not
// decode, a structure bbolt can't walk.
var ErrDamaged = errors.New("the store file is damaged")

// sealSum is the CRC-32C of key, then payload. A seq's key (eight bytes)
// with a payload shorter than seqSumMax goes to seqSum, in one call.
func sealSum(key, payload []byte) uint32 {
	if len(key) == 8 && len(payload) < seqSumMax {
		return seqSum(binary.BigEndian.Uint64(key), payload)
	}
	c := crc32.Update(0, castagnoli, key)
	return crc32.Update(c, castagnoli, payload)
}

// seqSumMax is where hash/crc32 on amd64 starts summing three stretches
// of a payload at once, faster than seqSum's one.
const seqSumMax = 3 * 168

// seal returns payload sealed for key.
func seal(key, payload []byte) []byte {
	out := make([]byte, sealHeader, sealHeader+len(payload))
	out[0] = sealMarker
	binary.BigEndian.PutUint32(out[1:], sealSum(key, payload))
	return append(out, payload...)
}

// unseal checks a value stored under key and returns its payload, a
// sub-slice of v. An unsealed value (an older store's) is returned as it is.
func unseal(key, v []byte) ([]byte, error) {
	if len(v) == 0 || v[0] != sealMarker {
		return v, nil
	}
	if len(v) < sealHeader {
		return nil, fmt.Errorf("%w: a sealed value of %d bytes", ErrDamaged, len(v))
	}
	payload := v[sealHeader:]
	return payload, checkSum(v, sealSum(key, payload))
}

// unsealSeqSlow is unsealSeq for a value its fast path does not pass, in
// seal_amd64.s (an older store's unsealed value, a seal cut short, a
// failed sum), and the whole of it on other machines.
func unsealSeqSlow(seq uint64, v []byte) ([]byte, error) {
	if len(v) < sealHeader || v[0] != sealMarker {
		return unseal(u64(seq), v)
	}
	payload := v[sealHeader:]
	if got := seqSum(seq, payload); got != binary.BigEndian.Uint32(v[1:sealHeader]) {
		return nil, checkSum(v, got)
	}
	return payload, nil
}

// seqSumGeneric is sealSum(u64(seq), p) with the key's part worked out
// from seq (keySum), so the payload is summed where it lies, neither
// copied after the key nor summed in a pass of its own.
func seqSumGeneric(seq uint64, p []byte) uint32 {
	return crc32.Update(keySum(seq), castagnoli, p)
}

// keySum is crc32.Checksum(u64(seq), castagnoli) a byte at a time from
// the state six zero bytes leave (zeros6), as a seq under 65,536 has
// them, else from the start.
func keySum(seq uint64) uint32 {
	tab := castagnoli
	if seq>>16 != 0 {
		var key [8]byte
		binary.BigEndian.PutUint64(key[:], seq)
		return crc32.Update(0, tab, key[:])
	}
	c := zeros6
	c = tab[byte(c)^byte(seq>>8)] ^ c>>8
	c = tab[byte(c)^byte(seq)] ^ c>>8
	return ^c
}

// zeros6 is the CRC-32C's inner state after six zero bytes.
var zeros6 = ^crc32.Update(0, castagnoli, make([]byte, 6))

// checkSum compares the sum sealed value v carries with the one its bytes
// give.
func checkSum(v []byte, got uint32) error {
	if want := binary.BigEndian.Uint32(v[1:]); want != got {
		return fmt.Errorf("%w: checksum %08x, the bytes give %08x", ErrDamaged, want, got)
	}
	return nil
}

// isSealed reports whether v carries a seal (valid or not).
func isSealed(v []byte) bool { return len(v) > 0 && v[0] == sealMarker }

// Seal and Unseal are seal and unseal for tools and tests that reach around
// the store API to the bucket layout (schema.go): key is the value's key in
// its bucket.
func Seal(key, payload []byte) []byte { return seal(key, payload) }

// Unseal checks a value read from the bucket layout directly; see Seal.
func Unseal(key, v []byte) ([]byte, error) { return unseal(key, v) }
