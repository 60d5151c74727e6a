package store

import (
	"bytes"
	"errors"
	"math/rand"
	"testing"
)

// diffBytes and patchBytes round-trip: on edits anywhere (a byte changed,
// a run inserted or cut, the start and the end), on unrelated bytes and on
// empty ones.
func TestDiffPatch(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abcdefgh{}:,0123"[rng.Intn(16)]
		}
		return b
	}
	old := random(5000)
	cases := map[string][]byte{
		"same":      old,
		"empty":     nil,
		"unrelated": random(3000),
		"short":     []byte("abc"),
	}
	for i := range 20 {
		cur := bytes.Clone(old)
		for range 1 + i {
			at := rng.Intn(len(cur))
			switch rng.Intn(3) {
			case 0:
				cur[at] ^= 0x40
			case 1:
				cur = append(cur[:at], append(random(rng.Intn(40)), cur[at:]...)...)
			default:
				cur = append(cur[:at], cur[min(len(cur), at+rng.Intn(40)):]...)
			}
		}
		cases[string(rune('A'+i))] = cur
	}
	for name, cur := range cases {
		for _, base := range [][]byte{old, nil} {
			ops := diffBytes(nil, base, cur)
			got, err := patchBytes([]byte("x"), base, ops)
			if err != nil || !bytes.Equal(got, append([]byte("x"), cur...)) {
				t.Fatalf("%s from %d bytes: %d bytes back, %v", name, len(base), len(got), err)
			}
			if len(base) > 0 && name != "unrelated" && name != "short" && len(ops) > len(cur)/4+8 {
				t.Errorf("%s: %d bytes of ops for %d", name, len(ops), len(cur))
			}
		}
	}
}

// Ops that don't read, or that copy from outside the base, are damage,
// never a panic.
func FuzzPatchBytes(f *testing.F) {
	old := []byte("a snapshot of some length, with some repeats, some repeats")
	f.Add(diffBytes(nil, old, []byte("a snapshot of some other length, with repeats")))
	f.Add([]byte{0x01, 'x', 0x10, 0x7f})
	f.Add([]byte{0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, ops []byte) {
		out, err := patchBytes(nil, old, ops)
		if err != nil && !errors.Is(err, ErrDamaged) {
			t.Fatalf("%v: not damage", err)
		}
		if err == nil && len(out) > len(ops)*len(old)+len(ops) {
			t.Fatalf("%d bytes from %d of ops", len(out), len(ops))
		}
	})
}

// BenchmarkDiffBytes makes and applies a delta between two 20 KB
// snapshots a few edits apart, the size of the bench's long match's: the
// recorder pays the diff once a snapshot, a seek the patch once a delta.
//
//	go test ./events/store -run '^$' -bench DiffBytes -benchmem
func BenchmarkDiffBytes(b *testing.B) {
	rng := rand.New(rand.NewSource(5))
	old := make([]byte, 20<<10)
	for i := range old {
		old[i] = byte(rng.Intn(64))
	}
	cur := bytes.Clone(old)
	for range 10 {
		at := rng.Intn(len(cur) - 40)
		copy(cur[at:], "a few bytes changed here and there")
	}
	var ops, out []byte
	b.Run("diff", func(b *testing.B) {
		for b.Loop() {
			ops = diffBytes(ops[:0], old, cur)
		}
	})
	b.Run("patch", func(b *testing.B) {
		for b.Loop() {
			var err error
			if out, err = patchBytes(out[:0], old, ops); err != nil {
				b.Fatal(err)
			}
		}
	})
}
