package events_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// The fuzzers guard the decoders against untrusted input (NATS messages and
// hand-written files): they never panic, refuse with an *events.Error, and
// whatever they accept is a checked event whose two encodings agree.
//
//	go test ./events -run XXX -fuzz FuzzParseJSON -fuzztime 30s
//	go test ./events -run XXX -fuzz FuzzDecodeMsgpack -fuzztime 30s
//
// Seeds: the valid and invalid tables, plus testdata/fuzz/<Fuzzer>/, which
// holds the golden events (TestGoldenFuzzCorpus keeps those in step) and any
// input a fuzzer once failed on.

// FuzzParseJSON feeds arbitrary bytes to ParseJSON.
func FuzzParseJSON(f *testing.F) {
	for _, c := range validLines {
		f.Add([]byte(c.line))
	}
	for _, c := range invalidJSON {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := events.ParseJSON(data)
		checkDecoded(t, ev, err)
	})
}

// FuzzDecodeMsgpack feeds arbitrary bytes to DecodeMsgpack.
func FuzzDecodeMsgpack(f *testing.F) {
	for _, c := range validLines {
		e := mustParse(f, c.line)
		f.Add(e.MarshalMsgpack())
		e.Seal()
		f.Add(e.MarshalMsgpack())
	}
	for _, c := range invalidInputs(f) {
		if c.msgpack && len(c.in) <= events.MaxInputSize {
			f.Add(c.in)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := events.DecodeMsgpack(data)
		checkDecoded(t, ev, err)
	})
}

// checkDecoded holds the fuzz properties for one decoder result: an error is
// an *events.Error with a rule and no event; an event passes Check, its
// canonical encoding decodes to the same bytes again (idempotent), and its
// JSON line parses back to those bytes.
func checkDecoded(t *testing.T, ev *events.Event, err error) {
	t.Helper()
	if err != nil {
		if ev != nil {
			t.Fatalf("event returned with error %v", err)
		}
		if ee := asError(t, err); ee.Rule == "" {
			t.Fatalf("error without a rule: %v", err)
		}
		return
	}
	if ce := ev.Check(); ce != nil {
		t.Fatalf("accepted event fails Check: %v", ce)
	}
	canon := ev.MarshalMsgpack()
	again, err := events.DecodeMsgpack(canon)
	if err != nil {
		t.Fatalf("canonical encoding %x refused: %v", canon, err)
	}
	if b := again.MarshalMsgpack(); !bytes.Equal(b, canon) {
		t.Fatalf("re-encoding is not idempotent:\n %x\n %x", canon, b)
	}
	line, err := again.MarshalJSONLine()
	if err != nil {
		t.Fatalf("MarshalJSONLine: %v", err)
	}
	fromLine, err := events.ParseJSON(line)
	if err != nil {
		t.Fatalf("JSON line %s refused: %v", line, err)
	}
	if b := fromLine.MarshalMsgpack(); !bytes.Equal(b, canon) {
		t.Fatalf("JSON line %s parses to other bytes:\n %x\n %x", line, b, canon)
	}
}

// corpusFile is the content of a Go fuzz corpus file holding one []byte.
func corpusFile(data []byte) []byte {
	return fmt.Appendf(nil, "go test fuzz v1\n[]byte(%q)\n", data)
}

// TestGoldenFuzzCorpus guards the checked-in fuzz seeds: each golden event
// appears, as a JSON line and as msgpack, in the fuzzers' testdata corpus.
// -update rewrites these files; other corpus files are left alone.
func TestGoldenFuzzCorpus(t *testing.T) {
	for _, g := range goldenEvents() {
		line, err := g.event.MarshalJSONLine()
		if err != nil {
			t.Fatal(err)
		}
		for fuzzer, data := range map[string][]byte{"FuzzParseJSON": line, "FuzzDecodeMsgpack": g.event.MarshalMsgpack()} {
			t.Run(fuzzer+"/"+g.name, func(t *testing.T) {
				path := filepath.Join("testdata", "fuzz", fuzzer, "golden-"+g.name)
				want := corpusFile(data)
				if *update {
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, want, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				got, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run go test ./events -run Golden -update to create it)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s is out of date with the golden event; rerun with -update", path)
				}
			})
		}
	}
}
