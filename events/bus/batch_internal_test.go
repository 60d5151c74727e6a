package bus

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/chronicle-mtg/chronicle/events"
)

// batchEnv is an embedded server, a client and a run publishing match m.
func batchEnv(t *testing.T, atomic bool) (*matchRun, jetstream.Stream) {
	t.Helper()
	srv, err := StartServer(ServerOptions{StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	nc, err := srv.Connect()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	s, err := js.CreateStream(ctx, jetstream.StreamConfig{Name: StreamName, Subjects: []string{InWildcard},
		Storage: jetstream.FileStorage, AllowAtomicPublish: atomic})
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPublisher(ctx, nc)
	if err != nil {
		t.Fatal(err)
	}
	return newMatchRun(p, "m", nil), s
}

func passes(from, n int) []*events.Event {
	var out []*events.Event
	for i := range n {
		out = append(out, &events.Event{Match: "m", Seq: uint64(from + i), Kind: events.KindPass, Actor: "p1", Body: &events.Pass{Player: "p1"}})
	}
	return out
}

func streamMsgs(t *testing.T, s jetstream.Stream) uint64 {
	t.Helper()
	info, err := s.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return info.State.Msgs
}

// TestBatchWholeOrNothing: a batch lands whole after the subject's last
// message; one sent after a stale last sequence (another writer got there
// first) or holding a message id the stream has seen lands not at all.
func TestBatchWholeOrNothing(t *testing.T) {
	r, s := batchEnv(t, true)
	ctx := context.Background()
	seq, err := r.publishBatch(ctx, passes(1, 3), 0)
	if err != nil || seq != 3 || streamMsgs(t, s) != 3 {
		t.Fatalf("first batch: last seq %d, err %v, stream holds %d; want 3, nil, 3", seq, err, streamMsgs(t, s))
	}
	_, err = r.publishBatch(ctx, passes(4, 2), 0)
	if !anotherWriter(err) || streamMsgs(t, s) != 3 {
		t.Fatalf("stale batch: err %v, stream holds %d; want another writer's error and 3", err, streamMsgs(t, s))
	}
	var be *batchError
	if _, err = r.publishBatch(ctx, passes(3, 2), 3); !errors.As(err, &be) || anotherWriter(err) || streamMsgs(t, s) != 3 {
		t.Fatalf("batch repeating seq 3: err %v, stream holds %d; want a refusal and 3", err, streamMsgs(t, s))
	}
	if seq, err = r.publishBatch(ctx, passes(4, 2), 3); err != nil || seq != 5 || streamMsgs(t, s) != 5 {
		t.Fatalf("second batch: last seq %d, err %v, stream holds %d; want 5, nil, 5", seq, err, streamMsgs(t, s))
	}
}

// TestBatchDisabled: a stream made before atomic batches refuses them
// with the code the publisher falls back on, and EnsureStream turns them
// on.
func TestBatchDisabled(t *testing.T) {
	r, s := batchEnv(t, false)
	ctx := context.Background()
	_, err := r.publishBatch(ctx, passes(1, 2), 0)
	var be *batchError
	if !errors.As(err, &be) || be.ErrCode != errCodeAtomicDisabled || streamMsgs(t, s) != 0 {
		t.Fatalf("err %v, stream holds %d; want atomic publish disabled (%d) and nothing", err, streamMsgs(t, s), errCodeAtomicDisabled)
	}
	s, err = EnsureStream(ctx, r.p.JS, StreamOptions{})
	if err != nil || !s.CachedInfo().Config.AllowAtomicPublish {
		t.Fatalf("EnsureStream: %v; atomic publish allowed %v", err, s != nil && s.CachedInfo().Config.AllowAtomicPublish)
	}
	if _, err := r.publishBatch(ctx, passes(1, 2), 0); err != nil || streamMsgs(t, s) != 2 {
		t.Fatalf("after EnsureStream: err %v, stream holds %d", err, streamMsgs(t, s))
	}
}

// TestBatchShrinksWhenTooLarge: a server that allows smaller batches than
// the publisher sends refuses them as too large; the publisher halves its
// batches until they pass, and every input is stored once, in order.
func TestBatchShrinksWhenTooLarge(t *testing.T) {
	ns, err := server.NewServer(&server.Options{JetStream: true, StoreDir: t.TempDir(), DontListen: true, NoSigs: true, NoLog: true,
		JetStreamLimits: server.JSLimitOpts{MaxBatchSize: 4}})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("server not ready")
	}
	srv := &Server{ns: ns, inProcess: true}
	t.Cleanup(srv.Shutdown)
	nc, err := srv.Connect()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	s, err := EnsureStream(ctx, js, StreamOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Nothing stored yet, says the recorder.
	sub, err := nc.Subscribe(StatusWild, func(m *nats.Msg) { m.Respond([]byte(`{"match":"m","head_seq":0}`)) })
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	p, err := NewPublisher(ctx, nc)
	if err != nil {
		t.Fatal(err)
	}
	p.Batch = 16
	evs := passes(1, 11)
	r := newMatchRun(p, "m", evs)
	if err := r.publish(ctx, evs); err != nil {
		t.Fatal(err)
	}
	if got := p.batchSize(); got > 4 || got < 2 {
		t.Fatalf("batch size %d after the refusals, want 2 to 4", got)
	}
	if n := streamMsgs(t, s); n != 11 {
		t.Fatalf("stream holds %d messages, want 11", n)
	}
	for seq := uint64(1); seq <= 11; seq++ {
		m, err := s.GetMsg(ctx, seq)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := events.DecodeMsgpack(m.Data)
		if err != nil || ev.Seq != seq {
			t.Fatalf("stream seq %d holds input seq %v (%v)", seq, ev, err)
		}
	}
}
