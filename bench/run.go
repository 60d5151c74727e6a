package bench

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/sim"
)

// Options say what to measure on.
type Options struct {
	// Matches is the tournament's size; 0 means FullMatches.
	Matches int
	// Seed is the first match's seed (sim.Generate).
	Seed int64
	// LongInputs is the length of the match seeks run on; 0 means 10,000.
	LongInputs int
	// Seeks is how many random seeks to time; 0 means 1,000.
	Seeks int
	// Dir is an empty (or missing) directory for the store and the
	// server's files; empty means a temporary directory, removed after.
	Dir string
	// Log, if set, gets a line as each stage starts.
	Log io.Writer
	// Recorders is how many recorders share the matches during ingest
	// (bus.Share), each on a store of its own; 0 means one. With more than
	// one, only the ingest is measured: the reads want one store.
	Recorders int
}

// Sizes of the full and the quick run.
const (
	FullMatches  = 5000
	QuickMatches = 50
	// TournamentMatches is the size the targets on time are set for.
	TournamentMatches = 5000
)

// corpus is the generated tournament and the long match, in memory.
type corpus struct {
	matches []*packedMatch
	long    *packedMatch // LongInputs inputs of one long game
	inputs  int
	games   int
	raw     int   // bytes of the tournament's inputs, canonical msgpack
	stored  int64 // bytes of the store file in use once everything is recorded
	// ingestCPU is the process's CPU time (server, recorder, publisher)
	// while the tournament was ingested, when cpuClock can tell.
	ingestCPU time.Duration
	// ingestMallocs is how many heap objects the process allocated then.
	ingestMallocs uint64
}

// Run generates the corpus and measures every figure.
func Run(ctx context.Context, opt Options) (*Report, error) {
	if opt.Matches <= 0 {
		opt.Matches = FullMatches
	}
	if opt.LongInputs <= 0 {
		opt.LongInputs = 10_000
	}
	if opt.Seeks <= 0 {
		opt.Seeks = 1000
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	dir := opt.Dir
	if dir == "" {
		tmp, err := os.MkdirTemp("", "chronicle-bench-*")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, store.FileName)); err == nil {
		return nil, fmt.Errorf("bench: %s already holds a store: give an empty directory", dir)
	}
	t0 := time.Now()
	fmt.Fprintf(opt.Log, "bench: generating %d matches and a %d-input match\n", opt.Matches, opt.LongInputs)
	var c *corpus
	err := stage(ctx, "generate", func() (err error) { c, err = generate(opt); return err })
	if err != nil {
		return nil, err
	}
	r := &Report{Matches: len(c.matches), Inputs: c.inputs, Games: c.games}
	fmt.Fprintf(opt.Log, "bench: ingesting %d inputs through NATS and the recorder (generated in %.1fs)\n", c.inputs, time.Since(t0).Seconds())
	t0 = time.Now()
	if err := stage(ctx, "ingest", func() error { return ingest(ctx, r, c, dir, opt.Recorders) }); err != nil {
		return nil, err
	}
	if opt.Recorders > 1 {
		fmt.Fprintf(opt.Log, "bench: %d recorders: ingest only (ingested in %.1fs)\n", opt.Recorders, time.Since(t0).Seconds())
		r.judgeAll()
		return r, nil
	}
	fmt.Fprintf(opt.Log, "bench: flushing the ingest's writes to disk (ingested in %.1fs)\n", time.Since(t0).Seconds())
	flushDisk()
	c.forgetBytes()
	// Ingest grew the heap (the embedded server's caches among it); hand
	// that memory back so the read stage starts as a reader would.
	debug.FreeOSMemory()
	fmt.Fprintf(opt.Log, "bench: replaying, seeking and auditing\n")
	if err := stage(ctx, "read", func() error { return read(r, c, dir, opt) }); err != nil {
		return nil, err
	}
	r.judgeAll()
	return r, nil
}

// stage runs fn with a pprof label naming the stage, so that a CPU profile
// of the run (replay bench --cpuprofile) can be cut by stage with
// go tool pprof -tagfocus stage=NAME. Goroutines fn starts inherit it.
func stage(ctx context.Context, name string, fn func() error) (err error) {
	pprof.Do(ctx, pprof.Labels("stage", name), func(context.Context) { err = fn() })
	return err
}

// generate plays the tournament and the long match.
func generate(opt Options) (*corpus, error) {
	c := &corpus{}
	err := sim.Generate(opt.Seed, opt.Matches, sim.Options{Event: "bench"}, func(m *sim.Match) error {
		p := pack(m)
		c.matches = append(c.matches, p)
		c.inputs += p.Len()
		c.games += p.Games
		c.raw += len(p.data)
		return nil
	})
	if err != nil {
		return nil, err
	}
	long, err := sim.Play(opt.Seed-1, sim.Options{
		BestOf: 1, DeckSize: max(60, opt.LongInputs/30), StartingLife: 1_000_000,
		MaxGameInputs: opt.LongInputs, NoConcede: true,
	})
	if err != nil {
		return nil, err
	}
	if len(long.Inputs) < opt.LongInputs {
		return nil, fmt.Errorf("bench: the long match ended after %d inputs, short of %d", len(long.Inputs), opt.LongInputs)
	}
	long.ID = "long"
	for _, ev := range long.Inputs[:opt.LongInputs] {
		ev.Match = "long"
	}
	// Renamed, the long match's inputs are sealed again.
	long.Inputs = long.Inputs[:opt.LongInputs]
	var prev events.Hash
	for _, ev := range long.Inputs {
		ev.Prev = prev
		ev.Seal()
		prev = ev.Hash
	}
	c.long = pack(long)
	return c, nil
}
