package events

import (
	"runtime"
	"testing"
)

// An input that only claims a long string (here a key of 3.3 GB in a
// 12-byte input) must cost what the input is, each time: the msgpack
// decoder keeps the buffer it grows for a claimed length, so a pooled one
// grew by a megabyte per such input and copied all it had each time (a
// decode took 366 ms after a few hundred; long fuzz runs ended "hung").
func TestClaimedLengthsDontGrowPooledDecoders(t *testing.T) {
	data := []byte("\x89\xc6\xc6\xa4Z\x85dyZ\x85\xde")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const n = 64
	for range n {
		if _, err := DecodeMsgpack(data); err == nil {
			t.Fatal("a truncated input decoded")
		}
	}
	runtime.ReadMemStats(&after)
	// The decoder reads in steps of at most 1 MiB: one step an input.
	if got := after.TotalAlloc - before.TotalAlloc; got > n*(2<<20) {
		t.Errorf("%d decodes of a %d-byte input allocated %d MiB", n, len(data), got>>20)
	}
}
