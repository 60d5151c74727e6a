package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// rawPacksStream is the second baseline's stream: like rawStream.
const rawPacksStream = "BENCH_RAW_PACKS"

// rawPublishPacks publishes every input's canonical bytes as a publisher
// sends chained inputs, in packs of up to bus.PackInputs of one match
// (bus.PackBytes at most), by JetStream async publish, waits for every
// ack, and returns the time taken. The ingest's ratio to raw publish is
// judged against the inputs sent one to a message, what the stream's raw
// capacity is for a client without packs; this one says how much of the
// ingest's lead over that comes from the packs alone.
func rawPublishPacks(ctx context.Context, nc *nats.Conn, matches []*packedMatch) (time.Duration, error) {
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncMaxPending(4096))
	if err != nil {
		return 0, err
	}
	s, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: rawPacksStream, Subjects: []string{"bench.packs.>"}, Storage: jetstream.FileStorage})
	if err != nil {
		return 0, err
	}
	defer js.DeleteStream(ctx, rawPacksStream)
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
	start := time.Now()
	for i, p := range payloads {
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
		return 0, fmt.Errorf("bench: raw packs stream holds %d of %d messages", info.State.Msgs, len(payloads))
	}
	return elapsed, nil
}
