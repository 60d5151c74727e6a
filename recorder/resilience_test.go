package recorder

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// logLines is a slog handler that keeps the lines the recorder logs.
type logLines struct {
	mu    sync.Mutex
	lines []string
}

func (l *logLines) Enabled(context.Context, slog.Level) bool { return true }
func (l *logLines) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *logLines) WithGroup(string) slog.Handler            { return l }
func (l *logLines) Handle(_ context.Context, r slog.Record) error {
	var b strings.Builder
	b.WriteString(r.Level.String() + " " + r.Message)
	r.Attrs(func(a slog.Attr) bool { b.WriteString(" " + a.String()); return true })
	l.mu.Lock()
	l.lines = append(l.lines, b.String())
	l.mu.Unlock()
	return nil
}

// since returns the lines logged from index from on.
func (l *logLines) since(from int) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lines[min(from, len(l.lines)):]...)
}

func (l *logLines) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.lines)
}

// loggedHarness is a harness whose recorder logs into lines and whose
// connection rides out the server going away.
func loggedHarness(t *testing.T) (*harness, *logLines) {
	t.Helper()
	lines := &logLines{}
	h := newHarness(t)
	h.stopRecorder()
	h.logger = slog.New(lines)
	h.conn = func() (*nats.Conn, error) {
		return nats.Connect(h.srv.ClientURL(), nats.MaxReconnects(-1), nats.ReconnectWait(50*time.Millisecond))
	}
	h.startRecorder()
	return h, lines
}

// publishMatch publishes a small match and waits for its verdicts.
func (h *harness) publishAndWait(match string, n int) {
	h.t.Helper()
	w := h.watch(match)
	for _, ev := range matchInputs(match, n) {
		h.publishRaw(match, ev.MarshalMsgpack(), msgID(ev))
	}
	w.wait(h.t, n+1)
}

// TestConsumerDeletedIsRecreated: someone deletes the recorder's
// consumer. The recorder notices, sets it up again from its cursor and
// goes on, without a flood of warnings.
func TestConsumerDeletedIsRecreated(t *testing.T) {
	h, lines := loggedHarness(t)
	h.publishAndWait("before", 3)
	from := lines.count()
	s, err := h.js.Stream(context.Background(), bus.StreamName)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteConsumer(context.Background(), bus.ConsumerName); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	h.publishAndWait("after", 3)
	if got := h.storedEvents("after"); len(got) != 4 {
		t.Fatalf("%d events of the match published after the deletion", len(got))
	}
	if logged := lines.since(from); len(logged) > 20 {
		t.Errorf("%d log lines while the consumer was set up again:\n%s", len(logged), strings.Join(logged, "\n"))
	}
}

// TestStreamDeletedIsRecreated: someone deletes the input stream. The
// recorder makes a new one, records that the old one's unread messages (if
// any) are lost, and goes on recording.
func TestStreamDeletedIsRecreated(t *testing.T) {
	h, lines := loggedHarness(t)
	h.publishAndWait("before", 2)
	if err := h.js.DeleteStream(context.Background(), bus.StreamName); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := h.js.Stream(context.Background(), bus.StreamName); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the stream was not made again; log:\n%s", strings.Join(lines.since(0), "\n"))
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("recorder log:\n%s", strings.Join(lines.since(0), "\n"))
		}
	})
	h.publishAndWait("after", 2)
	holes, err := h.store.Holes()
	if err != nil || len(holes) != 1 || holes[0].From != 4 || holes[0].To != 0 || !strings.Contains(holes[0].Reason, "stream was deleted") {
		t.Fatalf("holes %v, %v; want one from stream sequence 4 on", holes, err)
	}
}

// TestOutageIsLoggedNotFlooded: the server goes away for a while. The
// recorder says so when it begins and when it ends, and not thousands of
// times in between; and then it records again.
func TestOutageIsLoggedNotFlooded(t *testing.T) {
	h, lines := loggedHarness(t)
	h.publishAndWait("before", 1)
	from := lines.count()
	h.srv.Shutdown()
	time.Sleep(2 * time.Second)
	srv, err := bus.StartServer(bus.ServerOptions{StoreDir: h.srv.StoreDir(), Listen: h.srv.Addr()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	h.srv = srv
	nc, err := nats.Connect(srv.ClientURL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	h.nc, h.js = nc, mustJS(t, nc)
	h.publishAndWait("after", 1)
	logged := lines.since(from)
	if len(logged) == 0 || len(logged) > 12 {
		t.Errorf("%d log lines over a 2s outage, want a few:\n%s", len(logged), strings.Join(logged, "\n"))
	}
}

func mustJS(t *testing.T, nc *nats.Conn) jetstream.JetStream {
	t.Helper()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return js
}
