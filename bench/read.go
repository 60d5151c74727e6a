package bench

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"slices"
	"time"

	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
)

// errStop ends a replay early.
var errStop = errors.New("stop")

// read opens the store the recorder wrote and measures replay, rules,
// seek, audit, memory and disk against their baselines.
func read(r *Report, c *corpus, dir string, opt Options) error {
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		return err
	}
	defer src.Close()
	n := float64(c.inputs)

	rr, err := measureReads(src, c, opt.Log)
	if err != nil {
		return err
	}
	decode := rr.decode
	decodeRate := n / decode.Seconds()
	r.add(Figure{Key: "replay_effects", What: "effects-only replay (stored effects folded, inputs not decoded)", Value: n / rr.effects.Seconds(), Unit: "inputs/s",
		Baseline: decodeRate, BaselineWhat: "raw msgpack decoding of the stored events", Target: ">= 0.8x"})
	r.Figures[len(r.Figures)-1].Holds = holds(r.Figures[len(r.Figures)-1].Ratio >= 0.8)
	rulesRate := n / rr.rules.Seconds()
	r.add(Figure{Key: "replay_rules", What: "full rules re-derivation, one core", Value: rulesRate, Unit: "inputs/s",
		Baseline: decodeRate, BaselineWhat: "raw msgpack decoding of the stored events", Target: ">= 1,000,000 inputs/s", Holds: holds(rulesRate >= 1e6)})

	if err := seek(r, src, c, opt); err != nil {
		return err
	}
	if err := audit(r, src, c, decode); err != nil {
		return err
	}
	if err := replayMemory(r, src, c); err != nil {
		return err
	}
	all := c.inputs + c.long.Len()
	rawAll := c.raw + len(c.long.data)
	r.add(Figure{Key: "bytes_per_input", What: "bytes per input in the store (bbolt pages in use: events, effects, digests, snapshots, indexes)",
		Value: float64(c.stored) / float64(all), Unit: "B", Baseline: float64(rawAll) / float64(all), BaselineWhat: "canonical msgpack of the input",
		Target: "<= 2x"})
	r.Figures[len(r.Figures)-1].Holds = holds(r.Figures[len(r.Figures)-1].Ratio <= 2)
	return nil
}

// timeAll times fn over every match of the tournament.
func timeAll(c *corpus, fn func(match string) error) (time.Duration, error) {
	start := time.Now()
	for _, m := range c.matches {
		if err := fn(m.ID); err != nil {
			return 0, fmt.Errorf("bench: %s: %w", m.ID, err)
		}
	}
	return time.Since(start), nil
}

