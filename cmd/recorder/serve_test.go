package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// TestServeProcess guards `serve` as a real process: it records what is
// published to it, stops cleanly with exit 0 on SIGTERM, leaves a store that
// holds the match, and a second `serve` on the same data dir keeps it.
func TestServeProcess(t *testing.T) {
	data := t.TempDir()
	file := fixture(t, "bolt-race.jsonl")
	n := countLines(t, file)

	p := startServe(t, data)
	r := runCLI(t, "publish", "-q", "--nats", p.url, file)
	if r.code != exitOK {
		t.Fatalf("publish to serve: %v", r)
	}
	p.terminate(t)
	st := openStoreRO(t, data)
	checkStored(t, st, file)
	st.Close()

	p = startServe(t, data)
	r = runCLI(t, "publish", "-q", "--nats", p.url, file)
	if r.code != exitOK {
		t.Fatalf("publish to the restarted serve: %v", r)
	}
	want := fmt.Sprintf("total: 1 files, %d inputs: %d stored (%d already)", n, n, n)
	if !strings.Contains(r.stdout, want) {
		t.Errorf("after the restart the summary lacks %q:\n%s", want, r.stdout)
	}
	p.terminate(t)
	st = openStoreRO(t, data)
	checkStored(t, st, file) // still exactly once
}

// serveProc is the test binary running `recorder serve`.
type serveProc struct {
	cmd    *exec.Cmd
	url    string
	stderr *syncBuffer
	exited chan struct{} // closed when the process has exited
	err    error         // cmd.Wait's result, set before exited is closed
}

// startServe starts `serve --data dir --listen 127.0.0.1:<free port>` in a
// child process and waits until its recorder answers status requests.
func startServe(t *testing.T, data string) *serveProc {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	addr := freePort(t)
	cmd := exec.Command(exe, "-test.run=^$", "--", "serve", "--data", data, "--listen", addr)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	p := &serveProc{cmd: cmd, url: "nats://" + addr, stderr: &syncBuffer{}, exited: make(chan struct{})}
	cmd.Stdout = p.stderr
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		p.err = cmd.Wait()
		close(p.exited)
	}()
	t.Cleanup(func() {
		select {
		case <-p.exited:
		default:
			cmd.Process.Kill()
			<-p.exited
			t.Logf("serve killed; its output:\n%s", p.stderr)
		}
	})

	deadline := time.Now().Add(20 * time.Second)
	for {
		select {
		case <-p.exited:
			t.Fatalf("serve exited before it was ready (%v):\n%s", p.err, p.stderr)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve not ready at %s after 20s:\n%s", p.url, p.stderr)
		}
		if p.ready() {
			return p
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// ready reports whether the server accepts connections and a recorder
// answers status requests (the stream exists by then).
func (p *serveProc) ready() bool {
	nc, err := nats.Connect(p.url, nats.Timeout(time.Second))
	if err != nil {
		return false
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err = bus.RequestStatus(ctx, nc, "probe", nil)
	return err == nil
}

// terminate sends SIGTERM and checks serve exits 0 and says it shut down.
func (p *serveProc) terminate(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-p.exited:
		if p.err != nil {
			t.Errorf("serve after SIGTERM: %v, want exit 0:\n%s", p.err, p.stderr)
		}
	case <-time.After(15 * time.Second):
		t.Fatalf("serve still running 15s after SIGTERM:\n%s", p.stderr)
	}
	log := p.stderr.String()
	if !strings.Contains(log, "shutting down") {
		t.Errorf("serve's log does not mention shutting down:\n%s", log)
	}
	if !strings.Contains(log, "recorder serving") {
		t.Errorf("serve's log does not mention serving:\n%s", log)
	}
}

// freePort returns a loopback address nothing listens on right now.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

// syncBuffer is a bytes.Buffer safe to read while a process writes to it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
