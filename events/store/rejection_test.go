package store_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// TestRejectionLog guards the rejection log: ids from 1 across batches,
// oldest first, lookups by match and seq, and the raw input kept byte for
// byte.
func TestRejectionLog(t *testing.T) {
	s := openStore(t, tempPath(t))
	rej := func(match string, seq uint64, raw []byte, reason string) *store.Rejection {
		return &store.Rejection{Stream: "S@1", StreamSeq: seq + 100, Subject: "chronicle.match." + match + ".in",
			Match: match, Seq: seq, Kind: "pass", Raw: raw, Field: "seq", Reason: reason, Rule: "seq", Time: day1.UnixNano()}
	}
	// Raw bytes that are not UTF-8, not msgpack, and hold zeros.
	odd := []byte{0x00, 0xc1, 0xff, 0xfe, 0x00, 'x', 0x80}
	first := []*store.Rejection{rej("m1", 2, odd, "a"), rej("m1", 3, []byte("b"), "b")}
	second := []*store.Rejection{rej("m1", 2, []byte("c"), "c"), rej("m10", 2, []byte("d"), "d"), rej("", 0, []byte{0xc1}, "undecodable")}
	want := append(append([]*store.Rejection{}, clones(first)...), clones(second)...)
	for i, r := range want {
		r.ID = uint64(i + 1)
	}
	mustCommit(t, s, &store.Batch{Rejections: first})
	mustCommit(t, s, &store.Batch{Events: sealedChain(defaultSpec("m1"), 1), Rejections: second})

	var got []*store.Rejection
	if err := s.Rejections(func(r *store.Rejection) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Rejections:\n got %s\nwant %s", describe(got), describe(want))
	}

	ids := func(match string, seq uint64) []uint64 {
		t.Helper()
		rs, err := s.RejectionsFor(match, seq)
		if err != nil {
			t.Fatal(err)
		}
		var out []uint64
		for _, r := range rs {
			if r.Match != match || (seq > 0 && r.Seq != seq) {
				t.Errorf("RejectionsFor(%q, %d) gave %+v", match, seq, r)
			}
			if !reflect.DeepEqual(r, want[r.ID-1]) {
				t.Errorf("RejectionsFor(%q, %d): id %d differs from the log", match, seq, r.ID)
			}
			out = append(out, r.ID)
		}
		return out
	}
	for _, c := range []struct {
		match string
		seq   uint64
		want  []uint64
	}{
		{"m1", 2, []uint64{1, 3}},
		{"m1", 3, []uint64{2}},
		{"m1", 0, []uint64{1, 3, 2}}, // by seq, then id
		{"m1", 4, nil},
		{"m10", 0, []uint64{4}},
		{"m", 0, nil},
		{"m9", 0, nil},
	} {
		if got := ids(c.match, c.seq); !reflect.DeepEqual(got, c.want) {
			t.Errorf("RejectionsFor(%q, %d) ids %v, want %v", c.match, c.seq, got, c.want)
		}
	}
}

func clones(rs []*store.Rejection) []*store.Rejection {
	out := make([]*store.Rejection, len(rs))
	for i, r := range rs {
		c := *r
		c.Raw = append([]byte(nil), r.Raw...)
		out[i] = &c
	}
	return out
}

func describe(rs []*store.Rejection) string {
	s := ""
	for _, r := range rs {
		s += "\n  " + fmtRejection(r)
	}
	return s
}

func fmtRejection(r *store.Rejection) string {
	return fmt.Sprintf("%d %s/%d %q %q seq %d raw %x %q", r.ID, r.Stream, r.StreamSeq, r.Subject, r.Match, r.Seq, r.Raw, r.Reason)
}
