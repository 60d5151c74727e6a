package replay_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

func exportFrom(t *testing.T, dir, match string) []byte {
	t.Helper()
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	var buf bytes.Buffer
	if err := replay.Export(&buf, src, match, replay.FormatJSONL); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// An export recorded into a fresh store exports to the same bytes: the
// envelope keeps seq, recorded, prev and hash.
func TestExportRoundTrip(t *testing.T) {
	m1, m2, _ := threeMatches()
	first := t.TempDir()
	replaytest.Commit(t, first, replaytest.Concat(m1, m2))
	out := exportFrom(t, first, "m1")

	path := filepath.Join(t.TempDir(), "m1.jsonl")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	lines, err := events.ReadJSONLFile(path, events.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var evs []*events.Event
	for _, l := range lines {
		evs = append(evs, l.Event)
	}
	second := t.TempDir()
	replaytest.Commit(t, second, evs)
	if again := exportFrom(t, second, "m1"); !bytes.Equal(again, out) {
		t.Errorf("second export differs:\n%s\nfirst:\n%s", again, out)
	}
	if n := bytes.Count(out, []byte("\n")); n != len(m1) {
		t.Errorf("%d lines, want %d", n, len(m1))
	}
}

func TestExportErrors(t *testing.T) {
	m1, _, _ := threeMatches()
	dir := t.TempDir()
	replaytest.Commit(t, dir, m1)
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	var buf bytes.Buffer
	if err := replay.Export(&buf, src, "m1", "pdf"); !errors.Is(err, replay.ErrUnknownFormat) {
		t.Errorf("format pdf: error %v, want ErrUnknownFormat", err)
	}
	if err := replay.Export(&buf, src, "m9", replay.FormatJSONL); !errors.Is(err, replay.ErrUnknownMatch) {
		t.Errorf("match m9: error %v, want ErrUnknownMatch", err)
	}
	if buf.Len() != 0 {
		t.Errorf("failed exports wrote %q", buf.String())
	}
}
