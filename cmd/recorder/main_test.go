package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"go.uber.org/goleak"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/recorder"
)

// childEnv makes the test binary act as the recorder command: it runs
// run(args after "--") and exits. serve_test.go starts it that way.
const childEnv = "CHRONICLE_RECORDER_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		os.Exit(run(argsAfterMarker(os.Args), os.Stdout, os.Stderr))
	}
	if cfg := os.Getenv(nodeEnv); cfg != "" {
		os.Exit(runNode(cfg)) // a cluster node (cluster_test.go)
	}
	goleak.VerifyTestMain(m)
}

// argsAfterMarker returns the arguments after the first "--".
func argsAfterMarker(args []string) []string {
	for i, a := range args {
		if a == "--" {
			return args[i+1:]
		}
	}
	return nil
}

// result is what one run of the command printed and returned.
type result struct {
	code           int
	stdout, stderr string
}

// runCLI runs the command in-process with buffers for stdout and stderr.
func runCLI(t *testing.T, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return result{code: code, stdout: out.String(), stderr: errb.String()}
}

func (r result) String() string {
	return fmt.Sprintf("exit %d\n--- stdout:\n%s--- stderr:\n%s", r.code, clip(r.stdout), clip(r.stderr))
}

// clip shortens long output for failure messages.
func clip(s string) string {
	const max = 4000
	if len(s) <= max {
		return s
	}
	return s[:max/2] + "\n[...]\n" + s[len(s)-max/2:]
}

// fixtures are the repository's sample matches.
func fixtures(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../fixtures/matches/*.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no fixtures in ../../fixtures/matches")
	}
	return files
}

// fixture returns the path of one sample match by file name.
func fixture(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join("..", "..", "fixtures", "matches", name)
	if _, err := os.Stat(p); err != nil {
		t.Fatal(err)
	}
	return p
}

// fileMatches reads a .jsonl file as the command does and groups its inputs
// by match, in file order.
func fileMatches(t *testing.T, path string) map[string][]*events.Event {
	t.Helper()
	lines, err := events.ReadJSONLFile(path, events.ReadOptions{})
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	out := map[string][]*events.Event{}
	for _, l := range lines {
		out[l.Event.Match] = append(out[l.Event.Match], l.Event)
	}
	return out
}

// countLines counts the non-blank lines of a file.
func countLines(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n
}

// writeFile writes a temporary .jsonl file and returns its path.
func writeFile(t *testing.T, dir, name string, lines ...string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// readLines returns a file's lines without the trailing newline.
func readLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(data), "\n"), "\n")
}

// openStoreRO opens a data directory's store read-only until the test ends.
func openStoreRO(t *testing.T, dir string) *store.Store {
	t.Helper()
	st, err := store.OpenDir(dir, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("open store %s: %v", dir, err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// storedEvents reads a match's log; nil when the store has no such match.
func storedEvents(t *testing.T, st *store.Store, match string) []*events.Event {
	t.Helper()
	var out []*events.Event
	err := st.Events(match, 1, func(e *events.Event) error { out = append(out, e); return nil })
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		t.Fatalf("events of %s: %v", match, err)
	}
	return out
}

// checkStored asserts the store holds every match of a .jsonl file: as many
// events as the file has inputs, the same inputs, and a hash chain that
// verifies.
func checkStored(t *testing.T, st *store.Store, path string) {
	t.Helper()
	want := fileMatches(t, path)
	n := 0
	for match, in := range want {
		n += len(in)
		got := storedEvents(t, st, match)
		if len(got) != len(in) {
			t.Errorf("%s: match %s: %d events stored, the file has %d", path, match, len(got), len(in))
			continue
		}
		var link events.Link
		for i, ev := range got {
			if ev.Hash.IsZero() {
				t.Errorf("%s seq %d: stored without a hash", match, ev.Seq)
			}
			if err := link.Next(ev); err != nil {
				t.Errorf("%s seq %d: chain does not verify: %v", match, ev.Seq, err)
			}
			if ev.Digest() != in[i].Digest() {
				t.Errorf("%s seq %d: stored input differs from line %d of %s", match, ev.Seq, i+1, path)
			}
		}
	}
	if lines := countLines(t, path); n != lines {
		t.Errorf("%s: %d inputs read, the file has %d lines", path, n, lines)
	}
}

// startServer starts an embedded nats-server with JetStream on a free
// loopback port, shut down when the test ends.
func startServer(t *testing.T) *bus.Server {
	t.Helper()
	srv, err := bus.StartServer(bus.ServerOptions{StoreDir: t.TempDir(), Listen: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	return srv
}

// connect opens a client connection closed when the test ends.
func connect(t *testing.T, url string) *nats.Conn {
	t.Helper()
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// runningRecorder is a recorder consuming from a test's server.
type runningRecorder struct {
	store *store.Store
	stop  func()
}

// startRecorder runs a recorder on srv storing into dataDir. stop (also
// called when the test ends) cancels it, checks that Run returns, and closes
// the store.
func startRecorder(t *testing.T, srv *bus.Server, dataDir string) *runningRecorder {
	t.Helper()
	return startRecorderWith(t, dataDir, func() (*nats.Conn, error) { return nats.Connect(srv.ClientURL()) })
}

// startRecorderWith is startRecorder on the connection dial makes.
func startRecorderWith(t *testing.T, dataDir string, dial func() (*nats.Conn, error)) *runningRecorder {
	t.Helper()
	st, err := store.OpenDir(dataDir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	nc, err := dial()
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	rec, err := recorder.New(recorder.Config{Store: st, Conn: nc})
	if err != nil {
		nc.Close()
		st.Close()
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- rec.Run(ctx) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("recorder: %v", err)
				}
			case <-time.After(15 * time.Second):
				t.Error("recorder did not return within 15s of being stopped")
			}
			nc.Close()
			st.Close()
		})
	}
	t.Cleanup(stop)
	select {
	case <-rec.Ready():
	case err := <-done:
		done <- err
		t.Fatalf("recorder stopped before it was ready: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("recorder not ready after 20s")
	}
	return &runningRecorder{store: st, stop: stop}
}
