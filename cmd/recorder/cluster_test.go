package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/recorder"
)

// A real 3-node nats-server cluster, each node a child process (this test
// binary, run as a node), the input stream at 3 replicas. Faults hit it
// while the fixtures are published: the stream leader killed with SIGKILL
// mid-publish and started again, a node paused with SIGSTOP past the
// election timeout, the recorder restarted. The publish rides them out (or
// gives up with an exact summary); a second publish of the same files must
// then store every input; and the checker finds every input of the files
// in the store exactly once, the same input at each seq, which covers
// every input a stored verdict acknowledged in the first run.
//
// go test runs the short form: one leader kill and a recorder restart.
// CHRONICLE_CLUSTER_ROUNDS=N (.ci/run sets it; scripts/cluster-faults.sh
// too) runs N rounds of every fault on three copies of the fixtures.

// nodeEnv makes the test binary a cluster node: its value is the node's
// config as JSON.
const nodeEnv = "CHRONICLE_NATS_NODE"

type nodeConfig struct {
	Name, Dir         string
	Port, ClusterPort int
	Routes            []string
}

// runNode runs a nats-server node until SIGTERM or SIGINT.
func runNode(cfg string) int {
	var c nodeConfig
	if err := json.Unmarshal([]byte(cfg), &c); err != nil {
		fmt.Fprintln(os.Stderr, "node:", err)
		return 2
	}
	o := &server.Options{
		ServerName: c.Name, Host: "127.0.0.1", Port: c.Port, JetStream: true, StoreDir: c.Dir, NoSigs: true, NoLog: true,
		Cluster: server.ClusterOpts{Name: "chronicle", Host: "127.0.0.1", Port: c.ClusterPort},
		Routes:  server.RoutesFromStr(strings.Join(c.Routes, ",")),
	}
	ns, err := server.NewServer(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "node:", err)
		return 2
	}
	go ns.Start()
	if !ns.ReadyForConnections(20 * time.Second) {
		return 2
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	<-sig
	ns.Shutdown()
	ns.WaitForShutdown()
	return 0
}

type node struct {
	cfg nodeConfig
	cmd *exec.Cmd
}

func (n *node) url() string { return "nats://127.0.0.1:" + strconv.Itoa(n.cfg.Port) }

func (n *node) start(t *testing.T) {
	t.Helper()
	data, _ := json.Marshal(n.cfg)
	n.cmd = exec.Command(os.Args[0], "-test.run=^$")
	n.cmd.Env = append(os.Environ(), nodeEnv+"="+string(data))
	if err := n.cmd.Start(); err != nil {
		t.Fatal(err)
	}
}

func (n *node) signal(s syscall.Signal) { n.cmd.Process.Signal(s) }

// kill ends the node at once, as a crash would.
func (n *node) kill() {
	n.cmd.Process.Kill()
	n.cmd.Wait()
}

type cluster struct {
	nodes []*node
}

