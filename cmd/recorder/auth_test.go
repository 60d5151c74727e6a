package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"log/slog"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/internal/natsauth"
)

// TestServeRefusesOpenListen: an embedded server reachable from other
// machines without users would let anyone publish as any player, delete
// and purge. serve refuses, unless told --insecure.
func TestServeRefusesOpenListen(t *testing.T) {
	r := runCLI(t, "serve", "--data", t.TempDir(), "--listen", "0.0.0.0:0")
	if r.code != exitUsage || !strings.Contains(r.stderr, "--users") || !strings.Contains(r.stderr, "--insecure") {
		t.Fatalf("serve --listen 0.0.0.0:0 without --users: %v", r)
	}
}

// TestPasswordNeverOnCommandLine: a password or a token in a --nats URL is
// refused, and the refusal does not repeat it.
func TestPasswordNeverOnCommandLine(t *testing.T) {
	url := "nats://alice:s3cret@127.0.0.1:1"
	for _, args := range [][]string{
		{"publish", "-q", "--nats", url, fixture(t, "bolt-race.jsonl")},
		{"serve", "--data", t.TempDir(), "--nats", url},
	} {
		r := runCLI(t, args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "carries a password") {
			t.Errorf("%s: %v", args[0], r)
		}
		if strings.Contains(r.stdout+r.stderr, "s3cret") {
			t.Errorf("%s printed the password: %v", args[0], r)
		}
	}
	// A bare user in a NATS URL is a token: refused too, for --token-file.
	r := runCLI(t, "publish", "-q", "--nats", "nats://t0ken@127.0.0.1:1", fixture(t, "bolt-race.jsonl"))
	if r.code != exitUsage || !strings.Contains(r.stderr, "carries a token") || strings.Contains(r.stdout+r.stderr, "t0ken") {
		t.Errorf("a token in the URL: %v", r)
	}
	if got := redact("nats://alice:s3cret@h:4222,nats://tok@h2:4222"); strings.Contains(got, "s3cret") || strings.Contains(got, "tok@") {
		t.Errorf("redact: %s", got)
	}
}

// usersService runs a recorder with an embedded server that lets in only
// the users of a fresh users folder, which also has players p1 and p2 of
// bolt-race.
func usersService(t *testing.T, tlsDir string) (*service, string) {
	t.Helper()
	dir := t.TempDir()
	u, err := bus.InitUsers(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"p1", "p2"} {
		if _, err := u.AddPlayer(dir, "bolt-race", p); err != nil {
			t.Fatal(err)
		}
	}
	opt := serviceOptions{storeDir: t.TempDir(), natsDir: t.TempDir(), listen: "127.0.0.1:0",
		users: u, usersDir: dir, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if tlsDir != "" {
		a := natsAuth{natsauth.Flags{TLSCert: filepath.Join(tlsDir, "server.pem"), TLSKey: filepath.Join(tlsDir, "server-key.pem")}}
		if opt.serverTLS, err = a.serverTLS(); err != nil {
			t.Fatal(err)
		}
	}
	svc, err := startService(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := svc.stop(); err != nil {
			t.Errorf("stop: %v", err)
		}
	})
	return svc, dir
}

// TestPublishWithUsers: with users, the table publishes any match; a
// player publishes its own match's inputs (without reading the stream) and
// none of another match; a client without a key gets nowhere.
func TestPublishWithUsers(t *testing.T) {
	svc, dir := usersService(t, "")
	url := svc.srv.ClientURL()
	table := bus.SeedFile(dir, bus.RoleTable)
	r := runCLI(t, "publish", "-q", "--nkey", table, "--nats", url, fixture(t, "counter-war.jsonl"))
	if r.code != exitOK {
		t.Fatalf("publish as the table: %v", r)
	}
	p1 := bus.PlayerSeedFile(dir, "bolt-race", "p1")
	r = runCLI(t, "publish", "-q", "--nkey", p1, "--nats", url, fixture(t, "bolt-race.jsonl"))
	if r.code != exitOK {
		t.Fatalf("publish its own match as player p1: %v", r)
	}
	r = runCLI(t, "publish", "-q", "--idle", "2s", "--nkey", p1, "--nats", url, fixture(t, "mana-abilities.jsonl"))
	if r.code == exitOK || strings.Contains(r.stdout, "mana-abilities: 18 stored") {
		t.Fatalf("player p1 of bolt-race published another match: %v", r)
	}
	if r := runCLI(t, "publish", "-q", "--nats", url, fixture(t, "bolt-race.jsonl")); r.code != exitUsage {
		t.Fatalf("publish without a key: %v", r)
	}
}

// TestPublishOverTLS: the embedded server has a certificate; a publisher
// that trusts its CA and requires TLS records; one that doesn't trust it
// can't connect.
func TestPublishOverTLS(t *testing.T) {
	certs := writeCerts(t)
	svc, dir := usersService(t, certs)
	url := strings.Replace(svc.srv.ClientURL(), "nats://", "tls://", 1)
	table := bus.SeedFile(dir, bus.RoleTable)
	r := runCLI(t, "publish", "-q", "--nkey", table, "--tls-ca", filepath.Join(certs, "ca.pem"), "--tls-required", "--nats", url, fixture(t, "bolt-race.jsonl"))
	if r.code != exitOK {
		t.Fatalf("publish over TLS: %v", r)
	}
	r = runCLI(t, "publish", "-q", "--nkey", table, "--nats", url, fixture(t, "bolt-race.jsonl"))
	if r.code != exitUsage || !strings.Contains(r.stderr, "certificate") {
		t.Fatalf("publish without trusting the CA: %v", r)
	}
}

// writeCerts makes a CA and a server certificate for 127.0.0.1 in a
// temporary folder: ca.pem, server.pem, server-key.pem.
func writeCerts(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ca := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "chronicle test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	srvKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	srv := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		KeyUsage: x509.KeyUsageDigitalSignature}
	srvDER, err := x509.CreateCertificate(rand.Reader, srv, ca, &srvKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, _ := x509.MarshalECPrivateKey(srvKey)
	write := func(name, kind string, der []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("ca.pem", "CERTIFICATE", caDER)
	write("server.pem", "CERTIFICATE", srvDER)
	write("server-key.pem", "EC PRIVATE KEY", keyDER)
	return dir
}
