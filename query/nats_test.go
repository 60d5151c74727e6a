package query_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"github.com/chronicle-mtg/chronicle/query"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// natsServer starts an embedded nats-server with JetStream on a free
// loopback port; change adjusts its options. It stops when the test ends.
func natsServer(t *testing.T, change func(*server.Options)) string {
	t.Helper()
	o := &server.Options{Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: t.TempDir(), NoSigs: true, NoLog: true}
	if change != nil {
		change(o)
	}
	ns, err := server.NewServer(o)
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(30 * time.Second) {
		t.Fatal("nats-server did not start")
	}
	t.Cleanup(func() {
		ns.Shutdown()
		ns.WaitForShutdown()
	})
	return ns.ClientURL()
}

func connect(t *testing.T, url string, opts ...nats.Option) *nats.Conn {
	t.Helper()
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// recorderOf serves the store in dir on NATS as a recorder does: every
// match owned, writes allowed.
func recorderOf(t *testing.T, url, dir string, opts ...nats.Option) *query.Service {
	t.Helper()
	st, err := replay.OpenStoreForWriting(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	svc, err := query.NewService(query.ServiceConfig{Conn: connect(t, url, opts...), Local: query.NewLocalWriter(st)})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.OwnAll(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		svc.Close()
		st.Close()
	})
	return svc
}

func storeOf(t *testing.T, fixtures ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range fixtures {
		replaytest.Record(t, dir, fixture(f))
	}
	return dir
}

func sameJSON(t *testing.T, what string, got, want any) {
	t.Helper()
	if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
		t.Errorf("%s:\n got %.400s\nwant %.400s", what, g, w)
	}
}

