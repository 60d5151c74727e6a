package recorder

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Fetching. The recorder pulls with one explicit request at a time (Fetch)
// rather than the client's self-refilling Consume: under a steady load
// Consume was seen to stop asking for more, with messages waiting in the
// stream and no pull request open at the server, until its 30-second
// expiry. A request here lasts fetchExpiry at most and the next one goes
// out as soon as it ends.
//
// A pull that fails (the server restarting, a cluster electing a leader, a
// full outage) is tried again after a backoff that grows to maxBackoff,
// never in a busy loop, and the failures are logged once when they begin,
// then once every logEvery while they last, and once when pulls work again.
// A consumer or stream that is gone is not waited for: the fetcher stops
// and says so on lost, for the recorder to set them up again.

// fetchExpiry bounds one pull request; the server delivers what comes
// until the batch is full or this passes.
const fetchExpiry = 2 * time.Second

// Backoff after a failed pull or setup, and how often a lasting failure is
// logged again.
const (
	minBackoff = 100 * time.Millisecond
	maxBackoff = 5 * time.Second
	logEvery   = 30 * time.Second
)

// fetcher feeds messages from the consumer into in until stopped.
type fetcher struct {
	in     chan jetstream.Msg
	lost   chan error // the consumer or stream is gone; the fetcher has stopped
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// startFetch starts pulling batches of up to batch messages from cons.
func startFetch(ctx context.Context, cons jetstream.Consumer, batch int, log *slog.Logger) *fetcher {
	ctx, cancel := context.WithCancel(ctx)
	f := &fetcher{in: make(chan jetstream.Msg, 2*batch), lost: make(chan error, 1), cancel: cancel}
	f.wg.Add(1)
	go func() {
		defer f.wg.Done()
		f.run(ctx, cons, batch, log)
	}()
	return f
}

func (f *fetcher) run(ctx context.Context, cons jetstream.Consumer, batch int, log *slog.Logger) {
	trouble := newTrouble(log, "pulling from the input stream")
	for ctx.Err() == nil {
		pctx, cancel := context.WithTimeout(ctx, fetchExpiry)
		res, err := cons.Fetch(batch, jetstream.FetchContext(pctx))
		if err == nil && trouble.n > 0 {
			// Pulls work again after failing. Messages delivered to pulls
			// that never reached us wait unacked until AckWait ends: have
			// the consumer set up again from the store's cursor instead.
			cancel()
			trouble.over()
			f.lost <- errPullsBack
			return
		}
		if err == nil {
			for m := range res.Messages() {
				select {
				case f.in <- m:
				case <-ctx.Done():
				}
			}
			err = res.Error()
			if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
				err = nil // the pull's own expiry
			}
		}
		cancel()
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			trouble.over()
			continue
		}
		if gone(err) {
			trouble.over()
			f.lost <- err
			return
		}
		trouble.failed(err)
		if !sleep(ctx, trouble.backoff()) {
			return
		}
	}
}

// errPullsBack is sent on lost when pulls work again after failing.
var errPullsBack = errors.New("pulls work again after failing")

// gone reports whether err says the consumer or the stream no longer
// exists: waiting won't bring it back.
func gone(err error) bool {
	return errors.Is(err, jetstream.ErrConsumerNotFound) || errors.Is(err, jetstream.ErrConsumerDeleted) ||
		errors.Is(err, jetstream.ErrStreamNotFound) || errors.Is(err, nats.ErrConsumerNotFound) ||
		errors.Is(err, nats.ErrConsumerDeleted) || errors.Is(err, nats.ErrStreamNotFound)
}

// sleep waits d or until ctx ends; false when ctx ended.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// stop ends the pulling and waits for it; messages pulled and not yet
// handed over are dropped: unacked, they are delivered again.
func (f *fetcher) stop() {
	f.cancel()
	f.wg.Wait()
}

// trouble is a run of failures of one kind of work: it sets the backoff
// and keeps the log to a line when the run begins, one every logEvery
// while it lasts, and one when it ends.
type trouble struct {
	log     *slog.Logger
	what    string
	n       int
	since   time.Time
	logged  time.Time
	lastErr error
}

func newTrouble(log *slog.Logger, what string) *trouble { return &trouble{log: log, what: what} }

func (t *trouble) failed(err error) {
	now := time.Now()
	t.lastErr = err
	if t.n == 0 {
		t.since, t.logged = now, now
		t.log.Warn(t.what+" failed; trying again with backoff", "err", err)
	} else if now.Sub(t.logged) >= logEvery {
		t.logged = now
		t.log.Warn(t.what+" still failing", "for", now.Sub(t.since).Round(time.Second), "attempts", t.n+1, "err", err)
	}
	t.n++
}

// over ends a run of failures, if one was going on.
func (t *trouble) over() {
	if t.n > 0 {
		t.log.Info(t.what+" works again", "after", time.Since(t.since).Round(time.Millisecond), "failures", t.n)
	}
	t.n = 0
}

// backoff is the wait before the next attempt: doubling from minBackoff
// to maxBackoff.
func (t *trouble) backoff() time.Duration {
	d := minBackoff
	for i := 1; i < t.n && d < maxBackoff; i++ {
		d *= 2
	}
	return min(d, maxBackoff)
}
