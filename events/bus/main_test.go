package bus_test

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/goleak"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// env is an embedded nats-server with JetStream on a free loopback port,
// its file store in a temp folder, and one client connection.
type env struct {
	srv *bus.Server
	nc  *nats.Conn
	js  jetstream.JetStream
}

func startEnv(t *testing.T) *env {
	t.Helper()
	srv, err := bus.StartServer(bus.ServerOptions{StoreDir: t.TempDir(), Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	return connectEnv(t, srv)
}

func connectEnv(t *testing.T, srv *bus.Server) *env {
	t.Helper()
	nc, err := srv.Connect()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return &env{srv: srv, nc: nc, js: js}
}

// testCtx is a context that ends with the test, or after 30 seconds.
func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// stream ensures the input stream with default options.
func (e *env) stream(t *testing.T) jetstream.Stream {
	t.Helper()
	s, err := bus.EnsureStream(testCtx(t), e.js, bus.StreamOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// publish puts n messages on match m1's input subject.
func (e *env) publish(t *testing.T, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		if _, err := e.js.Publish(testCtx(t), bus.InSubject("m1"), []byte{byte(i)}); err != nil {
			t.Fatal(err)
		}
	}
}
