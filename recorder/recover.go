package recorder

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// Setting the stream and the consumer up again. Someone deleted the
// consumer or the stream, or a pull found messages missing: the recorder
// sets both up again from the store's cursor, as at start. It tries with a
// backoff for as long as the failures are ones that pass (no responders, a
// timeout, JetStream unavailable while a leader is elected); a refusal that
// won't pass (the recorder's user may not create the stream or consumer)
// stops it with an error that says what to do.
//
// A stream deleted and made anew is a new stream with a new cursor: the
// messages of the old one that the recorder never read are lost, and the
// store records that as a hole.

// reconsume sets the stream and consumer up again and returns the
// consumer, positioned after the last committed message. It updates the
// recorder's stream, cursor and sequences when the stream is a new one. It
// runs with nothing admitted and uncommitted.
func (r *Recorder) reconsume(ctx context.Context) (jetstream.Consumer, error) {
	trouble := newTrouble(r.log, "setting up the input stream and consumer")
	r.resume = resume{}
	for {
		cons, err := r.setup(ctx)
		if err == nil {
			trouble.over()
			return cons, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if fatal(err) {
			return nil, fmt.Errorf("recorder: can't set up the input stream and consumer again: %w (give the recorder's NATS user the right to create them, or recreate them as an operator)", err)
		}
		trouble.failed(err)
		if !sleep(ctx, trouble.backoff()) {
			return nil, ctx.Err()
		}
	}
}

// firstSetup sets the stream and the consumer up as the recorder starts,
// trying again with a backoff while the failures are ones that pass: a
// recorder started while the cluster elects a leader waits for it.
func (r *Recorder) firstSetup(ctx context.Context) (jetstream.Consumer, error) {
	trouble := newTrouble(r.log, "setting up the input stream and consumer")
	for {
		cons, err := r.setupAt(ctx)
		if err == nil {
			trouble.over()
			return cons, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if fatal(err) {
			return nil, err
		}
		trouble.failed(err)
		if !sleep(ctx, trouble.backoff()) {
			return nil, ctx.Err()
		}
	}
}

// setupAt is the first setup's one attempt: the stream, the store's cursor
// of it, the consumer positioned after it.
func (r *Recorder) setupAt(ctx context.Context) (jetstream.Consumer, error) {
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	stream, err := bus.EnsureStream(sctx, r.js, r.cfg.Stream)
	if err != nil {
		return nil, err
	}
	r.stream, r.cursor = stream, bus.CursorName(stream)
	if r.lastApplied, err = r.cfg.Store.LastApplied(r.cursor); err != nil {
		return nil, &permanent{err}
	}
	return bus.EnsureShareConsumer(sctx, stream, r.cfg.Share.Consumer(), r.lastApplied)
}

// permanent marks an error that waiting won't cure (the store failed).
type permanent struct{ err error }

func (p *permanent) Error() string { return p.err.Error() }
func (p *permanent) Unwrap() error { return p.err }

func (r *Recorder) setup(ctx context.Context) (jetstream.Consumer, error) {
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	stream, err := bus.EnsureStream(sctx, r.js, r.cfg.Stream)
	if err != nil {
		return nil, err
	}
	if cursor := bus.CursorName(stream); cursor != r.cursor {
		// The stream is not the one the recorder read: it was deleted.
		old := r.cursor
		r.log.Error("the input stream was deleted and is a new one now: messages of the old one not yet read are lost",
			"old", old, "new", cursor, "last_applied", r.lastApplied)
		hole := &store.Hole{Stream: old, From: r.lastApplied + 1,
			Reason: "the stream was deleted before the recorder read these messages", Time: r.cfg.Now().UnixNano()}
		if err := r.commit(&store.Batch{Holes: []*store.Hole{hole}}); err != nil {
			return nil, err
		}
		last, err := r.cfg.Store.LastApplied(cursor)
		if err != nil {
			return nil, err
		}
		r.cursor, r.lastApplied, r.admittedSeq = cursor, last, last
	}
	r.stream = stream
	return bus.EnsureShareConsumer(sctx, stream, r.cfg.Share.Consumer(), r.lastApplied)
}

// fatal reports whether a setup error won't pass by waiting: the
// connection is closed for good, or the server refuses the recorder's user.
func fatal(err error) bool {
	var p *permanent
	if errors.As(err, &p) || errors.Is(err, nats.ErrConnectionClosed) || errors.Is(err, nats.ErrAuthorization) {
		return true
	}
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) && (apiErr.Code == 403 || apiErr.Code == 401) {
		return true
	}
	return strings.Contains(strings.ToLower(err.Error()), "permissions violation")
}
