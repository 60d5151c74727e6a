package main

import (
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
)

// TestPublishToRecorder guards `publish` against a running recorder: a good
// file exits 0 and is stored; a file whose 2nd input differs from the stored
// one exits 1, reports the conflict, and leaves the stored input standing.
func TestPublishToRecorder(t *testing.T) {
	srv := startServer(t)
	rec := startRecorder(t, srv, t.TempDir())
	good := fixture(t, "bolt-race.jsonl")

	r := runCLI(t, "publish", "-q", "--nats", srv.ClientURL(), good)
	if r.code != exitOK {
		t.Fatalf("publish: %v", r)
	}
	n := countLines(t, good)
	if !strings.Contains(r.stdout, "bolt-race: 12 stored\n") || n != 12 {
		t.Errorf("summary does not report 12 stored (file has %d lines):\n%s", n, r.stdout)
	}
	checkStored(t, rec.store, good)

	// Same match, same seq 2, different content: Bob at 6 life, not 5.
	lines := readLines(t, good)
	if !strings.Contains(lines[1], `"life":5`) {
		t.Fatalf("fixture changed: line 2 has no \"life\":5: %s", lines[1])
	}
	lines[1] = strings.Replace(lines[1], `"life":5`, `"life":6`, 1)
	conflict := writeFile(t, t.TempDir(), "conflict.jsonl", lines...)

	r = runCLI(t, "publish", "-q", "--nats", srv.ClientURL(), conflict)
	if r.code != exitRejected {
		t.Fatalf("conflicting publish: exit %d, want %d: %v", r.code, exitRejected, r)
	}
	if !strings.Contains(r.stdout, events.RuleConflict) || !strings.Contains(r.stdout, "seq 2: rejected") {
		t.Errorf("summary does not report the conflict at seq 2:\n%s", r.stdout)
	}
	// Only seq 2 differs: the other inputs, same match, seq and content as
	// stored (a digest leaves prev out), are reported stored already.
	if !strings.Contains(r.stdout, "12 inputs: 11 stored (11 already), 1 rejected, 0 not published") {
		t.Errorf("summary does not count 11 already stored and 1 rejected:\n%s", r.stdout)
	}

	r = runCLI(t, "publish", "--json", "-q", "--nats", srv.ClientURL(), conflict)
	if r.code != exitRejected {
		t.Fatalf("conflicting publish --json: exit %d, want %d: %v", r.code, exitRejected, r)
	}
	s := decodeSummary(t, r.stdout)
	if s.Inputs != 12 || s.Stored != 11 || s.Already != 11 || s.Rejected != 1 || s.Unpublished != 0 {
		t.Errorf("--json totals %+v, want 12 inputs: 11 stored (already), 1 rejected", s)
	}
	if len(s.Files) != 1 || len(s.Files[0].Matches) != 1 || len(s.Files[0].Matches[0].Problems) != 1 {
		t.Fatalf("--json summary does not list exactly one problem:\n%s", r.stdout)
	}
	p := s.Files[0].Matches[0].Problems[0]
	if p.Seq != 2 || p.Status != bus.StatusRejected || p.Rule != events.RuleConflict || !strings.Contains(p.Reason, "conflict") {
		t.Errorf("problem %+v, want seq 2 rejected by %s", p, events.RuleConflict)
	}

	checkStored(t, rec.store, good) // the stored log stands, unchanged
	rec.stop()
}
