package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// The ingest's baselines: the same inputs published by raw JetStream async
// publish to a stream like the input stream (file storage) that nobody
// consumes, one input a message (what the ingest's target is judged
// against: the stream's capacity for a client without packs) and in the
// packs a publisher sends (how much of the ingest's lead over that the
// packs alone give).

// rawPublish publishes every input's canonical bytes, one a message.
func rawPublish(ctx context.Context, nc *nats.Conn, matches []*packedMatch) (time.Duration, error) {
	var payloads [][]byte
	var subjects []string
	for _, m := range matches {
		m.raw(func(b []byte) {
			payloads, subjects = append(payloads, b), append(subjects, "bench.raw."+m.ID)
		})
	}
	return timePublish(ctx, nc, "BENCH_RAW", "bench.raw.>", subjects, payloads)
}

// rawPublishPacks publishes every input's canonical bytes in packs of up
// to bus.PackInputs of one match (bus.PackBytes at most), as a publisher
// sends chained inputs.
func rawPublishPacks(ctx context.Context, nc *nats.Conn, matches []*packedMatch) (time.Duration, error) {
	var payloads [][]byte
	var subjects []string
	for _, m := range matches {
		var buf []byte
		flush := func() {
			if buf != nil {
				payloads, subjects = append(payloads, buf), append(subjects, "bench.packs."+m.ID)
				buf = nil
			}
		}
		m.raw(func(b []byte) {
			if buf != nil && (bus.PackLen(buf) == bus.PackInputs || len(buf)+len(b) > bus.PackBytes) {
				flush()
			}
			if buf == nil {
				buf = bus.StartPack(nil)
			}
			var start int
			buf, start = bus.StartPackInput(buf)
			buf = append(buf, b...)
			bus.EndPackInput(buf, start)
		})
		flush()
	}
	return timePublish(ctx, nc, "BENCH_RAW_PACKS", "bench.packs.>", subjects, payloads)
}

// timePublish publishes each payload to its subject by JetStream async
// publish, to a new stream named name taking filter, waits for every ack,
// checks the stream holds them all, and returns the time taken.
func timePublish(ctx context.Context, nc *nats.Conn, name, filter string, subjects []string, payloads [][]byte) (time.Duration, error) {
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncMaxPending(4096))
	if err != nil {
		return 0, err
	}
	s, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: name, Subjects: []string{filter}, Storage: jetstream.FileStorage})
	if err != nil {
		return 0, err
	}
	defer js.DeleteStream(ctx, name)
	start := time.Now()
	for i, p := range payloads {
		// A busy machine may keep the server from acking for a while: wait
		// for room rather than fail the run.
		if _, err := js.PublishAsync(subjects[i], p, jetstream.WithStallWait(time.Minute)); err != nil {
			return 0, err
		}
	}
	select {
	case <-js.PublishAsyncComplete():
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	elapsed := time.Since(start)
	info, err := s.Info(ctx)
	if err != nil {
		return 0, err
	}
	if info.State.Msgs != uint64(len(payloads)) {
		return 0, fmt.Errorf("bench: stream %s holds %d of %d messages", name, info.State.Msgs, len(payloads))
	}
	return elapsed, nil
}
