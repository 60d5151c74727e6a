package store_test

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// passIn is the sealed pass that follows prev in match: the first input of a
// branch chains onto its parent's event at the branch point.
func passIn(match string, prev *events.Event) *events.Event {
	e := next(prev)
	e.Match = match
	e.Seal()
	return e
}

// seqsOf reads match's whole log back as "owner-seq" for each event, where
// owner is the match the event was stored for.
func seqsOf(t *testing.T, s *store.Store, match string) []string {
	t.Helper()
	var out []string
	if err := s.Events(match, 1, func(ev *events.Event) error {
		out = append(out, ev.Match+"-"+itoa(ev.Seq))
		return nil
	}); err != nil {
		t.Fatalf("events of %s: %v", match, err)
	}
	return out
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }

// A branch shares its parent's prefix: reading it gives the parent's events
// up to the branch point, then its own; branches of branches nest.
func TestBranchSharesPrefix(t *testing.T) {
	s := openStore(t, tempPath(t))
	m1 := sealedChain(defaultSpec("m1"), 5)
	mustCommit(t, s, &store.Batch{Events: m1, Derived: []*store.Derived{
		{Match: "m1", Seq: 2, Effects: []byte("e2"), Turn: 1, Digest: []byte("d2")},
		{Match: "m1", Seq: 4, Effects: []byte("e4")},
	}})

	meta, err := s.CreateBranch("m1", 3, "b1", "what if p1 held")
	if err != nil {
		t.Fatal(err)
	}
	want := &store.Meta{
		Match: "b1", Format: "standard", Event: "test-cup", Status: store.StatusOpen,
		Players: []store.PlayerMeta{{ID: "p1", Name: "Alice"}, {ID: "p2", Name: "Bob"}},
		Events:  3, HeadSeq: 3, HeadHash: m1[2].Hash[:], Started: m1[0].Recorded, Updated: m1[2].Recorded,
		Parent: "m1", BranchPoint: 3, Label: "what if p1 held",
	}
	if got, _ := s.Meta("b1"); !reflect.DeepEqual(got, want) || !reflect.DeepEqual(meta, want) {
		t.Fatalf("branch meta\n got %+v\nwant %+v", got, want)
	}
	if got := seqsOf(t, s, "b1"); strings.Join(got, " ") != "m1-1 m1-2 m1-3" {
		t.Errorf("fresh branch reads %v", got)
	}

	b4 := passIn("b1", m1[2])
	b5 := next(b4)
	if err := s.AppendBranch("b1", []*events.Event{b4, b5}, []*store.Derived{{Match: "b1", Seq: 5, Effects: []byte("e5"), Turn: 2, Digest: []byte("d5")}}); err != nil {
		t.Fatal(err)
	}
	if got := seqsOf(t, s, "b1"); strings.Join(got, " ") != "m1-1 m1-2 m1-3 b1-4 b1-5" {
		t.Errorf("branch reads %v", got)
	}
	if got := seqsOf(t, s, "m1"); len(got) != 5 || got[3] != "m1-4" {
		t.Errorf("the parent changed: %v", got)
	}
	if got, _ := s.Meta("b1"); got.Events != 5 || got.HeadSeq != 5 || got.Head() != b5.Hash || got.Updated != b5.Recorded {
		t.Errorf("meta after append %+v", got)
	}

	// Effects and digests follow the same lineage: m1's up to seq 3 only.
	effs := map[uint64]string{}
	if err := s.Effects("b1", func(seq uint64, b []byte) error { effs[seq] = string(b); return nil }); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(effs, map[uint64]string{2: "e2", 5: "e5"}) {
		t.Errorf("effects %v", effs)
	}
	dg, err := s.Digests("b1")
	if err != nil || len(dg) != 2 || dg[0].Seq != 2 || dg[1].Seq != 5 {
		t.Errorf("digests %+v, %v", dg, err)
	}

	// Single events and raw bytes.
	if ev, err := s.Event("b1", 2); err != nil || ev.Hash != m1[1].Hash {
		t.Errorf("Event(b1, 2) = %v, %v: want m1's seq 2", ev, err)
	}
	if ev, err := s.Event("b1", 4); err != nil || ev.Hash != b4.Hash {
		t.Errorf("Event(b1, 4) = %v, %v: want the branch's own", ev, err)
	}
	if _, err := s.Event("b1", 6); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Event(b1, 6): %v, want ErrNotFound", err)
	}
	var raw []uint64
	if err := s.RawEvents("b1", func(seq uint64, b []byte) error {
		if ev, err := events.DecodeMsgpack(b); err != nil || ev.Seq != seq {
			t.Errorf("raw seq %d: %v", seq, err)
		}
		raw = append(raw, seq)
		return nil
	}); err != nil || !reflect.DeepEqual(raw, []uint64{1, 2, 3, 4, 5}) {
		t.Errorf("raw seqs %v, %v", raw, err)
	}

	// A branch of the branch, at a seq the branch shares with m1.
	if _, err := s.CreateBranch("b1", 4, "b2", ""); err != nil {
		t.Fatal(err)
	}
	c5 := passIn("b2", b4)
	if err := s.AppendBranch("b2", []*events.Event{c5}, nil); err != nil {
		t.Fatal(err)
	}
	if got := seqsOf(t, s, "b2"); strings.Join(got, " ") != "m1-1 m1-2 m1-3 b1-4 b2-5" {
		t.Errorf("branch of a branch reads %v", got)
	}
	if got, _ := s.Meta("b2"); got.Parent != "b1" || got.BranchPoint != 4 || got.Events != 5 {
		t.Errorf("b2 meta %+v", got)
	}

	// Counts counts stored events once: m1 5, b1 2, b2 1.
	if n, _, err := s.Counts(); err != nil || n != 8 {
		t.Errorf("Counts = %d, %v; want 8", n, err)
	}
	// Branches are indexed like their parent.
	if ids, _ := s.MatchesByPlayer("Alice"); !reflect.DeepEqual(ids, []string{"b1", "b2", "m1"}) {
		t.Errorf("matches of Alice: %v", ids)
	}
}

