package recorder

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/replay"
)

// A recorder with Queries answers the read service from its store while it
// records: a match is readable from its first verdict on, and each batch
// sends a head notice.
func TestRecorderAnswersReadsWhileRecording(t *testing.T) {
	srv, err := bus.StartServer(bus.ServerOptions{StoreDir: t.TempDir(), Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	st, err := store.Open(filepath.Join(t.TempDir(), store.FileName), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	recConn, err := nats.Connect(srv.ClientURL())
	if err != nil {
		t.Fatal(err)
	}
	rec, err := New(Config{Store: st, Conn: recConn, Validator: NewRules(st), Queries: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- rec.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("recorder: %v", err)
		}
		recConn.Close()
		st.Close()
	})
	select {
	case <-rec.Ready():
	case err := <-done:
		t.Fatalf("recorder stopped: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("recorder not ready")
	}

	nc, err := nats.Connect(srv.ClientURL())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	c := query.NewClient(nc)
	if _, err := c.State(context.Background(), query.StateRequest{Match: "bolt-race"}); query.CodeOf(err) != query.CodeUnknownMatch {
		t.Fatalf("a match not recorded yet: %v", err)
	}
	lines, err := events.ReadJSONLFile(filepath.Join("..", "fixtures", "matches", "bolt-race.jsonl"), events.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var evs []*events.Event
	for _, l := range lines {
		evs = append(evs, l.Event)
	}
	pub, err := bus.NewPublisher(context.Background(), nc)
	if err != nil {
		t.Fatal(err)
	}
	pub.Idle = 30 * time.Second
	if _, err := pub.PublishMatch(context.Background(), "bolt-race", evs[:6]); err != nil {
		t.Fatal(err)
	}
	v, err := c.State(context.Background(), query.StateRequest{Match: "bolt-race", As: "Bob"})
	if err != nil || v.Seq != 6 || v.As != "p2" {
		t.Fatalf("after six inputs: %v, %v", v, err)
	}
	wctx, stop := context.WithCancel(context.Background())
	defer stop()
	ticks, err := c.Watch(wctx, "bolt-race")
	if err != nil {
		t.Fatal(err)
	}
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	if _, err := pub.PublishMatch(context.Background(), "bolt-race", evs[6:]); err != nil {
		t.Fatal(err)
	}
	// A notice of the first inputs may come late; the last one names the end.
	for head := uint64(0); head != uint64(len(evs)); {
		select {
		case <-ticks:
		case <-time.After(time.Minute):
			t.Fatal("no head notice after the rest was recorded")
		}
		sum, err := c.Match(context.Background(), "bolt-race")
		if err != nil {
			t.Fatal(err)
		}
		head = sum.HeadSeq
	}
	tl, err := c.Timeline(context.Background(), query.ViewRequest{Match: "bolt-race"})
	if err != nil || len(tl.Entries) != len(evs) {
		t.Fatalf("timeline: %v", err)
	}
	ms, err := c.List(context.Background(), replay.Filter{})
	if err != nil || len(ms) != 1 || ms[0].HeadSeq != uint64(len(evs)) {
		t.Fatalf("list: %v, %v", ms, err)
	}
}
