package main

import (
	"context"
	"io"
	"log/slog"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/internal/natsauth"
)

// TestClusterPausedNode: the node that the recorder and the publisher are
// connected to is paused with SIGSTOP and stays paused. It holds their
// connections open and answers nothing, which no socket error reveals:
// both must give it up within their ping deadline, move to another node of
// the cluster (the URL names only the paused one: the others are learnt
// from the cluster) and finish, every input stored. With the NATS client's
// default two-minute ping the recorder sat on the paused node recording
// nothing, and the publish gave up after --idle.
func TestClusterPausedNode(t *testing.T) {
	c := startCluster(t)
	paused := c.nodes[0]
	opts, err := natsauth.Flags{}.Options() // as serve --nats and publish connect
	if err != nil {
		t.Fatal(err)
	}
	dataDir := t.TempDir()
	svc, err := startService(context.Background(), serviceOptions{storeDir: dataDir, natsURL: paused.url(), replicas: 3,
		natsOpts: opts, log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.stop()
	nc, err := nats.Connect(paused.url(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	pub, err := bus.NewPublisher(context.Background(), nc)
	if err != nil {
		t.Fatal(err)
	}
	pub.Idle = 40 * time.Second // well under the client's default ping deadline
	paths := fixtures(t)
	files, total := readInputs(paths)
	prog := newProgress(&env{stderr: io.Discard}, total, true)
	whenDone(t, prog, int64(total/5), func() { paused.signal(syscall.SIGSTOP) }) // startCluster's cleanup resumes it
	sum, err := publishAll(context.Background(), pub, files, prog)
	prog.finish()
	if err != nil || sum.Stored != total {
		t.Fatalf("publish with a node paused: %v; %d of %d stored: %+v", err, sum.Stored, total, sum)
	}
	if err := svc.stop(); err != nil {
		t.Fatalf("recorder: %v", err)
	}
	st := openStoreRO(t, dataDir)
	for _, f := range paths {
		checkStored(t, st, f)
	}
}
