package recorder

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"

	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/query"
)

// Config wires a Recorder. Store and Conn are required.
type Config struct {
	Store *store.Store
	Conn  *nats.Conn
	// Stream tunes the input stream when the recorder creates it.
	Stream bus.StreamOptions
	// Validator adds the game's rules; nil checks the log's rules only.
	Validator Validator
	Logger    *slog.Logger
	// Batch is the most inputs committed in one transaction; default 256.
	Batch int
	// Now is the clock for rejection times; default time.Now.
	Now func() time.Time
	// BeforeCommit, if set, runs after a batch is validated and before it is
	// committed, with the number of messages in it. Fault-injection tests use
	// it to kill the process mid-batch.
	BeforeCommit func(n int)
	// CommitRetries is how often a failed commit is retried before Run gives
	// up; default 5.
	CommitRetries int
	// Queries: answer the read service from the store while recording
	// (query.go).
	Queries bool
	// Authorize, with Queries, is asked before each read or write is
	// answered (query.ServiceConfig.Authorize); nil leaves it to the
	// subjects' NATS permissions.
	Authorize func(query.Access) error
	// Key, when set, signs every verdict and status reply (bus.SignReply),
	// so that a publisher can tell them from forgeries.
	Key nkeys.KeyPair
	// Share, when set, is the share of the matches this recorder owns
	// (bus.Share): it records and answers for those only, with a consumer
	// of its own; the zero Share owns them all.
	Share bus.Share
}

// Recorder consumes the input stream into the store. Run it once.
type Recorder struct {
	cfg         Config
	log         *slog.Logger
	js          jetstream.JetStream
	stream      jetstream.Stream
	cursor      string
	lastApplied uint64 // the last stream seq committed
	admittedSeq uint64 // the last stream seq admitted, committed or not
	resume      resume // a pack admitted in part (admitAll)
	matches     map[string]*Match
	derived     *store.Derived // what the validator derived from the input just admitted
	sealed      []byte         // its canonical encoding, when admitting it gave one (store.Batch.Sealed)
	rulesFailed bool           // the validator panicked on the input just admitted
	free        *admitted      // a run committed, emptied for the next (newAdmitted)
	ready       chan struct{}
	statusSub   *nats.Subscription
	queries     *query.Service // nil without Config.Queries

	statsMu sync.Mutex
	stats   Stats
}

// Stats counts what a Recorder did since it started.
type Stats struct {
	Batches    uint64
	Stored     uint64
	Duplicates uint64
	Rejected   uint64
}

// New checks cfg and returns a Recorder.
func New(cfg Config) (*Recorder, error) {
	if cfg.Store == nil || cfg.Conn == nil {
		return nil, errors.New("recorder: Store and Conn are required")
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 256
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.CommitRetries <= 0 {
		cfg.CommitRetries = 5
	}
	js, err := jetstream.New(cfg.Conn)
	if err != nil {
		return nil, fmt.Errorf("recorder: %w", err)
	}
	return &Recorder{cfg: cfg, log: cfg.Logger, js: js, matches: map[string]*Match{}, ready: make(chan struct{})}, nil
}

// Ready is closed once the stream, the consumer and the status responder are
// set up and inputs are being consumed.
func (r *Recorder) Ready() <-chan struct{} { return r.ready }

// Stats returns the counts so far.
func (r *Recorder) Stats() Stats {
	r.statsMu.Lock()
	defer r.statsMu.Unlock()
	return r.stats
}

// Run consumes until ctx is cancelled, then stops fetching and returns once
// the batch in hand is committed and acked. It returns an error when it
// cannot set up or cannot commit; nothing uncommitted is ever acked.
func (r *Recorder) Run(ctx context.Context) error {
	cons, err := r.firstSetup(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	r.statusSub, err = r.cfg.Conn.Subscribe(bus.StatusWild, r.serveStatus)
	if err != nil {
		return fmt.Errorf("recorder: status responder: %w", err)
	}
	defer r.statusSub.Unsubscribe()
	if err := r.startQueries(); err != nil {
		return fmt.Errorf("recorder: read service: %w", err)
	}
	defer r.stopQueries()
	// The server must know the subscription before anyone is told we're ready.
	if err := r.cfg.Conn.Flush(); err != nil {
		return fmt.Errorf("recorder: status responder: %w", err)
	}

	r.admittedSeq = r.lastApplied
	feed := startFetch(ctx, cons, r.cfg.Batch, r.log)
	defer func() { feed.stop() }()
	com := startCommitter(r)
	defer com.stop()
	r.log.Info("recording", "stream", bus.StreamName, "consumer", bus.ConsumerName, "last_applied", r.lastApplied)
	close(r.ready)

	// Admitting and committing overlap: while one run of inputs is
	// committed (the fsync), the next is validated, and handed over as one
	// batch when the commit is done. The busier the recorder, the bigger
	// the batches.
	cur := r.newAdmitted()
	var inflight *admitted
	msgs := make([]jetstream.Msg, 0, r.cfg.Batch)
	for {
		if inflight == nil && !cur.empty() {
			inflight, cur = cur, r.newAdmitted()
			com.in <- inflight
		}
		in := feed.in
		if max(cur.msgs, cur.inputs) >= maxAdmitted*r.cfg.Batch {
			in = nil // wait for the commit in flight
		}
		select {
		case <-ctx.Done():
			return r.settle(com, &inflight, &cur)
		case err := <-com.done:
			if err != nil {
				r.forgetAll(inflight.batch)
				r.forgetAll(cur.batch)
				return err
			}
			r.committed(inflight)
			inflight = nil
		case err := <-feed.lost:
			// The consumer or the stream is gone, or pulls work again after
			// failing: set them up again from the store's cursor.
			if err != errPullsBack {
				r.log.Warn("the input consumer or stream is gone; setting it up again", "err", err)
				// A stream deleted a moment ago is still being taken down
				// by the server; one made at once under its name was seen
				// to accept no messages.
				if !sleep(ctx, time.Second) {
					return r.settle(com, &inflight, &cur)
				}
			}
			if err := r.settle(com, &inflight, &cur); err != nil {
				return err
			}
			feed.stop()
			if cons, err = r.reconsume(ctx); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return err
			}
			cur = r.newAdmitted() // the cursor may be a new stream's
			feed = startFetch(ctx, cons, r.cfg.Batch, r.log)
		case m := <-in:
			msgs = append(msgs[:0], m)
			inputs := inputsOf(m)
		fill:
			for len(msgs) < r.cfg.Batch && inputs < r.cfg.Batch {
				select {
				case m := <-in:
					msgs = append(msgs, m)
					inputs += inputsOf(m)
				default:
					break fill
				}
			}
			for rest := msgs; len(rest) > 0; {
				n, why, err := r.admitAll(cur, rest)
				if err != nil {
					return err
				}
				rest = rest[n:]
				if why == stopNone {
					continue
				}
				if err := r.settle(com, &inflight, &cur); err != nil {
					return err
				}
				if why == stopGap {
					// Messages went missing between the server and us: pull
					// again from the first one not stored.
					feed.stop()
					if cons, err = r.reconsume(ctx); err != nil {
						if ctx.Err() != nil {
							return nil
						}
						return err
					}
					cur = r.newAdmitted()
					feed = startFetch(ctx, cons, r.cfg.Batch, r.log)
					break
				}
			}
		}
	}
}

// inputsOf is how many inputs m carries: one, or a pack's.
func inputsOf(m jetstream.Msg) int {
	if d := m.Data(); bus.IsPack(d) {
		return max(1, bus.PackCount(d))
	}
	return 1
}
