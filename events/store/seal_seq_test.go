package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// librarySeqSum is the seal's sum of a value under seq as hash/crc32
// gives it: the key's eight bytes, then the payload.
func librarySeqSum(seq uint64, p []byte) uint32 {
	return librarySum(u64(seq), p)
}

func librarySum(key, p []byte) uint32 {
	return crc32.Update(crc32.Checksum(key, castagnoli), castagnoli, p)
}

// librarySeal is seal with hash/crc32's sum.
func librarySeal(key, payload []byte) []byte {
	v := binary.BigEndian.AppendUint32([]byte{sealMarker}, librarySum(key, payload))
	return append(v, payload...)
}

// sealSum is hash/crc32's CRC-32C of the key, then the payload, for keys
// of every length to nine bytes and payloads short and long, around
// seqSumMax.
func TestSealSumIsHashCRC32(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	buf := make([]byte, 9+seqSumMax+40)
	for i := range buf {
		buf[i] = byte(r.Uint32())
	}
	for k := 0; k <= 9; k++ {
		for _, n := range []int{0, 1, 7, 8, 29, 300, seqSumMax - 1, seqSumMax, seqSumMax + 33} {
			key, p := buf[:k], buf[9:9+n]
			if got, want := sealSum(key, p), librarySum(key, p); got != want {
				t.Fatalf("sealSum(%d-byte key, %d bytes) = %08x, want %08x", k, n, got, want)
			}
		}
	}
}

// checkSeqSums holds seqSum and seqSumGeneric to hash/crc32's CRC-32C for
// every payload length 0..300 at every alignment of its start, over
// random bytes and seqs, small and large.
func checkSeqSums(t *testing.T) {
	t.Helper()
	r := rand.New(rand.NewPCG(3, 4))
	buf := make([]byte, 300+8)
	for n := 0; n <= 300; n++ {
		for align := 0; align < 8; align++ {
			for i := range buf {
				buf[i] = byte(r.Uint32())
			}
			p := buf[align : align+n]
			for _, seq := range []uint64{uint64(n), r.Uint64(), uint64(r.Uint32())} {
				want := librarySeqSum(seq, p)
				if got := seqSum(seq, p); got != want {
					t.Fatalf("seqSum(%d, %d bytes at +%d) = %08x, want %08x", seq, n, align, got, want)
				}
				if got := seqSumGeneric(seq, p); got != want {
					t.Fatalf("seqSumGeneric(%d, %d bytes at +%d) = %08x, want %08x", seq, n, align, got, want)
				}
			}
		}
	}
}

func TestSeqSumIsHashCRC32(t *testing.T) { checkSeqSums(t) }

// FuzzSeqSum holds seqSum to hash/crc32 for any seq and payload.
func FuzzSeqSum(f *testing.F) {
	f.Add(uint64(1), []byte{})
	f.Add(uint64(300), []byte("\x94\x01\x02\x03\x04 a few dozen bytes of effects...."))
	f.Add(^uint64(0), make([]byte, 9))
	f.Fuzz(func(t *testing.T, seq uint64, p []byte) {
		if got, want := seqSum(seq, p), librarySeqSum(seq, p); got != want {
			t.Fatalf("seqSum(%d, %x) = %08x, want %08x", seq, p, got, want)
		}
	})
}

// checkUnsealSeqSums seals random payloads of every length 0..300 at every
// alignment with hash/crc32 (librarySeal) and holds unsealSeq to pass each where
// it lies, and to fail it with any one of the stored sum's bits flipped or
// a bit of the payload: the sum it checks is hash/crc32's to the bit.
func checkUnsealSeqSums(t *testing.T) {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 8+sealHeader+300)
	for n := 0; n <= 300; n++ {
		for align := 0; align < 8; align++ {
			for _, seq := range []uint64{uint64(n), r.Uint64(), uint64(r.Uint32())} {
				payload := make([]byte, n)
				for i := range payload {
					payload[i] = byte(r.Uint32())
				}
				v := buf[align : align+copy(buf[align:], librarySeal(u64(seq), payload))]
				p, err := unsealSeq(seq, v)
				if err != nil || !bytes.Equal(p, payload) || n > 0 && &p[0] != &v[sealHeader] {
					t.Fatalf("seq %d, %d bytes at +%d: unsealed %x (%v), want %x where it lies", seq, n, align, p, err, payload)
				}
				for bit := range 32 {
					v[1+bit/8] ^= 1 << (bit % 8)
					_, err := unsealSeq(seq, v)
					v[1+bit/8] ^= 1 << (bit % 8)
					if !errors.Is(err, ErrDamaged) {
						t.Fatalf("seq %d, %d bytes at +%d, bit %d of the sum flipped: %v, want ErrDamaged", seq, n, align, bit, err)
					}
				}
				if n > 0 {
					i := sealHeader + r.IntN(n)
					v[i] ^= 1 << r.IntN(8)
					if _, err := unsealSeq(seq, v); !errors.Is(err, ErrDamaged) {
						t.Fatalf("seq %d, %d bytes at +%d, byte %d flipped: %v, want ErrDamaged", seq, n, align, i, err)
					}
				}
			}
		}
	}
}

