package bus_test

import (
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// TestServerShutdownTwice guards idempotent shutdown: a second Shutdown
// returns at once without panicking.
func TestServerShutdownTwice(t *testing.T) {
	srv, err := bus.StartServer(bus.ServerOptions{StoreDir: t.TempDir(), Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	if url := srv.ClientURL(); !strings.HasPrefix(url, "nats://127.0.0.1:") || strings.HasSuffix(url, ":0") {
		t.Errorf("ClientURL %q is not a loopback URL with a real port", url)
	}
	srv.Shutdown()
	srv.Shutdown()
}

// TestServerInProcess guards a server with no socket: no client URL, and
// JetStream works through an in-process connection.
func TestServerInProcess(t *testing.T) {
	srv, err := bus.StartServer(bus.ServerOptions{StoreDir: t.TempDir(), Listen: ""})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	if url := srv.ClientURL(); url != "" {
		t.Errorf("ClientURL %q, want none", url)
	}
	e := connectEnv(t, srv)
	s := e.stream(t)
	e.publish(t, 1)
	m, err := s.GetLastMsgForSubject(testCtx(t), bus.InSubject("m1"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Sequence != 1 {
		t.Errorf("last message of m1 at %d, want 1", m.Sequence)
	}
}

// TestServerBadListen guards the listen address check: malformed addresses
// and ports are refused before a server starts.
func TestServerBadListen(t *testing.T) {
	for _, addr := range []string{"localhost", "127.0.0.1:x", "127.0.0.1:65536", "127.0.0.1:-2"} {
		srv, err := bus.StartServer(bus.ServerOptions{StoreDir: t.TempDir(), Listen: addr})
		if err == nil {
			srv.Shutdown()
			t.Errorf("%q: started", addr)
		}
	}
}
