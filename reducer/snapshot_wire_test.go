package reducer

import (
	"bytes"
	"encoding/hex"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/chronicle-mtg/chronicle/events"
)

// The reader reads what the msgpack decoder reads: every form of int,
// array length, bool and nil, compact or not, in one stream.
func TestSnapReaderPrimitives(t *testing.T) {
	ints := []int{0, 1, 127, 128, 255, 256, 65535, 65536, -1, -32, -33, -128, -129, -40000, math.MaxInt32 + 1, math.MinInt64}
	lens := []int{0, 1, 15, 16, 65535, 65536}
	for _, compact := range []bool{true, false} {
		var buf bytes.Buffer
		enc := msgpack.NewEncoder(&buf)
		enc.UseCompactInts(compact)
		for _, v := range ints {
			enc.EncodeInt(int64(v))
			enc.EncodeBool(v%2 == 0)
			enc.EncodeNil()
		}
		for _, n := range lens {
			enc.EncodeArrayLen(n)
		}
		enc.EncodeNil() // an array read as nil
		enc.EncodeNil() // an int read as nil
		enc.EncodeString("Grizzly Bears")
		r := &snapReader{w: wireReader{b: buf.Bytes()}, mem: new(SnapshotMemory)}
		for _, v := range ints {
			if got := r.int(); got != v {
				t.Errorf("compact %v: int %d read as %d", compact, v, got)
			}
			if got := r.bool(); got != (v%2 == 0) {
				t.Errorf("compact %v: bool after %d read as %v", compact, v, got)
			}
			if !r.isNil() {
				t.Errorf("compact %v: nil after %d not read", compact, v)
			}
		}
		for _, n := range lens {
			if got := r.arr(); got != n {
				t.Errorf("compact %v: array of %d read as %d", compact, n, got)
			}
		}
		if r.arr() != 0 || r.int() != 0 || r.isNil() || r.str() != "Grizzly Bears" || r.err != nil {
			t.Errorf("compact %v: the stream's end misread (err %v)", compact, r.err)
		}
	}
}

// A snapshot written before the reader's fast paths (testdata, made by the
// version 1 writer from the end of bolt-race) still decodes, to the state
// the match reaches today, and encodes back to the same bytes.
func TestSnapshotOldBytes(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "snapshot_v1_bolt-race.hex"))
	if err != nil {
		t.Fatal(err)
	}
	old, err := hex.DecodeString(strings.TrimSpace(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	s, err := UnmarshalSnapshot(nil, old)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := events.ReadJSONLFile("../fixtures/matches/bolt-race.jsonl", events.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := New(nil)
	for _, l := range lines {
		if _, err := g.Submit(l.Event); err != nil {
			t.Fatalf("line %d: %v", l.Line, err)
		}
	}
	if s.Digest() != g.S.Digest() {
		t.Error("the old snapshot decodes to another state than the match's end")
	}
	if !bytes.Equal(s.MarshalSnapshot(), old) {
		t.Error("the old snapshot encodes back differently")
	}
}
