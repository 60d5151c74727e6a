package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/chronicle-mtg/chronicle/events/bus"
)

// TestExitCodesUsage guards exit code 2 for usage errors and 0 for --help.
func TestExitCodesUsage(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.jsonl")
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string // a substring stderr must hold
	}{
		{"record missing file", []string{"record", "-q", "--data", t.TempDir(), missing}, exitUsage, "missing.jsonl"},
		{"publish missing file", []string{"publish", "--nats", "nats://127.0.0.1:1", missing}, exitUsage, "missing.jsonl"},
		{"record a directory", []string{"record", "-q", "--data", t.TempDir(), t.TempDir()}, exitUsage, "is a directory"},
		{"no arguments", nil, exitUsage, "expected one of"},
		{"unknown command", []string{"frobnicate"}, exitUsage, "frobnicate"},
		{"unknown flag", []string{"record", "--frob", "x.jsonl"}, exitUsage, "--frob"},
		{"record without files", []string{"record", "--data", t.TempDir()}, exitUsage, "expected"},
		{"help", []string{"--help"}, exitOK, ""},
		{"record help", []string{"record", "--help"}, exitOK, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := runCLI(t, c.args...)
			if r.code != c.code {
				t.Fatalf("exit %d, want %d: %v", r.code, c.code, r)
			}
			if !strings.Contains(r.stderr, c.stderr) {
				t.Errorf("stderr lacks %q: %v", c.stderr, r)
			}
			if c.code == exitOK && !strings.Contains(r.stdout, "Usage: recorder") {
				t.Errorf("--help prints no usage on stdout: %v", r)
			}
		})
	}
}

// TestPublishNoServer guards exit code 2 and a clear message when nothing
// listens at the NATS URL.
func TestPublishNoServer(t *testing.T) {
	r := runCLI(t, "publish", "-q", "--nats", "nats://127.0.0.1:1", fixture(t, "bolt-race.jsonl"))
	if r.code != exitUsage {
		t.Fatalf("exit %d, want %d: %v", r.code, exitUsage, r)
	}
	if !strings.Contains(r.stderr, "connect to NATS nats://127.0.0.1:1") {
		t.Errorf("stderr does not say it cannot connect: %v", r)
	}
}

// TestPublishNoRecorder guards exit code 2 when the stream exists but no
// recorder answers, with a message that says so and how to start one.
func TestPublishNoRecorder(t *testing.T) {
	srv := startServer(t)
	nc := connect(t, srv.ClientURL())
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := bus.EnsureStream(ctx, js, bus.StreamOptions{}); err != nil {
		t.Fatal(err)
	}

	r := runCLI(t, "publish", "-q", "--nats", srv.ClientURL(), fixture(t, "bolt-race.jsonl"))
	if r.code != exitUsage {
		t.Fatalf("exit %d, want %d: %v", r.code, exitUsage, r)
	}
	if !strings.Contains(r.stderr, "no recorder answers") || !strings.Contains(r.stderr, "recorder serve") {
		t.Errorf("stderr does not say no recorder answers: %v", r)
	}
}

// TestPublishNoStream guards exit code 2 when the server has no input
// stream at all (no recorder ever ran against it).
func TestPublishNoStream(t *testing.T) {
	srv := startServer(t)
	r := runCLI(t, "publish", "-q", "--nats", srv.ClientURL(), fixture(t, "bolt-race.jsonl"))
	if r.code != exitUsage {
		t.Fatalf("exit %d, want %d: %v", r.code, exitUsage, r)
	}
	if !strings.Contains(r.stderr, bus.StreamName) || !strings.Contains(r.stderr, "recorder running") {
		t.Errorf("stderr does not name the missing stream: %v", r)
	}
}
