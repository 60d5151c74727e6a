package bench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/recorder"
)

// parallelMatches is how many matches a client publishes at once, as
// `recorder publish` does; inputs of one match go in order.
const parallelMatches = 8

// ingest starts an embedded server and opt.Recorders recorders (each
// owning a share of the matches, on a store of its own: the first in dir,
// the others in dir/share-<i>), publishes the tournament as a client
// would, timing until every verdict says stored, then the same bytes by
// raw JetStream async publish to another stream of the same server; and
// records the long match, untimed.
func ingest(ctx context.Context, r *Report, c *corpus, dir string, recorders int) (err error) {
	defer recorder.TuneGC()() // as a recorder process runs; the baselines too
	srv, err := bus.StartServer(bus.ServerOptions{StoreDir: filepath.Join(dir, "nats")})
	if err != nil {
		return err
	}
	defer srv.Shutdown()
	recorders = max(recorders, 1)
	var stores []*store.Store
	for i := range recorders {
		sdir := dir
		if i > 0 {
			sdir = filepath.Join(dir, fmt.Sprintf("share-%d", i+1))
		}
		st, err := store.OpenDir(sdir, store.Options{})
		if err != nil {
			return err
		}
		defer st.Close()
		stores = append(stores, st)
		stop, err := startRecorder(ctx, srv, st, bus.Share{Index: i, Of: recorders})
		if err != nil {
			return err
		}
		defer func() {
			if rerr := stop(); err == nil {
				err = rerr
			}
		}()
	}
	client, err := srv.Connect(nats.Name("bench-client"))
	if err != nil {
		return err
	}
	defer client.Close()
	pub, err := bus.NewPublisher(ctx, client)
	if err != nil {
		return err
	}
	pub.Now = nil
	pub.Idle = 2 * time.Minute // a verdict waits behind the other matches in flight

	if profileIngest != nil {
		if err := pprof.StartCPUProfile(profileIngest); err != nil {
			return err
		}
	}
	mallocs0 := mallocs()
	start, cpu0 := time.Now(), cpuClock()
	err = publishAll(ctx, pub, c.matches)
	if profileIngest != nil {
		pprof.StopCPUProfile()
	}
	if err != nil {
		return err
	}
	ingestTime := time.Since(start)
	c.ingestCPU = cpuClock() - cpu0
	c.ingestMallocs = mallocs() - mallocs0
	rawTime, err := rawPublish(ctx, client, c.matches)
	if err != nil {
		return err
	}
	packsTime, err := rawPublishPacks(ctx, client, c.matches)
	if err != nil {
		return err
	}
	if err := publishAll(ctx, pub, []*packedMatch{c.long}); err != nil {
		return err
	}
	c.stored = 0
	for _, st := range stores {
		n, err := st.InUse()
		if err != nil {
			return err
		}
		c.stored += n
	}

	n := float64(c.inputs)
	r.add(Figure{Key: "ingest", What: "ingest (client publish to stored verdict)", Value: n / ingestTime.Seconds(), Unit: "inputs/s",
		Baseline: n / rawTime.Seconds(), BaselineWhat: "raw JetStream async publish", Target: ">= 0.6x"})
	last := &r.Figures[len(r.Figures)-1]
	last.Holds = holds(last.Ratio >= 0.6)
	r.add(Figure{Key: "ingest_packed", What: "ingest, against raw publish of the same packs", Value: n / ingestTime.Seconds(), Unit: "inputs/s",
		Baseline: n / packsTime.Seconds(), BaselineWhat: fmt.Sprintf("raw JetStream async publish, up to %d inputs a message", bus.PackInputs)})
	scale := float64(TournamentMatches) / float64(len(c.matches))
	projected := ingestTime.Seconds() * scale
	r.add(Figure{Key: "tournament_ingest", What: fmt.Sprintf("tournament ingest, %d matches projected from %d", TournamentMatches, len(c.matches)),
		Value: projected, Unit: "s", Baseline: rawTime.Seconds() * scale, BaselineWhat: "raw JetStream async publish",
		Target: "< 60 s", Holds: holds(projected < 60)})
	return nil
}

// mallocs is how many heap objects the process allocated so far.
func mallocs() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.Mallocs
}

// profileIngest, when set (by a test), gets a CPU profile of the ingest
// alone: the server's goroutines carry labels of their own, which a
// profile of the whole run can't cut by stage.
var profileIngest io.Writer

// startRecorder runs a recorder with the rules on st, owning share, until
// stop is called; stop returns what it failed with.
func startRecorder(ctx context.Context, srv *bus.Server, st *store.Store, share bus.Share) (stop func() error, err error) {
	nc, err := srv.Connect(nats.Name("bench-recorder"))
	if err != nil {
		return nil, err
	}
	rec, err := recorder.New(recorder.Config{
		Store: st, Conn: nc, Validator: recorder.NewRules(st), Share: share,
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		nc.Close()
		return nil, err
	}
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- rec.Run(rctx) }()
	stop = func() error {
		cancel()
		defer nc.Close()
		if err := <-done; err != nil && err != context.Canceled {
			return err
		}
		return nil
	}
	select {
	case <-rec.Ready():
		return stop, nil
	case err := <-done:
		done <- err
		stop()
		return nil, fmt.Errorf("bench: recorder stopped before it was ready: %v", err)
	}
}

// publishAll publishes matches parallelMatches at a time and fails unless
// every input's verdict says stored.
func publishAll(ctx context.Context, pub *bus.Publisher, matches []*packedMatch) error {
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
		sem      = make(chan struct{}, parallelMatches)
	)
	for _, m := range matches {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			// Decoded here, as a client would build its inputs.
			evs, err := m.Inputs()
			var outs []bus.Outcome
			if err == nil {
				outs, err = pub.PublishMatch(ctx, m.ID, evs)
			}
			for _, o := range outs {
				if err == nil && o.Status != bus.StatusStored {
					err = fmt.Errorf("bench: %s seq %d: %s: %s", m.ID, o.Seq, o.Status, o.Reason)
				}
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil && firstErr == nil {
				firstErr = err
			}
		}()
	}
	wg.Wait()
	return firstErr
}
