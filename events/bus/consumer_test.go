package bus_test

import (
	"reflect"
	"testing"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// fetch pulls the messages available, up to n, and returns their stream
// sequences, acking them when ack is set.
func fetch(t *testing.T, c jetstream.Consumer, n int, ack bool) []uint64 {
	t.Helper()
	batch, err := c.FetchNoWait(n)
	if err != nil {
		t.Fatal(err)
	}
	var seqs []uint64
	for m := range batch.Messages() {
		md, err := m.Metadata()
		if err != nil {
			t.Fatal(err)
		}
		seqs = append(seqs, md.Sequence.Stream)
		if ack {
			if err := m.DoubleAck(testCtx(t)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := batch.Error(); err != nil {
		t.Fatal(err)
	}
	return seqs
}

func seqRange(from, to uint64) []uint64 {
	var out []uint64
	for s := from; s <= to; s++ {
		out = append(out, s)
	}
	return out
}

func ensureConsumer(t *testing.T, s jetstream.Stream, lastApplied uint64) jetstream.Consumer {
	t.Helper()
	c, err := bus.EnsureConsumer(testCtx(t), s, lastApplied)
	if err != nil {
		t.Fatalf("EnsureConsumer(%d): %v", lastApplied, err)
	}
	return c
}

// TestEnsureConsumerCreates guards a first start: the durable consumer is
// created with cumulative acks and delivers from the stream's first message.
func TestEnsureConsumerCreates(t *testing.T) {
	e := startEnv(t)
	s := e.stream(t)
	e.publish(t, 3)
	c := ensureConsumer(t, s, 0)
	cfg := c.CachedInfo().Config
	if cfg.Durable != bus.ConsumerName || cfg.AckPolicy != jetstream.AckAllPolicy || cfg.MaxDeliver != bus.MaxDeliver {
		t.Errorf("consumer config %+v", cfg)
	}
	if got := fetch(t, c, 10, true); !reflect.DeepEqual(got, seqRange(1, 3)) {
		t.Errorf("delivered %v, want 1..3", got)
	}
}

// TestEnsureConsumerCreatesAfterLastApplied guards a store that holds
// messages the consumer never saw (consumer deleted): delivery starts at
// lastApplied+1.
func TestEnsureConsumerCreatesAfterLastApplied(t *testing.T) {
	e := startEnv(t)
	s := e.stream(t)
	e.publish(t, 5)
	c := ensureConsumer(t, s, 3)
	if got := fetch(t, c, 10, true); !reflect.DeepEqual(got, seqRange(4, 5)) {
		t.Errorf("delivered %v, want 4..5", got)
	}
}

// TestEnsureConsumerAheadOfStore guards crash recovery: messages delivered
// but never committed are delivered again, in order, from lastApplied+1.
func TestEnsureConsumerAheadOfStore(t *testing.T) {
	e := startEnv(t)
	s := e.stream(t)
	e.publish(t, 5)
	c := ensureConsumer(t, s, 0)
	if got := fetch(t, c, 5, false); !reflect.DeepEqual(got, seqRange(1, 5)) {
		t.Fatalf("delivered %v, want 1..5", got)
	}
	c = ensureConsumer(t, s, 2)
	if n := c.CachedInfo().NumAckPending; n != 0 {
		t.Errorf("%d deliveries of before the reposition still await an ack", n)
	}
	if got := fetch(t, c, 10, true); !reflect.DeepEqual(got, seqRange(3, 5)) {
		t.Errorf("after repositioning delivered %v, want 3..5", got)
	}
}

// TestEnsureConsumerBehindStore guards a consumer that lags the store (its
// acks were lost): it skips to lastApplied+1 rather than redeliver.
func TestEnsureConsumerBehindStore(t *testing.T) {
	e := startEnv(t)
	s := e.stream(t)
	e.publish(t, 7)
	c := ensureConsumer(t, s, 0)
	if got := fetch(t, c, 2, true); !reflect.DeepEqual(got, seqRange(1, 2)) {
		t.Fatalf("delivered %v, want 1..2", got)
	}
	c = ensureConsumer(t, s, 5)
	if got := fetch(t, c, 10, true); !reflect.DeepEqual(got, seqRange(6, 7)) {
		t.Errorf("after repositioning delivered %v, want 6..7", got)
	}
}

// TestEnsureConsumerInStep guards a restart in step with the store: the
// consumer is returned as it is, its delivery state untouched.
func TestEnsureConsumerInStep(t *testing.T) {
	e := startEnv(t)
	s := e.stream(t)
	e.publish(t, 5)
	c := ensureConsumer(t, s, 0)
	if got := fetch(t, c, 3, true); !reflect.DeepEqual(got, seqRange(1, 3)) {
		t.Fatalf("delivered %v, want 1..3", got)
	}
	before, err := c.Info(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	c = ensureConsumer(t, s, 3)
	after := c.CachedInfo()
	if !after.Created.Equal(before.Created) || after.Delivered.Stream != before.Delivered.Stream ||
		after.Delivered.Consumer != before.Delivered.Consumer || after.AckFloor.Stream != before.AckFloor.Stream {
		t.Errorf("consumer changed: created %v delivered %+v ack floor %+v, was %v %+v %+v",
			after.Created, after.Delivered, after.AckFloor, before.Created, before.Delivered, before.AckFloor)
	}
	if got := fetch(t, c, 10, true); !reflect.DeepEqual(got, seqRange(4, 5)) {
		t.Errorf("delivered %v, want 4..5", got)
	}
}

// TestEnsureConsumerReplacesExplicitAcks guards an upgrade: a consumer an
// earlier version made with explicit acks is replaced by one with
// cumulative acks, delivering from after what the store holds.
func TestEnsureConsumerReplacesExplicitAcks(t *testing.T) {
	e := startEnv(t)
	s := e.stream(t)
	e.publish(t, 5)
	old, err := s.CreateConsumer(testCtx(t), jetstream.ConsumerConfig{Durable: bus.ConsumerName, AckPolicy: jetstream.AckExplicitPolicy})
	if err != nil {
		t.Fatal(err)
	}
	if got := fetch(t, old, 3, true); !reflect.DeepEqual(got, seqRange(1, 3)) {
		t.Fatalf("delivered %v, want 1..3", got)
	}
	c := ensureConsumer(t, s, 2)
	if p := c.CachedInfo().Config.AckPolicy; p != jetstream.AckAllPolicy {
		t.Fatalf("ack policy %v, want all", p)
	}
	if got := fetch(t, c, 10, true); !reflect.DeepEqual(got, seqRange(3, 5)) {
		t.Errorf("after the replacement delivered %v, want 3..5", got)
	}
}