// seek times random seeks on the long match, two kinds in turn: through
// one cursor, as the viewer seeks (`replay serve` keeps a cursor per match,
// and a seek there builds its game in the memory of the last one's), and
// each from a fresh start (replay.Seek, as `replay show` does once a
// process: a new cursor, its game in new memory), so that the first seek
// of a cursor is measured too, under the same load. Each against replaying
// the match from its start without snapshots to the middle. What the
// slowest seeks of each kind had in common goes to log (seekLog).
func seek(r *Report, src *replay.Store, c *corpus, opt Options) error {
	long := uint64(c.long.Len())
	start := time.Now()
	if err := replay.Fold(src, "long", func(*reducer.Game, uint64) error { return nil }); err != nil {
		return err
	}
	half := time.Since(start) / 2
	cur, err := replay.NewCursor(src, "long")
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(uint64(opt.Seed), 2))
	seeks, firsts := make([]seekRun, opt.Seeks), make([]seekRun, opt.Seeks)
	for i := range seeks {
		if seeks[i], err = timeSeek(rng.Uint64N(long)+1, cur.Seek); err != nil {
			return err
		}
		fresh := func(at replay.At) (*replay.Position, error) { return replay.Seek(src, "long", at) }
		if firsts[i], err = timeSeek(rng.Uint64N(long)+1, fresh); err != nil {
			return err
		}
	}
	markFresh(src, seeks, firsts)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	what := fmt.Sprintf("seek on a %d-input match", long)
	base := "replay from seq 1 to the middle, no snapshots"
	for _, k := range []struct {
		key, what string
		runs      []seekRun
	}{{"seek", what + " through one cursor, as the viewer seeks", seeks}, {"seek_first", what + ", each the first of a new cursor", firsts}} {
		slices.SortFunc(k.runs, func(a, b seekRun) int { return cmp.Compare(a.took, b.took) })
		med, p99 := k.runs[(len(k.runs)-1)*50/100].took, k.runs[(len(k.runs)-1)*99/100].took
		seekLog(opt.Log, k.key, k.runs)
		if k.key == "seek" {
			r.add(Figure{Key: "seek_median", What: k.what + ", median", Value: ms(med), Unit: "ms", Baseline: ms(half), BaselineWhat: base,
				Target: "<= 1 ms", Holds: holds(ms(med) <= 1)})
			r.add(Figure{Key: "seek_p99", What: k.what + ", p99", Value: ms(p99), Unit: "ms", Baseline: ms(half), BaselineWhat: base,
				Target: "< 1 ms", Holds: holds(ms(p99) < 1)})
			continue
		}
		r.add(Figure{Key: k.key + "_median", What: k.what + ", median", Value: ms(med), Unit: "ms", Baseline: ms(half), BaselineWhat: base})
		r.add(Figure{Key: k.key + "_p99", What: k.what + ", p99", Value: ms(p99), Unit: "ms", Baseline: ms(half), BaselineWhat: base})
	}
	return nil
}

// timeSeek times one seek to seq with the page faults the process took and
// whether a collection ended during it.
func timeSeek(seq uint64, seek func(replay.At) (*replay.Position, error)) (seekRun, error) {
	gcs := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(gcs)
	gc, faults := gcs[0].Value.Uint64(), pageFaults()
	start := time.Now()
	pos, err := seek(replay.At{Seq: seq})
	took := time.Since(start)
	metrics.Read(gcs)
	if err != nil || pos.Seq != seq {
		return seekRun{}, fmt.Errorf("bench: seek long to %d: %v", seq, err)
	}
	return seekRun{took: took, seq: seq, faults: pageFaults() - faults, gc: gcs[0].Value.Uint64() != gc}, nil
}

// seekRun is one timed seek.
type seekRun struct {
	took   time.Duration
	seq    uint64
	faults int64 // page faults the process took during it
	gc     bool  // a collection cycle ended during it
	// fresh: no seek before it started from its snapshot, so the store
	// built that from its stored chain, unless it kept it from building
	// one after it in the chain (it keeps those it built).
	fresh bool
	snap  uint64 // the seq of the snapshot it started from (markFresh)
}

// markFresh marks the seeks that were the first from their snapshot,
// seeks and firsts having been made in turn, and notes the snapshot each
// started from; read once they are all timed.
func markFresh(src *replay.Store, seeks, firsts []seekRun) {
	seen := map[uint64]bool{}
	for i := range seeks {
		for _, s := range []*seekRun{&seeks[i], &firsts[i]} {
			if at, _, err := src.SnapshotAtOrBefore("long", s.seq); err == nil {
				s.fresh, seen[at], s.snap = !seen[at], true, at
			}
		}
	}
}

// seekLog writes what the slowest 1% of the seeks of one kind (sorted by
// time) had against the rest: page faults (a seek that allocates on pages
// the process never touched, or gave back, takes one per 4 KiB),
// collections ending during them, inputs folded after the snapshot, and
// how many were the first from their snapshot (which the store may have
// had to build from its chain). A slow seek with none of these lost its
// core.
func seekLog(log io.Writer, kind string, seeks []seekRun) {
	type agg struct {
		n, gcs, fresh int
		faults, after uint64
	}
	sum := func(rs []seekRun) (a agg) {
		for _, s := range rs {
			a.n++
			a.faults += uint64(max(s.faults, 0))
			if s.gc {
				a.gcs++
			}
			if s.fresh {
				a.fresh++
			}
			a.after += s.seq - s.snap
		}
		return a
	}
	cut := (len(seeks) - 1) * 99 / 100
	for _, part := range []struct {
		name string
		a    agg
	}{{"slowest 1%", sum(seeks[cut:])}, {"the rest", sum(seeks[:cut])}} {
		if part.a.n == 0 {
			continue
		}
		n := float64(part.a.n)
		fmt.Fprintf(log, "bench: %s: %s (%d): %.1f page faults, %.1f inputs after the snapshot each; %d ended a collection, %d the first from their snapshot\n",
			kind, part.name, part.a.n, float64(part.a.faults)/n, float64(part.a.after)/n, part.a.gcs, part.a.fresh)
	}
}

