package main

import (
	"context"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// patientConn connects as a client that rides out a server going away.
func patientConn(t *testing.T, url string) *nats.Conn {
	t.Helper()
	nc, err := nats.Connect(url, nats.MaxReconnects(-1), nats.ReconnectWait(100*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// whenDone calls fn once prog has counted n outcomes, or never if the test
// ends first.
func whenDone(t *testing.T, prog *progress, n int64, fn func()) {
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	go func() {
		for prog.done.Load() < n {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
		fn()
	}()
}

// TestPublishRidesOutServerRestart: the server goes down mid-publish and
// comes back on the same files. The publisher's requests fail or time out
// meanwhile; it tries again, idempotently, and every input ends stored,
// once.
func TestPublishRidesOutServerRestart(t *testing.T) {
	natsDir, dataDir := t.TempDir(), t.TempDir()
	listen := freePort(t)
	srv, err := bus.StartServer(bus.ServerOptions{StoreDir: natsDir, Listen: listen})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Shutdown() })
	rec := startPatientRecorder(t, srv.ClientURL(), dataDir)
	nc := patientConn(t, srv.ClientURL())
	pub, err := bus.NewPublisher(context.Background(), nc)
	if err != nil {
		t.Fatal(err)
	}
	pub.Idle, pub.RequestTimeout = 30*time.Second, 2*time.Second
	// Input by input: a server shut down with an atomic batch staged keeps
	// the staging store's goroutines until the batch times out, which the
	// leak check would take for ours. The cluster test kills servers that
	// run as processes, mid-batch.
	pub.Batch = 1
	files, total := readInputs(fixtures(t))
	prog := newProgress(&env{stderr: io.Discard}, total, true)
	restarted := make(chan *bus.Server, 1)
	whenDone(t, prog, 150, func() {
		srv.Shutdown()
		time.Sleep(300 * time.Millisecond)
		s2, err := bus.StartServer(bus.ServerOptions{StoreDir: natsDir, Listen: listen})
		if err != nil {
			t.Errorf("restart: %v", err)
			close(restarted)
			return
		}
		restarted <- s2
	})
	sum, err := publishAll(context.Background(), pub, files, prog)
	prog.finish()
	s2, ok := <-restarted
	if !ok {
		t.Fatal("the server did not come back")
	}
	defer s2.Shutdown()
	if err != nil || sum.Stored != total || sum.Inputs != total {
		t.Fatalf("publish: %v; %d of %d stored: %+v", err, sum.Stored, total, sum)
	}
	rec.stop()
	nc.Close()
	st := openStoreRO(t, dataDir)
	for _, f := range fixtures(t) {
		checkStored(t, st, f)
	}
}

// TestPublishServerDiesSummary: the server dies for good mid-publish. The
// publisher gives up within --idle, and its summary is exact: every input
// of every file is counted, each match's inputs add up, the matches not
// begun are not tried, and every input a verdict said was stored is in the
// store.
func TestPublishServerDiesSummary(t *testing.T) {
	srv := startServer(t)
	dataDir := t.TempDir()
	rec := startPatientRecorder(t, srv.ClientURL(), dataDir)
	nc := patientConn(t, srv.ClientURL())
	pub, err := bus.NewPublisher(context.Background(), nc)
	if err != nil {
		t.Fatal(err)
	}
	pub.Idle, pub.RequestTimeout = 2*time.Second, time.Second
	pub.Batch = 1 // as in TestPublishRidesOutServerRestart
	paths := fixtures(t)
	files, total := readInputs(paths)
	prog := newProgress(&env{stderr: io.Discard}, total, true)
	whenDone(t, prog, 100, srv.Shutdown)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a hang guard only
	defer cancel()
	sum, err := publishAll(ctx, pub, files, prog)
	prog.finish()
	if err == nil || ctx.Err() != nil {
		t.Fatalf("publish: %v (context %v), want it to give up on the dead server", err, ctx.Err())
	}
	if sum.Inputs != total {
		t.Errorf("summary counts %d inputs, the files hold %d", sum.Inputs, total)
	}
	if sum.Stored == 0 || sum.Unconfirmed+sum.Untried == 0 {
		t.Errorf("summary %+v: want some stored and some unconfirmed or not tried", sum)
	}
	for i, f := range sum.Files {
		for j, m := range f.Matches {
			want := len(files[i].matches[j].events)
			if m.Inputs != want || m.Stored+m.Rejected+m.Unpublished+m.Unconfirmed+m.Untried != want {
				t.Errorf("%s: %s: %+v, want its %d inputs accounted for", f.File, m.Match, m, want)
			}
		}
	}
	rec.stop()
	// Every input a verdict said was stored is in the store: the outcomes
	// counted as stored are the first Stored inputs of each match.
	st := openStoreRO(t, dataDir)
	for i, f := range sum.Files {
		for j, m := range f.Matches {
			got := storedEvents(t, st, m.Match)
			if len(got) < m.Stored {
				t.Errorf("%s: %d stored by the verdicts, %d in the store", m.Match, m.Stored, len(got))
				continue
			}
			for k, ev := range files[i].matches[j].events[:m.Stored] {
				if got[k].Digest() != ev.Digest() {
					t.Errorf("%s seq %d: the store holds another input", m.Match, ev.Seq)
				}
			}
		}
	}
}

// startPatientRecorder runs a recorder whose connection rides out the
// server going away.
func startPatientRecorder(t *testing.T, url, dataDir string) *runningRecorder {
	t.Helper()
	return startRecorderWith(t, dataDir, func() (*nats.Conn, error) {
		return nats.Connect(url, nats.MaxReconnects(-1), nats.ReconnectWait(100*time.Millisecond))
	})
}

// oldServer is nats-server 2.9, the oldest supported: .ci/run installs it
// (go install) into ~/.cache/chronicle, or $CHRONICLE_NATS_SERVER_OLD names
// one.
func oldServer(t *testing.T) string {
	t.Helper()
	path := os.Getenv("CHRONICLE_NATS_SERVER_OLD")
	if path == "" {
		home, _ := os.UserHomeDir()
		path = filepath.Join(home, ".cache", "chronicle", "nats-server-v2.9.25", "nats-server")
	}
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no nats-server 2.9 at %s (.ci/run installs it with go install; set CHRONICLE_NATS_SERVER_OLD to use another)", path)
	}
	return path
}

// startOldServer runs nats-server 2.9 with JetStream as a child process.
func startOldServer(t *testing.T) string {
	t.Helper()
	bin := oldServer(t)
	addr := freePort(t)
	_, port, _ := net.SplitHostPort(addr)
	cmd := exec.Command(bin, "-js", "-a", "127.0.0.1", "-p", port, "-sd", t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	url := "nats://" + addr
	deadline := time.Now().Add(20 * time.Second)
	for {
		nc, err := nats.Connect(url)
		if err == nil {
			nc.Close()
			return url
		}
		if time.Now().After(deadline) {
			t.Fatalf("nats-server 2.9 did not start: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestPublishOldServer: nats-server 2.9 ignores the headers of atomic
// batches and stores each message as it comes. The publisher tells from the
// server's version and goes input by input: every input is stored and the
// summary says so.
func TestPublishOldServer(t *testing.T) {
	url := startOldServer(t)
	dataDir := t.TempDir()
	rec := startRecorderWith(t, dataDir, func() (*nats.Conn, error) { return nats.Connect(url) })
	paths := fixtures(t)
	r := runCLI(t, append([]string{"publish", "-q", "--json", "--idle", "20s", "--nats", url}, paths...)...)
	if r.code != exitOK {
		t.Fatalf("publish to nats-server 2.9: %v", r)
	}
	s := decodeSummary(t, r.stdout)
	_, total := readInputs(paths)
	if s.Stored != total {
		t.Errorf("%d of %d stored", s.Stored, total)
	}
	rec.stop()
	st := openStoreRO(t, dataDir)
	for _, f := range paths {
		checkStored(t, st, f)
	}
}
