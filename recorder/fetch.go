package recorder

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Fetching. The recorder pulls with one explicit request at a time (Fetch)
// rather than the client's self-refilling Consume: under a steady load
// Consume was seen to stop asking for more, with messages waiting in the
// stream and no pull request open at the server, until its 30-second
// expiry. A request here lasts fetchExpiry at most and the next one goes
// out as soon as it ends.

// fetchExpiry bounds one pull request; the server delivers what comes
// until the batch is full or this passes.
const fetchExpiry = 2 * time.Second

// fetcher feeds messages from the consumer into in until stopped.
type fetcher struct {
	in     chan jetstream.Msg
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// startFetch starts pulling batches of up to batch messages from cons.
func startFetch(ctx context.Context, cons jetstream.Consumer, batch int, log *slog.Logger) *fetcher {
	ctx, cancel := context.WithCancel(ctx)
	f := &fetcher{in: make(chan jetstream.Msg, 2*batch), cancel: cancel}
	f.wg.Add(1)
	go func() {
		defer f.wg.Done()
		f.run(ctx, cons, batch, log)
	}()
	return f
}

func (f *fetcher) run(ctx context.Context, cons jetstream.Consumer, batch int, log *slog.Logger) {
	for ctx.Err() == nil {
		pctx, cancel := context.WithTimeout(ctx, fetchExpiry)
		res, err := cons.Fetch(batch, jetstream.FetchContext(pctx))
		if err != nil {
			cancel()
			log.Warn("fetch", "err", err)
			select {
			case <-ctx.Done():
			case <-time.After(100 * time.Millisecond):
			}
			continue
		}
		for m := range res.Messages() {
			select {
			case f.in <- m:
			case <-ctx.Done():
			}
		}
		if err := res.Error(); err != nil && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
			log.Warn("fetch", "err", err)
		}
		cancel()
	}
}

// stop ends the pulling and waits for it; messages pulled and not yet
// handed over are dropped: unacked, they are delivered again.
func (f *fetcher) stop() {
	f.cancel()
	f.wg.Wait()
}
