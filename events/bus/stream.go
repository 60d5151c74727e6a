package bus

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// StreamOptions tune the input stream when the recorder creates it.
type StreamOptions struct {
	Replicas int           // 1 for a single server, 3 for a cluster
	Dedup    time.Duration // duplicate window; default DedupWindow
}

// DedupWindow is how long JetStream remembers message ids. A second input
// with the same <match>:<seq> inside it is dropped by the stream itself;
// after it, the recorder's own duplicate check still holds.
const DedupWindow = 2 * time.Minute

// Consumer delivery limits. Redelivery happens only when the recorder did
// not ack (it crashed, or a commit failed); a message is never nak'ed for
// its content, which goes to the rejection log instead.
const (
	MaxDeliver = 5
	AckWait    = 30 * time.Second
)

// Backoff is the wait before each redelivery of an unacked message.
var Backoff = []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 5 * time.Minute}

// EnsureStream returns the input stream, creating it when absent.
func EnsureStream(ctx context.Context, js jetstream.JetStream, opt StreamOptions) (jetstream.Stream, error) {
	s, err := js.Stream(ctx, StreamName)
	if err == nil {
		return harden(ctx, js, s), nil
	}
	if !errors.Is(err, jetstream.ErrStreamNotFound) {
		return nil, fmt.Errorf("bus: stream %s: %w", StreamName, err)
	}
	if opt.Replicas == 0 {
		opt.Replicas = 1
	}
	if opt.Dedup == 0 {
		opt.Dedup = DedupWindow
	}
	s, err = js.CreateStream(ctx, jetstream.StreamConfig{
		Name:        StreamName,
		Description: "Chronicle match inputs",
		Subjects:    []string{InWildcard},
		Storage:     jetstream.FileStorage,
		Retention:   jetstream.LimitsPolicy,
		Duplicates:  opt.Dedup,
		Replicas:    opt.Replicas,
		// Publishers send a match's inputs in atomic batches.
		AllowAtomicPublish: true,
		// Nobody deletes an input or purges the stream, operators included;
		// once set, the server never lets these be turned off.
		DenyDelete: true,
		DenyPurge:  true,
	})
	if err != nil && !errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
		return nil, fmt.Errorf("bus: create stream %s: %w", StreamName, err)
	}
	if err != nil {
		return js.Stream(ctx, StreamName)
	}
	return s, nil
}

// harden brings a stream made by an earlier version up to today's
// settings: atomic batch publishing, and deny-delete and deny-purge. A
// server that refuses (an old one, a user without the right) leaves it as
// it is: publishers then send input by input, and deletions the server's
// permissions don't stop show as holes in the store.
func harden(ctx context.Context, js jetstream.JetStream, s jetstream.Stream) jetstream.Stream {
	cfg := s.CachedInfo().Config
	if cfg.AllowAtomicPublish && cfg.DenyDelete && cfg.DenyPurge {
		return s
	}
	cfg.AllowAtomicPublish, cfg.DenyDelete, cfg.DenyPurge = true, true, true
	if updated, err := js.UpdateStream(ctx, cfg); err == nil {
		return updated
	}
	return s
}

// CursorName names the store's cursor for a stream: its name and creation
// time, so that a stream deleted and created anew starts a fresh cursor
// rather than skipping the new stream's first messages.
func CursorName(s jetstream.Stream) string {
	info := s.CachedInfo()
	return info.Config.Name + "@" + info.Created.UTC().Format(time.RFC3339Nano)
}

// EnsureConsumer returns the recorder's durable pull consumer, positioned to
// deliver the message after lastApplied, the last stream sequence the store
// holds. It is created when absent. When its delivery state runs ahead of the
// store (messages delivered but never committed: the recorder crashed) or
// behind it, it is reset to lastApplied+1, so delivery stays in stream order
// and nothing is skipped.
//
// Acks are cumulative (AckAll): the recorder acks the last message of each
// committed batch, which acks every one before it. A consumer left by an
// earlier version with explicit acks is replaced, positioned the same way.
func EnsureConsumer(ctx context.Context, s jetstream.Stream, lastApplied uint64) (jetstream.Consumer, error) {
	return EnsureShareConsumer(ctx, s, ConsumerName, lastApplied)
}

// EnsureShareConsumer is EnsureConsumer for the durable consumer named
// name (a share's: Share.Consumer).
func EnsureShareConsumer(ctx context.Context, s jetstream.Stream, name string, lastApplied uint64) (jetstream.Consumer, error) {
	cfg := jetstream.ConsumerConfig{
		Durable:       name,
		Description:   "Chronicle recorder",
		AckPolicy:     jetstream.AckAllPolicy,
		AckWait:       AckWait,
		MaxDeliver:    MaxDeliver,
		BackOff:       Backoff,
		MaxAckPending: 4096,
		DeliverPolicy: jetstream.DeliverAllPolicy,
	}
	c, err := s.Consumer(ctx, name)
	switch {
	case errors.Is(err, jetstream.ErrConsumerNotFound):
		// Created below.
	case err != nil:
		return nil, fmt.Errorf("bus: consumer %s: %w", name, err)
	case c.CachedInfo().Config.AckPolicy != cfg.AckPolicy:
		// Made by an earlier version (explicit acks): the ack policy can't be
		// changed in place, and the store's cursor says where to go on.
		if err := s.DeleteConsumer(ctx, name); err != nil {
			return nil, fmt.Errorf("bus: replace consumer %s: %w", name, err)
		}
	case c.CachedInfo().Delivered.Stream == lastApplied:
		return c, nil
	default:
		// Out of step with the store: deliver again from lastApplied+1.
		rerr := error(nil)
		if _, rerr = s.ResetConsumerToSequence(ctx, name, lastApplied+1); rerr == nil {
			return s.Consumer(ctx, name)
		}
		if err := s.DeleteConsumer(ctx, name); err != nil {
			return nil, fmt.Errorf("bus: reposition consumer %s: reset: %v; delete: %w", name, rerr, err)
		}
	}
	if lastApplied > 0 {
		cfg.DeliverPolicy = jetstream.DeliverByStartSequencePolicy
		cfg.OptStartSeq = lastApplied + 1
	}
	c, err = s.CreateConsumer(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("bus: create consumer %s: %w", name, err)
	}
	return c, nil
}
