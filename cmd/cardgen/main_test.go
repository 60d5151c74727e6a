package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// oracleDir is the card database beside the repository; a clean clone
// doesn't have it, and the test that needs it says so and skips.
const oracleDir = "../../../shared/cards/oracle"

// The committed facts are what cardgen makes from the database and
// data/extras.json today, byte for byte.
func TestCommittedFactsAreGenerated(t *testing.T) {
	if _, err := os.Stat(filepath.Join(oracleDir, "cards.jsonl.gz")); err != nil {
		t.Skipf("no card database at %s: %v", oracleDir, err)
	}
	out := t.TempDir()
	var stderr bytes.Buffer
	if code := run([]string{"-oracle", oracleDir, "-extras", "../../reducer/cards/data/extras.json", "-out", out}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	got, err := os.ReadFile(filepath.Join(out, "facts.bin"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../reducer/cards/data/facts.bin")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("reducer/cards/data/facts.bin is not what cardgen makes now (%d bytes, committed %d): run go run ./cmd/cardgen", len(got), len(want))
	}
	gotTypes, err := os.ReadFile(filepath.Join(out, "creature_types.txt"))
	if err != nil {
		t.Fatal(err)
	}
	wantTypes, err := os.ReadFile("../../reducer/cards/data/creature_types.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(gotTypes, wantTypes) {
		t.Fatalf("reducer/cards/data/creature_types.txt is not what cardgen makes now: run go run ./cmd/cardgen")
	}
	if !strings.Contains(stderr.String(), "32109 cards (87 corrected, 12 added") {
		t.Errorf("summary: %s", stderr.String())
	}
}

// Usage errors exit 2; a missing database exits 1, naming the file.
func TestUsage(t *testing.T) {
	var stderr bytes.Buffer
	if code := run([]string{"-nope"}, &stderr); code != 2 {
		t.Errorf("unknown flag: exit %d", code)
	}
	if code := run([]string{"extra"}, &stderr); code != 2 {
		t.Errorf("an argument: exit %d", code)
	}
	stderr.Reset()
	if code := run([]string{"-oracle", t.TempDir()}, &stderr); code != 1 || !strings.Contains(stderr.String(), "cards.jsonl.gz") {
		t.Errorf("no database: exit %d, %s", code, stderr.String())
	}
}