func TestUnsealSeqSumsAsHashCRC32(t *testing.T) { checkUnsealSeqSums(t) }

// unsealSeq and seqSum read no byte past their value's end, and an empty payload at
// the end of its value's capacity keeps the value's pointer, as v[5:]
// does, rather than point past it.
func TestUnsealSeqStaysInsideTheValue(t *testing.T) {
	buf := make([]byte, 64)
	for n := 0; n <= 40; n++ {
		v := buf[3 : 3+copy(buf[3:], seal(u64(7), bytes.Repeat([]byte{byte(n)}, n)))]
		for i := len(v) + 3; i < len(buf); i++ {
			buf[i] = ^buf[i]
		}
		if _, err := unsealSeq(7, v); err != nil {
			t.Fatalf("%d bytes, the bytes after it flipped: %v", n, err)
		}
		if got, want := seqSum(7, v[sealHeader:]), librarySeqSum(7, v[sealHeader:]); got != want {
			t.Fatalf("%d bytes, the bytes after it flipped: seqSum %08x, want %08x", n, got, want)
		}
	}
	v := seal(u64(7), nil)
	p, err := unsealSeq(7, v[:sealHeader:sealHeader])
	if err != nil || len(p) != 0 || cap(p) != 0 || unsafe.SliceData(p) != unsafe.SliceData(v) {
		t.Fatalf("an empty payload: %p len %d cap %d (%v), want %p len 0 cap 0", unsafe.SliceData(p), len(p), cap(p), err, unsafe.SliceData(v))
	}
}

// FuzzUnsealSeq holds unsealSeq, and unseal under the
// seq's key, to hash/crc32 for any value, and for the value sealed with
// hash/crc32's sum: the payload where the sum holds, ErrDamaged where it
// fails or the seal is cut short, an unsealed value as it is.
func FuzzUnsealSeq(f *testing.F) {
	f.Add(uint64(1), []byte{})
	f.Add(uint64(3), []byte{0x93, 1, 2, 3})
	f.Add(uint64(280), []byte("\xc100000"))
	f.Add(uint64(300), librarySeal(u64(300), []byte("\x94\x01\x02\x03\x04 a few dozen bytes of effects....")))
	f.Add(^uint64(0), librarySeal(u64(^uint64(0)), make([]byte, 9)))
	f.Fuzz(func(t *testing.T, seq uint64, v []byte) {
		for _, v := range [][]byte{v, librarySeal(u64(seq), v)} {
			want, damaged := v, false
			if len(v) > 0 && v[0] == sealMarker {
				want = v[min(sealHeader, len(v)):]
				damaged = len(v) < sealHeader || librarySeqSum(seq, want) != binary.BigEndian.Uint32(v[1:])
			}
			for name, unseal := range map[string]func() ([]byte, error){
				"unsealSeq": func() ([]byte, error) { return unsealSeq(seq, v) },
				"unseal":    func() ([]byte, error) { return unseal(u64(seq), v) },
			} {
				got, err := unseal()
				if damaged != errors.Is(err, ErrDamaged) || !damaged && (err != nil || !bytes.Equal(got, want)) {
					t.Fatalf("%s(%d, %x) = %x, %v; want %x, damaged %v", name, seq, v, got, err, want, damaged)
				}
			}
		}
	})
}
