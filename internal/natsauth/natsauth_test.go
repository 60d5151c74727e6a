package natsauth

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// A server set up with a token lets in a client that reads it from
// --token-file; the token never has to go in a URL, where CheckURL refuses
// it.
func TestTokenFile(t *testing.T) {
	ns, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, Authorization: "s3cret", NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	defer ns.Shutdown()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("server not ready")
	}
	file := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(file, []byte("s3cret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	opts, err := Flags{TokenFile: file}.Options()
	if err != nil {
		t.Fatal(err)
	}
	nc, err := nats.Connect(ns.ClientURL(), opts...)
	if err != nil {
		t.Fatalf("with --token-file: %v", err)
	}
	nc.Close()
	if nc, err := nats.Connect(ns.ClientURL()); err == nil {
		nc.Close()
		t.Fatal("the server let in a client without its token")
	}
	url := strings.Replace(ns.ClientURL(), "nats://", "nats://s3cret@", 1)
	if err := CheckURL(url); err == nil || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("CheckURL(a URL with a token) = %v", err)
	}
	if _, err := (Flags{TokenFile: file, User: "bob"}).Options(); err == nil {
		t.Error("--token-file and --user together were accepted")
	}
}
