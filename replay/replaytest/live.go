package replaytest

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/recorder"
)

// Live is a running recorder with its read service (live reads) over the
// store in a data directory, on an embedded nats-server with JetStream on a
// free loopback port, validating with the rules. It stops when the test
// ends.
type Live struct {
	URL string // where clients connect
	nc  *nats.Conn
	pub *bus.Publisher
}

// StartLive starts a recorder over the store in dir (made if missing).
func StartLive(t testing.TB, dir string) *Live { return StartLiveUsers(t, dir, "") }

// StartLiveUsers is StartLive on a server that lets in only the users of
// the users folder usersDir (bus.InitUsers made it); the recorder signs in
// as its own user. Publish isn't for such a server.
func StartLiveUsers(t testing.TB, dir, usersDir string) *Live {
	t.Helper()
	opt := bus.ServerOptions{StoreDir: t.TempDir(), Listen: "127.0.0.1:0"}
	var connOpts []nats.Option
	if usersDir != "" {
		u, err := bus.LoadUsers(usersDir)
		if err != nil {
			t.Fatal(err)
		}
		opt.Users = u
		signIn, err := nats.NkeyOptionFromSeed(bus.SeedFile(usersDir, bus.RoleRecorder))
		if err != nil {
			t.Fatal(err)
		}
		connOpts = append(connOpts, signIn, nats.CustomInboxPrefix(bus.InboxPrefix(u.Recorder)))
	}
	srv, err := bus.StartServer(opt)
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.OpenDir(dir, store.Options{})
	if err != nil {
		srv.Shutdown()
		t.Fatal(err)
	}
	recConn, err := nats.Connect(srv.ClientURL(), connOpts...)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := recorder.New(recorder.Config{Store: st, Conn: recConn, Validator: recorder.NewRules(st), Queries: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- rec.Run(ctx) }()
	l := &Live{URL: srv.ClientURL()}
	t.Cleanup(func() {
		if l.nc != nil {
			l.nc.Close()
		}
		cancel()
		if err := <-done; err != nil {
			t.Errorf("recorder: %v", err)
		}
		recConn.Close()
		st.Close()
		srv.Shutdown()
	})
	select {
	case <-rec.Ready():
	case err := <-done:
		done <- err
		t.Fatalf("recorder stopped: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("recorder not ready")
	}
	return l
}

// Publish records evs of match as a game client does, waiting for their
// verdicts.
func (l *Live) Publish(t testing.TB, match string, evs []*events.Event) {
	t.Helper()
	if l.pub == nil {
		nc, err := nats.Connect(l.URL)
		if err != nil {
			t.Fatal(err)
		}
		l.nc = nc
		if l.pub, err = bus.NewPublisher(context.Background(), nc); err != nil {
			t.Fatal(err)
		}
		l.pub.Idle = 30 * time.Second
	}
	if _, err := l.pub.PublishMatch(context.Background(), match, evs); err != nil {
		t.Fatal(err)
	}
}
