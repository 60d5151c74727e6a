package recorder

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// The child process: a recorder that announces each batch before committing
// it and then dawdles, so that the parent can kill it mid-batch.
const (
	childEnv   = "CHRONICLE_RECORDER_CHILD"
	childNATS  = "CHRONICLE_CHILD_NATS"
	childStore = "CHRONICLE_CHILD_STORE"
)

func runChild() int {
	st, err := store.Open(os.Getenv(childStore), store.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer st.Close()
	nc, err := nats.Connect(os.Getenv(childNATS))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer nc.Close()
	rec, err := New(Config{Store: st, Conn: nc, Batch: 8, BeforeCommit: func(n int) {
		fmt.Printf("batch %d\n", n)
		time.Sleep(30 * time.Millisecond)
	}})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	if err := rec.Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// A recorder killed with SIGKILL in the middle of a batch and restarted
// loses nothing and doubles nothing: every input whose verdict said stored is
// there exactly once, and the rest arrive after the restart.
func TestKilledMidBatchLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	h := newHarness(t)
	h.stopRecorder() // the child records; the harness keeps the server

	const matches, passes = 6, 150
	stored := map[string]map[uint64]string{} // verdicts said stored: match -> seq -> hash
	var mu sync.Mutex
	sub, err := h.nc.Subscribe("chronicle.match.*.out", func(m *nats.Msg) {
		var v bus.Verdict
		if err := jsonUnmarshal(m.Data, &v); err == nil && v.Status == bus.StatusStored {
			mu.Lock()
			if stored[v.Match] == nil {
				stored[v.Match] = map[uint64]string{}
			}
			stored[v.Match][v.Seq] = v.Hash
			mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()

	child := startChild(t, h)
	// Publish everything up front, as clients would while the recorder works.
	var all []*events.Event
	for i := 0; i < matches; i++ {
		all = append(all, matchInputs(fmt.Sprintf("k%d", i), passes)...)
	}
	for _, e := range all {
		if _, err := h.js.PublishAsync(bus.InSubject(e.Match), e.MarshalMsgpack(), jetstream.WithMsgID(bus.MsgID(e.Match, e.Seq))); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case <-h.js.PublishAsyncComplete():
	case <-time.After(20 * time.Second):
		t.Fatal("publish did not complete")
	}
	// Kill it while it holds its fourth batch, validated and not committed.
	child.waitBatches(t, 4)
	if err := child.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	child.cmd.Wait()
	h.nc.Flush()
	mu.Lock()
	before := 0
	beforeKill := map[string]map[uint64]string{}
	for m, seqs := range stored {
		beforeKill[m] = map[uint64]string{}
		for s, hash := range seqs {
			beforeKill[m][s] = hash
			before++
		}
	}
	mu.Unlock()
	if before == 0 || before >= len(all) {
		t.Fatalf("kill did not land mid-stream: %d of %d stored before it", before, len(all))
	}

	// Restart in-process, without the slow hook, and wait for the rest.
	h.startRecorder()
	deadline := time.Now().Add(30 * time.Second)
	for {
		total := 0
		for i := 0; i < matches; i++ {
			if m, err := h.store.Meta(fmt.Sprintf("k%d", i)); err == nil {
				total += int(m.Events)
			}
		}
		if total == len(all) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after restart %d of %d inputs stored", total, len(all))
		}
		time.Sleep(20 * time.Millisecond)
	}
	for i := 0; i < matches; i++ {
		id := fmt.Sprintf("k%d", i)
		evs := h.storedEvents(id)
		if len(evs) != passes+1 {
			t.Fatalf("%s: %d events, want %d", id, len(evs), passes+1)
		}
		link := events.Link{}
		for _, e := range evs {
			if err := link.Next(e); err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			if want, ok := beforeKill[id][e.Seq]; ok && want != e.Hash.String() {
				t.Fatalf("%s seq %d: verdict said hash %s before the kill, store has %s", id, e.Seq, want, e.Hash)
			}
		}
	}
	if r := h.rejections(); len(r) != 0 {
		t.Fatalf("restart produced %d rejections: first %+v", len(r), r[0])
	}
	t.Logf("%d of %d inputs were stored before the kill", before, len(all))
}

type childProc struct {
	cmd     *exec.Cmd
	mu      sync.Mutex
	batches int
	changed chan struct{}
}

func startChild(t *testing.T, h *harness) *childProc {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"=1", childNATS+"="+h.srv.ClientURL(), childStore+"="+h.dbPath)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &childProc{cmd: cmd, changed: make(chan struct{}, 1)}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "batch ") {
				c.mu.Lock()
				c.batches++
				c.mu.Unlock()
				select {
				case c.changed <- struct{}{}:
				default:
				}
			}
		}
	}()
	return c
}

func (c *childProc) waitBatches(t *testing.T, n int) {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		c.mu.Lock()
		b := c.batches
		c.mu.Unlock()
		if b >= n {
			return
		}
		select {
		case <-c.changed:
		case <-deadline:
			t.Fatalf("child announced %d batches, want %d", b, n)
		}
	}
}