func TestClientAnswersAsLocalDoes(t *testing.T) {
	url := natsServer(t, nil)
	dir := storeOf(t, "bolt-race.jsonl", "best-of-three.jsonl")
	recorderOf(t, url, dir)
	c := query.NewClient(connect(t, url))
	ctx := context.Background()
	l := query.NewLocal(boltRace(t)) // the same match, recorded the same way

	ms, err := c.List(ctx, replay.Filter{})
	if err != nil || len(ms) != 2 || ms[0].Match != "best-of-three" || ms[1].Match != "bolt-race" {
		t.Fatalf("list: %v, %v", ms, err)
	}
	if ms, err := c.List(ctx, replay.Filter{Player: "Dan"}); err != nil || len(ms) != 1 {
		t.Fatalf("list of Dan's: %v, %v", ms, err)
	}
	got, err := c.State(ctx, query.StateRequest{Match: "bolt-race", Seq: 4, As: "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := l.State(ctx, query.StateRequest{Match: "bolt-race", Seq: 4, As: "Bob"})
	sameJSON(t, "state", got, want)
	gl, err := c.Log(ctx, query.ViewRequest{Match: "bolt-race", As: "p1"})
	if err != nil {
		t.Fatal(err)
	}
	wl, _ := l.Log(ctx, query.ViewRequest{Match: "bolt-race", As: "p1"})
	sameJSON(t, "log", gl, wl)
	gt, err := c.Export(ctx, query.ExportRequest{Match: "bolt-race", Format: "text", As: "p2"})
	if err != nil {
		t.Fatal(err)
	}
	wt, _ := l.Export(ctx, query.ExportRequest{Match: "bolt-race", Format: "text", As: "p2"})
	if string(gt) != string(wt) {
		t.Errorf("text export:\n%s\nwant\n%s", gt, wt)
	}
	if tl, err := c.Timeline(ctx, query.ViewRequest{Match: "bolt-race", As: "public"}); err != nil || len(tl.Entries) != 12 || tl.As != "public" {
		t.Fatalf("timeline: %v", err)
	}
	if rep, err := c.Audit(ctx, query.ViewRequest{Match: "best-of-three"}); err != nil || !rep.OK {
		t.Fatalf("audit: %+v, %v", rep, err)
	}
	if res, err := c.Verify(ctx, "bolt-race"); err != nil || !res.OK() || !res.Hashed {
		t.Fatalf("verify: %+v, %v", res, err)
	}
	if rs, err := c.Rejections(ctx, ""); err != nil || len(rs) != 0 {
		t.Fatalf("rejections: %v, %v", rs, err)
	}
	for _, e := range []struct {
		name string
		err  error
		code query.Code
	}{
		{"unknown match", second(c.State(ctx, query.StateRequest{Match: "nope"})), query.CodeUnknownMatch},
		{"past the end", second(c.State(ctx, query.StateRequest{Match: "bolt-race", Seq: 99})), query.CodeNotReached},
		{"a player's jsonl", second(c.Export(ctx, query.ExportRequest{Match: "bolt-race", Format: "jsonl", As: "p1"})), query.CodeForbidden},
		{"a stranger", second(c.State(ctx, query.StateRequest{Match: "bolt-race", As: "Carol"})), query.CodeBadRequest},
	} {
		if query.CodeOf(e.err) != e.code {
			t.Errorf("%s: %v, want %s", e.name, e.err, e.code)
		}
	}
	// The subject, not the body, says whose view is answered.
	nc := connect(t, url)
	msg, err := nc.Request(query.ReadSubject("bolt-race", "p2", query.OpState), []byte(`{"seq":4,"as":"judge"}`), 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(msg.Data), `"as":"p2"`) || !strings.Contains(string(msg.Data), `"hidden":true`) {
		t.Errorf("a body asking for the judge's view on p2's subject: %.300s", msg.Data)
	}
	if msg, err = nc.Request(query.ReadSubject("bolt-race", "p9", query.OpState), nil, 30*time.Second); err != nil || msg.Header.Get(query.HeaderError) != "1" {
		t.Errorf("an unknown view: %v %s", err, msg.Data)
	}
}

func TestClientBranchesAppendsAndWatches(t *testing.T) {
	url := natsServer(t, nil)
	recorderOf(t, url, storeOf(t, "bolt-race.jsonl"))
	c := query.NewClient(connect(t, url))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b, err := c.Branch(ctx, query.BranchRequest{Parent: "bolt-race", At: 2, Name: "shock-first"})
	if err != nil || b.Parent != "bolt-race" {
		t.Fatalf("branch: %+v, %v", b, err)
	}
	ticks, err := c.Watch(ctx, "shock-first")
	if err != nil {
		t.Fatal(err)
	}
	if err := connect(t, url).Flush(); err != nil {
		t.Fatal(err)
	}
	rep, err := c.Append(ctx, query.AppendRequest{Match: "shock-first", Inputs: readFile(t, "../fixtures/branches/shock-first.jsonl")})
	if err != nil || rep.From != 3 {
		t.Fatalf("append: %+v, %v", rep, err)
	}
	select {
	case <-ticks:
	case <-time.After(time.Minute):
		t.Fatal("no head notice after the append")
	}
	v, err := c.State(ctx, query.StateRequest{Match: "shock-first"})
	if err != nil || v.Seq != rep.To {
		t.Fatalf("the branch's end: %v, %v", v, err)
	}
	if _, err := c.Append(ctx, query.AppendRequest{Match: "bolt-race", Inputs: "{}"}); query.CodeOf(err) != query.CodeConflict && query.CodeOf(err) != query.CodeBadRequest {
		t.Errorf("an append to a main line: %v", err)
	}
}

// Answers larger than a NATS message come in chunks.
func TestClientReassemblesChunks(t *testing.T) {
	url := natsServer(t, func(o *server.Options) { o.MaxPayload = 64 << 10 })
	dir := t.TempDir()
	replaytest.LongMatch(t, dir, "long", 120)
	recorderOf(t, url, dir)
	c := query.NewClient(connect(t, url))
	got, err := c.Frames(context.Background(), query.FramesRequest{Match: "long"})
	if err != nil {
		t.Fatal(err)
	}
	if size := len(mustJSON(t, got)); size < 4*(64<<10) {
		t.Fatalf("the frames take %d bytes: not enough to need chunks", size)
	}
	want, err := c.Export(context.Background(), query.ExportRequest{Match: "long", Format: "jsonl"})
	if err != nil || strings.Count(string(want), "\n") != 120 {
		t.Fatalf("export: %d lines, %v", strings.Count(string(want), "\n"), err)
	}
	v, err := got.View(120)
	if err != nil || v.Seq != 120 {
		t.Fatalf("the last frame: %v, %v", v, err)
	}
}

// Several recorders, each with its own store: a list merges them, a read
// reaches the one holding the match.
func TestClientReadsSeveralRecorders(t *testing.T) {
	url := natsServer(t, nil)
	recorderOf(t, url, storeOf(t, "bolt-race.jsonl"))
	recorderOf(t, url, storeOf(t, "green-red.jsonl", "counter-war.jsonl"))
	c := query.NewClient(connect(t, url))
	ctx := context.Background()
	ms, err := c.List(ctx, replay.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range ms {
		ids = append(ids, m.Match)
	}
	if strings.Join(ids, ",") != "bolt-race,counter-war,green-red" {
		t.Fatalf("list: %v", ids)
	}
	for _, m := range ms {
		v, err := c.State(ctx, query.StateRequest{Match: m.Match})
		if err != nil || v.Seq != m.HeadSeq {
			t.Errorf("%s: %v, %v", m.Match, v, err)
		}
	}
	// Named matches are asked for one by one, each of its recorder; one
	// nobody holds (yet) is left out.
	named, err := query.Only(c, []string{"green-red", "not-yet", "bolt-race"}).List(ctx, replay.Filter{Format: "modern"})
	if err != nil || len(named) != 1 || named[0].Match != "bolt-race" {
		t.Fatalf("named matches: %v, %v", named, err)
	}
}

// What a NATS user may read is what its permissions let it ask: Bob's user
// reads bolt-race as Bob or as the public, and nothing else.
func TestPermissionsFollowNATSUsers(t *testing.T) {
	url := natsServer(t, func(o *server.Options) {
		o.Users = []*server.User{
			{Username: "recorder", Password: "r"},
			{Username: "bob", Password: "b", Permissions: &server.Permissions{
				Publish:   &server.SubjectPermission{Allow: []string{"chronicle.read.m.bolt-race.p2.>", "chronicle.read.m.bolt-race.public.>"}},
				Subscribe: &server.SubjectPermission{Allow: []string{"_INBOX.>", "chronicle.head.bolt-race"}},
			}},
		}
	})
	recorderOf(t, url, storeOf(t, "bolt-race.jsonl", "green-red.jsonl"), nats.UserInfo("recorder", "r"))
	c := query.NewClient(connect(t, url, nats.UserInfo("bob", "b"), nats.ErrorHandler(func(*nats.Conn, *nats.Subscription, error) {})))
	ctx := context.Background()
	if v, err := c.State(ctx, query.StateRequest{Match: "bolt-race", As: "Bob", Seq: 4}); err != nil || v.As != "p2" {
		t.Fatalf("Bob's own view: %v, %v", v, err)
	}
	if _, err := c.State(ctx, query.StateRequest{Match: "bolt-race", As: "public"}); err != nil {
		t.Fatalf("the public view: %v", err)
	}
	// Bob's user may not ask for the list, but lists the matches it names.
	ms, err := query.Only(c, []string{"bolt-race"}).List(ctx, replay.Filter{})
	if err != nil || len(ms) != 1 || ms[0].Match != "bolt-race" {
		t.Fatalf("Bob's named matches: %v, %v", ms, err)
	}
	for name, err := range map[string]error{
		"a named match of others": second(query.Only(c, []string{"green-red"}).List(ctx, replay.Filter{})),
		"the judge's view":        second(c.State(ctx, query.StateRequest{Match: "bolt-race", As: "judge"})),
		"Alice's view":            second(c.Timeline(ctx, query.ViewRequest{Match: "bolt-race", As: "p1"})),
		"another match":           second(c.State(ctx, query.StateRequest{Match: "green-red", As: "p2"})),
		"the list":                second(c.List(ctx, replay.Filter{})),
		"the rejection log":       second(c.Rejections(ctx, "bolt-race")),
		"a branch":                second(c.Branch(ctx, query.BranchRequest{Parent: "bolt-race", At: 2, Name: "x"})),
	} {
		if query.CodeOf(err) != query.CodeForbidden {
			t.Errorf("%s: %v, want forbidden", name, err)
		}
	}
}

// While the connection to NATS is down, a question fails at once as
// unavailable instead of waiting in the reconnect buffer for its timeout.
func TestClientSaysWhenNATSIsDown(t *testing.T) {
	ns, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, NoSigs: true, NoLog: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(30 * time.Second) {
		t.Fatal("nats-server did not start")
	}
	nc := connect(t, ns.ClientURL(), nats.ReconnectWait(time.Hour))
	c := query.NewClient(nc)
	c.Timeout = time.Hour
	ns.Shutdown()
	ns.WaitForShutdown()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for _, err := range []error{second(c.List(ctx, replay.Filter{})), second(c.State(ctx, query.StateRequest{Match: "bolt-race"}))} {
		if query.CodeOf(err) != query.CodeUnavailable || !strings.Contains(err.Error(), "connection is down") {
			t.Errorf("with NATS down: %v, want unavailable", err)
		}
	}
}