// Branching at the last event of a finished match gives a finished branch.
func TestBranchAtTheEnd(t *testing.T) {
	s := openStore(t, tempPath(t))
	m1 := sealedChain(defaultSpec("m1"), 3)
	mustCommit(t, s, &store.Batch{Events: m1, Derived: []*store.Derived{{Match: "m1", Seq: 3, Status: store.StatusFinished}}})
	for at, want := range map[uint64]string{2: store.StatusOpen, 3: store.StatusFinished} {
		name := "at" + itoa(at)
		m, err := s.CreateBranch("m1", at, name, "")
		if err != nil || m.Status != want {
			t.Errorf("branch at %d: %+v, %v; want status %s", at, m, err, want)
		}
	}
}

// Failed branches and appends store nothing: the file is the same, byte for
// byte.
func TestBranchErrors(t *testing.T) {
	path := tempPath(t)
	s := openStore(t, path)
	m1 := sealedChain(defaultSpec("m1"), 4)
	mustCommit(t, s, &store.Batch{Events: m1})
	if _, err := s.CreateBranch("m1", 2, "b1", ""); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	good := passIn("b1", m1[1])
	badPrev := passIn("b1", m1[2]) // chains onto m1's seq 3, not the branch's head
	for _, c := range []struct {
		name string
		do   func() error
		is   error
		msg  string
	}{
		{"unknown parent", func() error { _, err := s.CreateBranch("m9", 1, "x", ""); return err }, store.ErrNotFound, "parent m9"},
		{"past the end", func() error { _, err := s.CreateBranch("m1", 5, "x", ""); return err }, store.ErrPastEnd, "its last event is seq 4"},
		{"seq 0", func() error { _, err := s.CreateBranch("m1", 0, "x", ""); return err }, nil, "from 1"},
		{"name taken by a match", func() error { _, err := s.CreateBranch("m1", 1, "m1", ""); return err }, store.ErrExists, "m1 exists already"},
		{"name taken by a branch", func() error { _, err := s.CreateBranch("m1", 1, "b1", ""); return err }, store.ErrExists, "b1 exists already"},
		{"bad name", func() error { _, err := s.CreateBranch("m1", 1, "what if", ""); return err }, nil, "not a valid match id"},
		{"bad label", func() error { _, err := s.CreateBranch("m1", 1, "x", "a\nb"); return err }, nil, "control characters"},
		{"main line", func() error { return s.AppendBranch("m1", []*events.Event{next(m1[3])}, nil) }, store.ErrMainLine,
			"m1 is a recorded main line: it never changes; branch it first"},
		{"main line, nothing to add", func() error { return s.AppendBranch("m1", nil, nil) }, store.ErrMainLine, "branch it first"},
		{"unknown branch", func() error { return s.AppendBranch("b9", []*events.Event{good}, nil) }, store.ErrNotFound, "b9"},
		{"wrong prev", func() error { return s.AppendBranch("b1", []*events.Event{badPrev}, nil) }, nil, "does not follow the head"},
		{"second event bad", func() error {
			return s.AppendBranch("b1", []*events.Event{good, passIn("b1", m1[3])}, nil)
		}, nil, "seq 5"},
		{"other match", func() error { return s.AppendBranch("b1", []*events.Event{passIn("m2", m1[1])}, nil) }, nil, "names match m2"},
		{"effects of nothing", func() error {
			return s.AppendBranch("b1", []*events.Event{good}, []*store.Derived{{Match: "b1", Seq: 9, Effects: []byte("x")}})
		}, nil, "no event at that seq"},
	} {
		err := c.do()
		if err == nil || (c.is != nil && !errors.Is(err, c.is)) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: error %v, want %v with %q", c.name, err, c.is, c.msg)
		}
	}
	s.Close()
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("failed branches and appends changed the store file")
	}
}

// Opening a complete store for writing and closing it writes nothing.
func TestOpenWritableWritesNothing(t *testing.T) {
	path := tempPath(t)
	s := openStore(t, path)
	mustCommit(t, s, &store.Batch{Events: sealedChain(defaultSpec("m1"), 2)})
	s.Close()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s2, err := store.Open(path, store.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	s2.Close()
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Error("opening the store for writing changed the file")
	}
}
