package replay_test

import (
	"math/rand/v2"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// benchInputs is the length of the benchmarks' match.
const benchInputs = 10_000

// BenchmarkSeek seeks a 10,000-input stored match to random seqs, each seek
// from a fresh start (replay.Seek: open a cursor, nearest snapshot, effects
// forward), and reports the median and 99th percentile of one seek. In the
// same run, for scale: decoding one stored event (msgpack, no rules), one
// step forward of a Cursor, and decoding one snapshot.
//
//	go test ./replay -run '^$' -bench Seek
func BenchmarkSeek(b *testing.B) {
	src := openLongMatch(b)

	rng := rand.New(rand.NewPCG(1, 2))
	var seeks []time.Duration
	faults := pageFaults()
	for b.Loop() {
		seq := 1 + rng.Uint64N(benchInputs)
		start := time.Now()
		pos, err := replay.Seek(src, "long", replay.At{Seq: seq})
		seeks = append(seeks, time.Since(start))
		if err != nil || pos.Seq != seq {
			b.Fatalf("seek %d: %v", seq, err)
		}
	}
	b.ReportMetric(float64(pageFaults()-faults)/float64(len(seeks)), "faults/op")
	b.ReportMetric(micros(percentile(seeks, 50)), "median-µs")
	b.ReportMetric(micros(percentile(seeks, 99)), "p99-µs")
	b.ReportMetric(micros(percentile(seeks, 100)), "max-µs")
	b.ReportMetric(micros(decodeEvent(b, src)), "decode-event-µs")
	b.ReportMetric(micros(stepForward(b, src)), "step-µs")
	b.ReportMetric(micros(decodeSnapshot(b, src)), "decode-snapshot-µs")
}

// BenchmarkSeekCursor seeks one Cursor over the 10,000-input stored match
// to random seqs, as a viewer does (it keeps a cursor per match), and
// reports the median and 99th percentile of one seek and the page faults
// the process took per seek; with -benchmem, the bytes and allocations a
// seek takes once its cursor has made its first.
//
//	go test ./replay -run '^$' -bench SeekCursor -benchmem
func BenchmarkSeekCursor(b *testing.B) {
	src := openLongMatch(b)
	c, err := replay.NewCursor(src, "long")
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	if _, err := c.Seek(replay.At{Seq: 1 + rng.Uint64N(benchInputs)}); err != nil {
		b.Fatal(err)
	}
	var seeks []time.Duration
	faults, cpu := pageFaults(), cpuTime()
	b.ResetTimer()
	for b.Loop() {
		seq := 1 + rng.Uint64N(benchInputs)
		start := time.Now()
		pos, err := c.Seek(replay.At{Seq: seq})
		seeks = append(seeks, time.Since(start))
		if err != nil || pos.Seq != seq {
			b.Fatalf("seek %d: %v", seq, err)
		}
	}
	b.ReportMetric(float64(pageFaults()-faults)/float64(len(seeks)), "faults/op")
	b.ReportMetric(micros((cpuTime()-cpu)/time.Duration(len(seeks))), "cpu-µs/op")
	b.ReportMetric(micros(percentile(seeks, 50)), "median-µs")
	b.ReportMetric(micros(percentile(seeks, 99)), "p99-µs")
}

// cpuTime is the CPU time the process has used, on every thread (the
// collector's included): on a loaded machine, a steadier measure of a
// seek's work than the time it took.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// pageFaults is how many page faults the process has taken.
func pageFaults() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return int64(ru.Minflt + ru.Majflt)
}

// decodeEvent is the mean time to decode one stored event of the match
// from its raw msgpack bytes.
func decodeEvent(b *testing.B, src *replay.Store) time.Duration {
	var raws [][]byte
	if err := src.RawEvents("long", func(_ uint64, raw []byte) error {
		raws = append(raws, slices.Clone(raw))
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	for _, raw := range raws {
		if _, err := events.DecodeMsgpack(raw); err != nil {
			b.Fatal(err)
		}
	}
	return time.Since(start) / time.Duration(len(raws))
}

// stepForward is the mean time of one Cursor.Next over the whole match.
func stepForward(b *testing.B, src *replay.Store) time.Duration {
	c, err := replay.NewCursor(src, "long")
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	for range benchInputs {
		if _, err := c.Next(); err != nil {
			b.Fatal(err)
		}
	}
	return time.Since(start) / benchInputs
}

// decodeSnapshot is the mean time to decode the match's last snapshot.
func decodeSnapshot(b *testing.B, src *replay.Store) time.Duration {
	_, data, err := src.SnapshotAtOrBefore("long", benchInputs)
	if err != nil || data == nil {
		b.Fatalf("no snapshot: %v", err)
	}
	const n = 200
	start := time.Now()
	for range n {
		if _, err := reducer.UnmarshalSnapshot(nil, data); err != nil {
			b.Fatal(err)
		}
	}
	return time.Since(start) / n
}

func percentile(ds []time.Duration, p int) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s) - 1) * p / 100
	return s[i]
}

// openLongMatch stores the benchmarks' long match in a temporary store,
// closed when the benchmark ends.
func openLongMatch(b *testing.B) *replay.Store {
	dir := b.TempDir()
	replaytest.LongMatch(b, dir, "long", benchInputs)
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { src.Close() })
	return src
}

func micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

// BenchmarkSeekSnapshot decodes the last snapshot of the benchmarks' match,
// the largest part of a seek, with its allocations.
//
//	go test ./replay -run '^$' -bench SeekSnapshot -benchmem
func BenchmarkSeekSnapshot(b *testing.B) {
	src := openLongMatch(b)
	_, data, err := src.SnapshotAtOrBefore("long", benchInputs)
	if err != nil || data == nil {
		b.Fatalf("no snapshot: %v", err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := reducer.UnmarshalSnapshot(nil, data); err != nil {
			b.Fatal(err)
		}
	}
}
