package events

import (
	"bufio"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// The fast path must read exactly what the general decoder reads: every
// input of the fixture matches, encoded canonically, sealed and signed or
// not, decodes to the same event both ways, and most take the fast path.
func TestDecodeFastAgreesWithGeneral(t *testing.T) {
	files, err := filepath.Glob("../fixtures/matches/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixture matches: %v", err)
	}
	total, fast := 0, 0
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, MaxInputSize)
		for sc.Scan() {
			ev, err := ParseJSON(sc.Bytes())
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			for _, variant := range fastVariants(ev) {
				total++
				if compareDecoders(t, variant) {
					fast++
				}
			}
		}
		fh.Close()
	}
	// Passes and plain activations are most of a real match.
	if fast*2 < total {
		t.Errorf("only %d of %d inputs took the fast path", fast, total)
	}
}

// fastVariants gives ev's canonical encoding as recorded, sealed, and with
// a signature.
func fastVariants(ev *Event) [][]byte {
	plain := ev.MarshalMsgpack()
	sealed := *ev
	sealed.Seal()
	signed := sealed
	signed.Sig = make([]byte, SigSize)
	for i := range signed.Sig {
		signed.Sig[i] = byte(i)
	}
	return [][]byte{plain, sealed.MarshalMsgpack(), signed.MarshalMsgpack()}
}

// compareDecoders decodes data both ways, fails t where they differ, and
// says whether the fast path took it.
func compareDecoders(t *testing.T, data []byte) bool {
	t.Helper()
	d := decoders.Get().(*decoder)
	defer decoders.Put(d)
	fastEv, ok := decodeFast(data, d)
	general, err := decodeGeneral(data, d)
	if !ok {
		return false
	}
	if err != nil {
		t.Fatalf("fast path took %x, the general decoder refuses it: %v", data, err)
	}
	if !reflect.DeepEqual(fastEv, general) {
		t.Fatalf("fast path reads %x as\n%#v\nthe general decoder as\n%#v", data, fastEv, general)
	}
	return true
}

// FuzzDecodeFast: whatever the fast path takes, the general decoder reads
// the same.
//
//	go test ./events -run XXX -fuzz FuzzDecodeFast -fuzztime 30s
func FuzzDecodeFast(f *testing.F) {
	for _, line := range []string{
		`{"schema":1,"match":"m-1","seq":7,"kind":"pass","actor":"p1","recorded":"2026-01-01T09:00:12Z","body":{"player":"p1"}}`,
		`{"schema":1,"match":"m-1","seq":8,"kind":"activate","actor":"p2","body":{"player":"p2","source":"o95"}}`,
		`{"schema":1,"match":"m-1","seq":9,"kind":"cast","actor":"p2","body":{"player":"p2","card":"o9","targets":["p1"]}}`,
	} {
		ev, err := ParseJSON([]byte(line))
		if err != nil {
			f.Fatal(err)
		}
		for _, v := range fastVariants(ev) {
			f.Add(v)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > MaxInputSize {
			return
		}
		compareDecoders(t, data)
	})
}
