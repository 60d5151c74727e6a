package store

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// An inline bucket whose element points past it is refused at open: bbolt
// would read it from a copy on the Go heap, and a slice past the copy
// stops the process in the garbage collector, which no recover catches
// (found by FuzzStoreDamage: one flipped byte of an inline leaf's offset).
func TestInlineBucketPastItsValueIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ev := &events.Event{Match: "m1", Seq: 1, Kind: events.KindMatchStarted, Actor: "table",
		Body: &events.MatchStarted{Format: "modern", Players: []events.Player{{ID: "p1", Name: "A"}, {ID: "p2", Name: "B"}}}}
	ev.Seal()
	if err := s.Commit(&Batch{Events: []*events.Event{ev}}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	at := inlineElement(data, 4096)
	if at < 0 {
		t.Fatal("no inline bucket in the file")
	}
	binary.LittleEndian.PutUint32(data[at+4:], 0x00fffff0) // its pos, far past the value
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, ro := range []bool{true, false} {
		s, err := Open(path, Options{ReadOnly: ro})
		if err == nil {
			s.Close()
			t.Fatalf("read-only %v: opened", ro)
		}
		if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "inline bucket") {
			t.Errorf("read-only %v: %v, want the inline bucket named", ro, err)
		}
	}
}

// inlineElement finds the first element of an inline bucket's page in a
// leaf page of data, or -1.
func inlineElement(data []byte, pageSize int) int {
	for p := 2 * pageSize; p+pageSize <= len(data); p += pageSize {
		if binary.LittleEndian.Uint16(data[p+8:]) != flagLeaf {
			continue
		}
		for i := 0; i < int(binary.LittleEndian.Uint16(data[p+10:])); i++ {
			e := p + pageHeader + i*elementSize
			pos, ksize := int(binary.LittleEndian.Uint32(data[e+4:])), int(binary.LittleEndian.Uint32(data[e+8:]))
			v := e + pos + ksize
			if binary.LittleEndian.Uint32(data[e:])&leafBucket != 0 && binary.LittleEndian.Uint64(data[v:]) == 0 &&
				binary.LittleEndian.Uint16(data[v+bucketHeader+10:]) > 0 {
				return v + bucketHeader + pageHeader
			}
		}
	}
	return -1
}
