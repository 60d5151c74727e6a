package recorder

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"
	"go.uber.org/goleak"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
)

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		os.Exit(runChild())
	}
	goleak.VerifyTestMain(m)
}

// harness is a real embedded nats-server with JetStream on a free loopback
// port, a real bbolt file in a temp folder, and a recorder consuming.
type harness struct {
	t      *testing.T
	srv    *bus.Server
	nc     *nats.Conn
	js     jetstream.JetStream
	dbPath string
	rules  bool // validate with the reducer
	logger *slog.Logger
	key    nkeys.KeyPair              // signs verdicts; nil: unsigned
	conn   func() (*nats.Conn, error) // the recorder's connection; nil: a plain one
	store  *store.Store
	rec    *Recorder
	cancel context.CancelFunc
	done   chan error
}

func newHarness(t *testing.T) *harness { return newHarnessWith(t, false) }

// newRulesHarness is a harness whose recorder validates with the rules.
func newRulesHarness(t *testing.T) *harness { return newHarnessWith(t, true) }

func newHarnessWith(t *testing.T, rules bool) *harness {
	t.Helper()
	srv, err := bus.StartServer(bus.ServerOptions{StoreDir: t.TempDir(), Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, srv: srv, rules: rules, dbPath: filepath.Join(t.TempDir(), store.FileName)}
	t.Cleanup(srv.Shutdown)
	if h.nc, err = nats.Connect(srv.ClientURL()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.nc.Close)
	if h.js, err = jetstream.New(h.nc); err != nil {
		t.Fatal(err)
	}
	h.startRecorder()
	return h
}

// startRecorder opens the store and runs a recorder on its own connection,
// with the rules of the game when h.rules is set.
func (h *harness) startRecorder() {
	h.t.Helper()
	st, err := store.Open(h.dbPath, store.Options{})
	if err != nil {
		h.t.Fatal(err)
	}
	dial := h.conn
	if dial == nil {
		dial = func() (*nats.Conn, error) { return nats.Connect(h.srv.ClientURL()) }
	}
	nc, err := dial()
	if err != nil {
		h.t.Fatal(err)
	}
	var v Validator
	if h.rules {
		v = NewRules(st)
	}
	rec, err := New(Config{Store: st, Conn: nc, Validator: v, Logger: h.logger, Key: h.key})
	if err != nil {
		h.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- rec.Run(ctx) }()
	select {
	case <-rec.Ready():
	case err := <-done:
		h.t.Fatalf("recorder stopped: %v", err)
	case <-time.After(20 * time.Second):
		h.t.Fatal("recorder not ready")
	}
	h.store, h.rec, h.cancel, h.done = st, rec, cancel, done
	h.t.Cleanup(func() {
		h.stopRecorder()
		nc.Close()
	})
}

// stopRecorder shuts the recorder down in order and closes the store.
func (h *harness) stopRecorder() {
	if h.cancel == nil {
		return
	}
	h.cancel()
	if err := <-h.done; err != nil {
		h.t.Errorf("recorder: %v", err)
	}
	h.store.Close()
	h.cancel = nil
}

func (h *harness) publisher() *bus.Publisher {
	h.t.Helper()
	p, err := bus.NewPublisher(context.Background(), h.nc)
	if err != nil {
		h.t.Fatal(err)
	}
	p.Idle = 10 * time.Second
	return p
}

// verdicts collects the verdicts of a match as they are published.
type verdicts struct {
	mu  sync.Mutex
	got []bus.Verdict
	sub *nats.Subscription
}

func (h *harness) watch(match string) *verdicts {
	h.t.Helper()
	v := &verdicts{}
	sub, err := h.nc.Subscribe(bus.OutSubject(match), func(m *nats.Msg) {
		if vs, err := bus.ParseVerdicts(m.Data); err == nil {
			v.mu.Lock()
			v.got = append(v.got, vs...)
			v.mu.Unlock()
		}
	})
	if err != nil {
		h.t.Fatal(err)
	}
	h.nc.Flush()
	v.sub = sub
	h.t.Cleanup(func() { sub.Unsubscribe() })
	return v
}

// wait returns once n verdicts arrived.
func (v *verdicts) wait(t *testing.T, n int) []bus.Verdict {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		v.mu.Lock()
		if len(v.got) >= n {
			out := append([]bus.Verdict(nil), v.got...)
			v.mu.Unlock()
			return out
		}
		v.mu.Unlock()
		time.Sleep(5 * time.Millisecond)
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	t.Fatalf("got %d verdicts, want %d: %+v", len(v.got), n, v.got)
	return nil
}

// publishRaw publishes bytes as an arbitrary client would.
func (h *harness) publishRaw(match string, data []byte, opts ...jetstream.PublishOpt) *jetstream.PubAck {
	h.t.Helper()
	ack, err := h.js.Publish(context.Background(), bus.InSubject(match), data, opts...)
	if err != nil {
		h.t.Fatalf("publish %s: %v", match, err)
	}
	return ack
}

// storedEvents reads a match's stored log; nil if the match is unknown.
func (h *harness) storedEvents(match string) []*events.Event {
	h.t.Helper()
	var out []*events.Event
	err := h.store.Events(match, 1, func(e *events.Event) error { out = append(out, e); return nil })
	if err != nil && err != store.ErrNotFound {
		h.t.Fatal(err)
	}
	return out
}

func (h *harness) rejections() []*store.Rejection {
	h.t.Helper()
	var out []*store.Rejection
	if err := h.store.Rejections(func(r *store.Rejection) error { out = append(out, r); return nil }); err != nil {
		h.t.Fatal(err)
	}
	return out
}

// match builds the inputs of a small legal-looking match: match_started and
// then n passes alternating between the players. Seqs are set; recorded,
// prev and hash are left for the recorder.
func matchInputs(id string, n int) []*events.Event {
	evs := []*events.Event{{
		Match: id, Seq: 1, Kind: events.KindMatchStarted, Actor: events.TableActor,
		Body: &events.MatchStarted{Format: "standard", FirstPlayer: "p1", Players: []events.Player{
			{ID: "p1", Name: "Alice", Deck: []string{"Forest", "Llanowar Elves"}},
			{ID: "p2", Name: "Bob", Deck: []string{"Island", "Counterspell"}},
		}},
	}}
	for i := 0; i < n; i++ {
		p := []string{"p1", "p2"}[i%2]
		evs = append(evs, &events.Event{Match: id, Seq: uint64(i + 2), Kind: events.KindPass, Actor: p, Body: &events.Pass{Player: p}})
	}
	return evs
}

func msgID(e *events.Event) jetstream.PublishOpt {
	return jetstream.WithMsgID(bus.MsgID(e.Match, e.Seq))
}

func jsonInput(match string, seq uint64, kind, actor, body string) []byte {
	s := fmt.Sprintf(`{"match":%q,"kind":%q,"actor":%q,"body":%s`, match, kind, actor, body)
	if seq > 0 {
		s += fmt.Sprintf(`,"seq":%d`, seq)
	}
	return []byte(s + "}")
}

func jsonUnmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
