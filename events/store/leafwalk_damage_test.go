package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// leafFile is a bbolt file whose bucket "effects" holds leafValues sealed
// values, a few with overflow pages, and that bucket's root page.
type leafFile struct {
	data []byte
	root uint64
}

const leafValues = 2000

var (
	leafOnce sync.Once
	leafFix  leafFile
)

func leafPayload(seq uint64) []byte {
	b := []byte(fmt.Sprintf("effects %d ", seq))
	if seq%97 == 0 {
		return bytes.Repeat(b, 600)
	}
	return b
}

func writeLeafFile(t testing.TB) leafFile {
	leafOnce.Do(func() {
		path := filepath.Join(t.TempDir(), "leaf.db")
		db, err := bolt.Open(path, 0o644, &bolt.Options{Timeout: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		err = db.Update(func(tx *bolt.Tx) error {
			b, err := tx.CreateBucket(bucketEffects)
			if err != nil {
				return err
			}
			for seq := uint64(1); seq <= leafValues; seq++ {
				if err := b.Put(u64(seq), seal(u64(seq), leafPayload(seq))); err != nil {
					return err
				}
			}
			return nil
		})
		if err == nil {
			err = db.View(func(tx *bolt.Tx) error {
				leafFix.root = uint64(tx.Bucket(bucketEffects).Root())
				return nil
			})
		}
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
		if leafFix.data, err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
	})
	return leafFix
}

// errOrder is a walk handing out a seq again or out of order: a page
// reached twice or a leaf in another's place, which no checksum sees.
var errOrder = errors.New("out of order")

// walkLeaves walks the bucket in data from seq from, and counts the
// values it hands out in order. With check, each must be the one written.
func walkLeaves(data []byte, root, from uint64, check bool) (n int, err error) {
	var g callouts
	last := uint64(0)
	w := leafWalk{data: data, pageSize: 4096, from: from, to: ^uint64(0), gap: ^uint64(0), owner: "m", sub: bucketEffects, g: &g,
		fn: func(seq uint64, v []byte) error {
			if seq <= last {
				return fmt.Errorf("%w: seq %d after seq %d", errOrder, seq, last)
			}
			if check && !bytes.Equal(v, leafPayload(seq)) {
				return fmt.Errorf("seq %d reads %.20q", seq, v)
			}
			last = seq
			n++
			return nil
		}}
	return n, w.walk(root)
}

// The walk over a sound bucket's pages hands out every value from the one
// asked for.
func TestLeafWalkReadsEveryValue(t *testing.T) {
	f := writeLeafFile(t)
	for _, from := range []uint64{0, 1, 2, 96, 97, 98, 1000, leafValues, leafValues + 1} {
		n, err := walkLeaves(f.data, f.root, from, true)
		want := leafValues - int(max(from, 1)) + 1
		if err != nil || n != want {
			t.Errorf("from %d: %d values (%v), want %d", from, n, err, want)
		}
	}
}

// A damaged page makes the walk an error wrapping ErrDamaged, never a read
// outside the file or a walk without end. (What a value holds is its
// seal's to check: an offset pointing elsewhere in its page can hand out
// bytes without a seal's marker, read as an older store's unsealed value,
// which verify --deep reports in a sealed store; a page reached twice
// hands its values out again, which the fold's gap check stops.)
func FuzzLeafWalkDamage(f *testing.F) {
	fx := writeLeafFile(f)
	for off := 2 * 4096; off < len(fx.data); off += 4096 {
		f.Add(uint32(off+1), byte(0x01), uint16(0))      // the page's id
		f.Add(uint32(off+10), byte(0x01), uint16(0))     // its count
		f.Add(uint32(off+12), byte(0x80), uint16(500))   // its overflow
		f.Add(uint32(off+16+4), byte(0x10), uint16(0))   // an element's pos
		f.Add(uint32(off+16+24), byte(0x02), uint16(97)) // a branch element's page
	}
	f.Fuzz(func(t *testing.T, off uint32, mask byte, from uint16) {
		fx := writeLeafFile(t)
		data := append([]byte(nil), fx.data...)
		if mask == 0 {
			mask = 0xff
		}
		data[int(off)%len(data)] ^= mask
		_, err := walkLeaves(data, fx.root, uint64(from), false)
		if err != nil && !errors.Is(err, ErrDamaged) && !errors.Is(err, errOrder) {
			t.Fatalf("byte %d ^ %#02x from %d: %v, not damage", int(off)%len(data), mask, from, err)
		}
	})
}
