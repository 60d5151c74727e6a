package bus_test

import (
	"context"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// usersEnv is an embedded server that lets in only a users folder's users.
type usersEnv struct {
	srv   *bus.Server
	dir   string
	users *bus.Users
}

func startUsersEnv(t *testing.T) *usersEnv {
	t.Helper()
	dir := t.TempDir()
	u, err := bus.InitUsers(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := u.AddPlayer(dir, "m1", "p1"); err != nil {
		t.Fatal(err)
	}
	srv, err := bus.StartServer(bus.ServerOptions{StoreDir: t.TempDir(), Listen: "127.0.0.1:0", Users: u})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	return &usersEnv{srv: srv, dir: dir, users: u}
}

// as connects with a seed file, with the user's own inbox.
func (e *usersEnv) as(t *testing.T, seedFile string) (*nats.Conn, jetstream.JetStream) {
	t.Helper()
	signIn, err := nats.NkeyOptionFromSeed(seedFile)
	if err != nil {
		t.Fatal(err)
	}
	kp := seedKey(t, seedFile)
	pub, _ := kp.PublicKey()
	nc, err := nats.Connect(e.srv.ClientURL(), signIn, nats.CustomInboxPrefix(bus.InboxPrefix(pub)),
		nats.ErrorHandler(func(*nats.Conn, *nats.Subscription, error) {}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return nc, js
}

func seedKey(t *testing.T, path string) nkeys.KeyPair {
	t.Helper()
	data, err := readFile(path)
	if err != nil {
		t.Fatal(err)
	}
	kp, err := nkeys.ParseDecoratedNKey(data)
	if err != nil {
		t.Fatal(err)
	}
	return kp
}

func shortCtx(t *testing.T) context.Context {
	// A request the server's permissions drop is never answered: it
	// times out. Nothing here waits on a slow answer.
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	t.Cleanup(cancel)
	return ctx
}

// TestRolesAndPermissions: each role may do what its job needs and no
// more. A player publishes to its own match only and can't forge verdicts;
// nobody but the operator deletes or purges; the recorder can't either; a
// client without a key can't sign in.
func TestRolesAndPermissions(t *testing.T) {
	e := startUsersEnv(t)
	ctx := testCtx(t)
	recNC, recJS := e.as(t, bus.SeedFile(e.dir, bus.RoleRecorder))
	if _, err := bus.EnsureStream(ctx, recJS, bus.StreamOptions{}); err != nil {
		t.Fatalf("the recorder can't make the stream: %v", err)
	}
	stream, err := recJS.Stream(ctx, bus.StreamName)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bus.EnsureConsumer(ctx, stream, 0); err != nil {
		t.Fatalf("the recorder can't make its consumer: %v", err)
	}
	_, tableJS := e.as(t, bus.SeedFile(e.dir, bus.RoleTable))
	playerNC, playerJS := e.as(t, bus.PlayerSeedFile(e.dir, "m1", "p1"))
	_, opJS := e.as(t, bus.SeedFile(e.dir, bus.RoleOperator))

	// Inputs: the table to any match, the player to its own only.
	if _, err := tableJS.Publish(ctx, bus.InSubject("m2"), []byte("x")); err != nil {
		t.Errorf("the table can't publish an input: %v", err)
	}
	if _, err := playerJS.Publish(ctx, bus.InSubject("m1"), []byte("x")); err != nil {
		t.Errorf("the player can't publish to its match: %v", err)
	}
	if _, err := playerJS.Publish(shortCtx(t), bus.InSubject("m2"), []byte("x")); err == nil {
		t.Error("the player published to another match")
	}
	if ps, err := playerJS.Stream(ctx, bus.StreamName); err != nil {
		t.Errorf("the player can't look the stream up: %v", err)
	} else if _, err := ps.GetLastMsgForSubject(shortCtx(t), bus.InSubject("m1")); err == nil {
		t.Error("the player read a message from the stream")
	}

	// Verdicts: only the recorder publishes them.
	var forged atomic.Int32
	tableNC, _ := e.as(t, bus.SeedFile(e.dir, bus.RoleTable))
	if _, err := tableNC.Subscribe(bus.OutSubject("m1"), func(*nats.Msg) { forged.Add(1) }); err != nil {
		t.Fatal(err)
	}
	tableNC.Flush()
	playerNC.Publish(bus.OutSubject("m1"), []byte(`{"match":"m1","seq":2,"status":"stored"}`))
	tableNC.Publish(bus.OutSubject("m1"), []byte(`{"match":"m1","seq":2,"status":"stored"}`))
	playerNC.Flush()
	tableNC.Flush()
	if err := recNC.Publish(bus.OutSubject("m1"), []byte(`{"match":"m1","seq":1,"status":"stored"}`)); err != nil {
		t.Fatal(err)
	}
	recNC.Flush()
	deadline := time.Now().Add(5 * time.Second)
	for forged.Load() < 1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	if n := forged.Load(); n != 1 {
		t.Errorf("%d verdicts reached the table, want the recorder's one only", n)
	}

	// Deleting and purging: only the operator (and the recorder its own
	// consumer, which it may have to replace).
	for _, who := range []struct {
		name string
		js   jetstream.JetStream
	}{{"table", tableJS}, {"player", playerJS}, {"recorder", recJS}} {
		name, js := who.name, who.js
		s, err := opJS.Stream(ctx, bus.StreamName)
		if err != nil {
			t.Fatal(err)
		}
		if err := js.DeleteConsumer(shortCtx(t), bus.StreamName, bus.ConsumerName); err == nil && name != "recorder" {
			t.Errorf("the %s deleted the recorder's consumer", name)
		}
		if rs, err := js.Stream(ctx, bus.StreamName); err == nil {
			if err := rs.DeleteMsg(shortCtx(t), 1); err == nil {
				t.Errorf("the %s deleted an input", name)
			}
		}
		if err := js.DeleteStream(shortCtx(t), bus.StreamName); err == nil {
			t.Errorf("the %s deleted the stream", name)
		}
		if err := purge(t, js); err == nil {
			t.Errorf("the %s purged the stream", name)
		}
		if _, err := s.Info(ctx); err != nil {
			t.Fatalf("after the %s's tries: %v", name, err)
		}
	}
	if err := opJS.DeleteStream(ctx, bus.StreamName); err != nil {
		t.Errorf("the operator can't delete the stream: %v", err)
	}

	// No key, no entry.
	if nc, err := nats.Connect(e.srv.ClientURL()); err == nil {
		nc.Close()
		t.Error("a client without a key signed in")
	}
	other, _ := nkeys.CreateUser()
	seed, _ := other.Seed()
	path := writeTemp(t, seed)
	signIn, _ := nats.NkeyOptionFromSeed(path)
	if nc, err := nats.Connect(e.srv.ClientURL(), signIn); err == nil {
		nc.Close()
		t.Error("an unknown key signed in")
	}
}

func purge(t *testing.T, js jetstream.JetStream) error {
	s, err := js.Stream(testCtx(t), bus.StreamName)
	if err != nil {
		return err
	}
	return s.Purge(shortCtx(t))
}

// TestReloadUsers: players added to the folder sign in once the server
// reloads the users, without a restart.
func TestReloadUsers(t *testing.T) {
	e := startUsersEnv(t)
	if _, err := e.users.AddPlayer(e.dir, "m9", "p2"); err != nil {
		t.Fatal(err)
	}
	seed := bus.PlayerSeedFile(e.dir, "m9", "p2")
	signIn, err := nats.NkeyOptionFromSeed(seed)
	if err != nil {
		t.Fatal(err)
	}
	if nc, err := nats.Connect(e.srv.ClientURL(), signIn); err == nil {
		nc.Close()
		t.Fatal("a player not yet loaded signed in")
	}
	u, err := bus.LoadUsers(e.dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.srv.ReloadUsers(u); err != nil {
		t.Fatal(err)
	}
	nc, err := nats.Connect(e.srv.ClientURL(), signIn)
	if err != nil {
		t.Fatalf("the new player can't sign in after the reload: %v", err)
	}
	nc.Close()
}

func readFile(path string) ([]byte, error) { return os.ReadFile(path) }

func writeTemp(t *testing.T, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "key.nk")
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