func startCluster(t *testing.T) *cluster {
	t.Helper()
	c := &cluster{}
	ports := make([]int, 6)
	for i := range ports {
		_, p, _ := net.SplitHostPort(freePort(t))
		ports[i], _ = strconv.Atoi(p)
	}
	var routes []string
	for i := 0; i < 3; i++ {
		routes = append(routes, "nats://127.0.0.1:"+strconv.Itoa(ports[3+i]))
	}
	for i := 0; i < 3; i++ {
		n := &node{cfg: nodeConfig{Name: "n" + strconv.Itoa(i+1), Dir: t.TempDir(), Port: ports[i], ClusterPort: ports[3+i], Routes: routes}}
		n.start(t)
		c.nodes = append(c.nodes, n)
	}
	t.Cleanup(func() {
		for _, n := range c.nodes {
			n.signal(syscall.SIGCONT)
			n.kill()
		}
	})
	// Ready when JetStream answers through every node.
	deadline := time.Now().Add(60 * time.Second)
	for _, n := range c.nodes {
		for {
			nc, err := nats.Connect(n.url())
			if err == nil {
				js, _ := jetstream.New(nc)
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				_, err = js.AccountInfo(ctx)
				cancel()
				nc.Close()
			}
			if err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("cluster not ready: %v", err)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	return c
}

func (c *cluster) urls() string {
	var u []string
	for _, n := range c.nodes {
		u = append(u, n.url())
	}
	return strings.Join(u, ",")
}

// leader is the node that leads the input stream now.
func (c *cluster) leader(t *testing.T, js jetstream.JetStream) *node {
	t.Helper()
	for tries := 0; tries < 100; tries++ {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		s, err := js.Stream(ctx, bus.StreamName)
		cancel()
		if err == nil && s.CachedInfo().Cluster != nil {
			for _, n := range c.nodes {
				if n.cfg.Name == s.CachedInfo().Cluster.Leader {
					return n
				}
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("no stream leader found")
	return nil
}

// clusterRecorder runs a recorder on the cluster with the stream at 3
// replicas; restart stops it (committing what it holds) and starts another
// on the same store.
type clusterRecorder struct {
	t       *testing.T
	urls    string
	dataDir string
	mu      sync.Mutex
	stop    func()
}

func (r *clusterRecorder) start() {
	st, err := store.OpenDir(r.dataDir, store.Options{})
	if err != nil {
		r.t.Error(err)
		return
	}
	nc, err := nats.Connect(r.urls, nats.MaxReconnects(-1), nats.ReconnectWait(100*time.Millisecond))
	if err != nil {
		st.Close()
		r.t.Error(err)
		return
	}
	rec, err := recorder.New(recorder.Config{Store: st, Conn: nc, Stream: bus.StreamOptions{Replicas: 3},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		r.t.Error(err)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- rec.Run(ctx) }()
	select {
	case <-rec.Ready():
	case err := <-done:
		done <- err // for stop
		r.t.Errorf("recorder: %v", err)
	case <-time.After(60 * time.Second):
		r.t.Error("recorder not ready")
	}
	r.mu.Lock()
	r.stop = func() {
		cancel()
		if err := <-done; err != nil {
			r.t.Errorf("recorder: %v", err)
		}
		nc.Close()
		st.Close()
	}
	r.mu.Unlock()
}

func (r *clusterRecorder) halt() {
	r.mu.Lock()
	stop := r.stop
	r.stop = nil
	r.mu.Unlock()
	if stop != nil {
		stop()
	}
}

// copies writes n copies of every fixture for a round, each under its own
// match ids, and returns the files; the first round's single copy is the
// fixtures themselves.
func copies(t *testing.T, n, round int) []string {
	t.Helper()
	if n == 1 && round == 1 {
		return fixtures(t)
	}
	dir := t.TempDir()
	var out []string
	for i := 1; i <= n; i++ {
		for _, f := range fixtures(t) {
			var evs []*events.Event
			for match, in := range fileMatches(t, f) {
				for _, ev := range in {
					ev.Match = fmt.Sprintf("%s-r%dc%d", match, round, i)
					ev.Prev, ev.Hash = events.Hash{}, events.Hash{}
					evs = append(evs, ev)
				}
			}
			path := filepath.Join(dir, fmt.Sprintf("c%d-%s", i, filepath.Base(f)))
			writeEvents(t, path, evs)
			out = append(out, path)
		}
	}
	return out
}

func TestClusterFaults(t *testing.T) {
	rounds, long := 1, false
	if v := os.Getenv("CHRONICLE_CLUSTER_ROUNDS"); v != "" {
		rounds, _ = strconv.Atoi(v)
		long = true
	}
	c := startCluster(t)
	rec := &clusterRecorder{t: t, urls: c.urls(), dataDir: t.TempDir()}
	rec.start()
	defer rec.halt()
	nc := patientConn(t, c.urls())
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	n := 1
	if long {
		n = 3
	}
	var all []string
	for round := 1; round <= rounds; round++ {
		paths := copies(t, n, round)
		all = append(all, paths...)
		pub, err := bus.NewPublisher(context.Background(), nc)
		if err != nil {
			t.Fatal(err)
		}
		pub.Idle, pub.RequestTimeout = 45*time.Second, 2*time.Second
		files, total := readInputs(paths)
		prog := newProgress(&env{stderr: io.Discard}, total, true)
		faults := sync.WaitGroup{}
		faults.Add(1)
		var killed *node
		whenDone(t, prog, int64(total/5), func() {
			defer faults.Done()
			killed = c.leader(t, js)
			killed.kill() // the stream leader, mid-publish
			if long {
				time.Sleep(3 * time.Second)
				killed.start(t)
				p := c.nodes[round%3]
				p.signal(syscall.SIGSTOP) // past the election timeout
				time.Sleep(8 * time.Second)
				p.signal(syscall.SIGCONT)
			}
			rec.halt() // and the recorder, restarted
			rec.start()
		})
		sum, err := publishAll(context.Background(), pub, files, prog)
		prog.finish()
		faults.Wait()
		if !long && killed != nil {
			killed.start(t)
		}
		t.Logf("round %d, with faults: %d of %d stored, %d unconfirmed, %d not tried; %v",
			round, sum.Stored, total, sum.Unconfirmed, sum.Untried, err)
		if sum.Inputs != total {
			t.Fatalf("the summary counts %d inputs of %d", sum.Inputs, total)
		}
		// Everything again, every node up: every input must be stored.
		pub2, err := bus.NewPublisher(context.Background(), nc)
		if err != nil {
			t.Fatal(err)
		}
		pub2.Idle, pub2.RequestTimeout = 60*time.Second, 5*time.Second
		files, _ = readInputs(paths)
		prog2 := newProgress(&env{stderr: io.Discard}, total, true)
		sum2, err := publishAll(context.Background(), pub2, files, prog2)
		prog2.finish()
		if err != nil || sum2.Stored != total {
			t.Fatalf("round %d, published again: %v; %d of %d stored: %+v", round, err, sum2.Stored, total, sum2)
		}
	}
	rec.halt()
	// The checker: every input of the files, once, and the same input.
	st := openStoreRO(t, rec.dataDir)
	for _, f := range all {
		checkStored(t, st, f)
	}
}