// audit audits every match of the tournament, one per core at a time as
// `replay audit --all` does, sampling the heap, against raw decoding of the
// same events; every match must be clean.
func audit(r *Report, src *replay.Store, c *corpus, decode time.Duration) error {
	base := heapNow()
	peak := startHeapPeak()
	ids := make([]string, len(c.matches))
	for i, m := range c.matches {
		ids[i] = m.ID
	}
	start := time.Now()
	err := replay.AuditEach(src, ids, 0, func(rep replay.Report) error {
		if len(rep.Findings) > 0 {
			return fmt.Errorf("bench: %s: audit finds %s", rep.Match, rep.Findings[0])
		}
		return nil
	})
	took := time.Since(start)
	heap := peak.stop()
	if err != nil {
		return err
	}
	scale := float64(TournamentMatches) / float64(len(c.matches))
	projected := took.Seconds() * scale
	r.add(Figure{Key: "tournament_audit", What: fmt.Sprintf("tournament audit on %d cores, %d matches projected from %d", runtime.GOMAXPROCS(0), TournamentMatches, len(c.matches)),
		Value: projected, Unit: "s", Baseline: decode.Seconds() * scale, BaselineWhat: "raw msgpack decoding of the stored events, one core",
		Target: "< 30 s", Holds: holds(projected < 30)})
	mib := func(b uint64) float64 { return float64(b) / (1 << 20) }
	r.add(Figure{Key: "audit_peak_heap", What: "peak heap while auditing the tournament", Value: mib(heap), Unit: "MiB",
		Baseline: mib(base), BaselineWhat: "heap before the audit"})
	return nil
}

// replayMemory compares the live heap an effects-only replay of the whole
// long match holds with what a replay of its first tenth holds: the most
// found live after a collection at each tenth of the way (and at the end).
// A peak of the heap in use would measure garbage not yet collected, which
// grows with the work done until the collector runs, not what the replay
// keeps.
func replayMemory(r *Report, src *replay.Store, c *corpus) error {
	long := uint64(c.long.Len())
	liveOver := func(upTo uint64) (uint64, error) {
		// Two collections empty the pool of fold memory (a sync.Pool
		// keeps what it holds through one), so that neither replay
		// starts with the last one's game already counted in base.
		runtime.GC()
		runtime.GC()
		base := heapNow()
		var most uint64
		every := max(long/10, 1)
		err := replay.Fold(src, "long", func(_ *reducer.Game, seq uint64) error {
			if seq%every == 0 || seq >= upTo {
				runtime.GC()
				most = max(most, heapNow()-min(heapNow(), base))
			}
			if seq >= upTo {
				return errStop
			}
			return nil
		})
		if err != nil && err != errStop {
			return 0, err
		}
		return most, nil
	}
	short, err := liveOver(long / 10)
	if err != nil {
		return err
	}
	whole, err := liveOver(long)
	if err != nil {
		return err
	}
	mib := func(b uint64) float64 { return float64(b) / (1 << 20) }
	ok := float64(whole) <= 1.5*float64(short)+(1<<20)
	r.add(Figure{Key: "replay_heap", What: fmt.Sprintf("replay live heap, %d inputs", long), Value: mib(whole), Unit: "MiB",
		Baseline: mib(short), BaselineWhat: fmt.Sprintf("the same over %d inputs", long/10),
		Target: "independent of log length (<= 1.5x + 1 MiB)", Holds: holds(ok)})
	return nil
}
