package replay_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// derivedOf reads what the store keeps beside match's inputs: effects by
// seq, digests, and the seqs with a snapshot.
func derivedOf(t *testing.T, dir, match string) (map[uint64]string, []store.Digest, []uint64) {
	t.Helper()
	st, err := store.OpenDir(dir, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	effs := map[uint64]string{}
	if err := st.Effects(match, func(seq uint64, b []byte) error { effs[seq] = string(b); return nil }); err != nil {
		t.Fatal(err)
	}
	dg, err := st.Digests(match)
	if err != nil {
		t.Fatal(err)
	}
	snaps, err := st.Snapshots(match)
	if err != nil {
		t.Fatal(err)
	}
	return effs, dg, snaps
}

// A branch that replays the rest of green-red from seq 1 stores what the
// recorder stored for it: the same effects, digests and snapshots.
func TestAppendDerivesLikeTheRecorder(t *testing.T) {
	dir := t.TempDir()
	replaytest.Record(t, dir, matchFixture("green-red.jsonl"))
	raw, err := os.ReadFile(matchFixture("green-red.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	rest := strings.SplitAfterN(string(raw), "\n", 2)[1]
	rest = strings.ReplaceAll(rest, `"match":"green-red"`, `"match":"again"`)

	s, err := replay.OpenStoreForWriting(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := replay.Branch(s, "green-red", 1, "again", ""); err != nil {
		t.Fatal(err)
	}
	now := func() time.Time { return replaytest.Start }
	res, err := replay.Append(s, "again", strings.NewReader(rest), "rest.jsonl", replay.AppendOptions{Now: now})
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	if res.From != 2 || res.To != 231 || res.Status != store.StatusFinished {
		t.Errorf("appended %+v", res)
	}
	e1, d1, s1 := derivedOf(t, dir, "green-red")
	e2, d2, s2 := derivedOf(t, dir, "again")
	if !reflect.DeepEqual(e1, e2) {
		t.Error("the branch's effects differ from the recorder's")
	}
	if !reflect.DeepEqual(d1, d2) {
		t.Errorf("digests differ:\n%+v\n%+v", d1, d2)
	}
	if !reflect.DeepEqual(s1, s2) || len(s1) == 0 {
		t.Errorf("snapshots at %v, the recorder's at %v", s2, s1)
	}
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	a, _ := replay.Seek(src, "green-red", replay.At{})
	b, _ := replay.Seek(src, "again", replay.At{})
	if x, y := normal(t, a.View("judge")), normal(t, b.View("judge")); strings.Replace(x, `"again"`, `"green-red"`, 1) != strings.Replace(y, `"again"`, `"green-red"`, 1) {
		t.Errorf("the branch ends elsewhere:\n%s\n%s", x, y)
	}
}

// Append's errors: each kind is told apart, and nothing is stored.
func TestAppendErrors(t *testing.T) {
	dir := t.TempDir()
	replaytest.Record(t, dir, matchFixture("bolt-race.jsonl"))
	s, err := replay.OpenStoreForWriting(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := replay.Branch(s, "bolt-race", 2, "b", "what if"); err != nil {
		t.Fatal(err)
	}
	pass := func(p string) string {
		return `{"match":"b","kind":"pass","actor":"` + p + `","body":{"player":"` + p + `"}}` + "\n"
	}
	var refused *replay.RefusedError
	for _, c := range []struct {
		match, in string
		is        func(error) bool
	}{
		{"m9", pass("p1"), func(err error) bool { return errors.Is(err, replay.ErrUnknownMatch) }},
		{"bolt-race", pass("p1"), func(err error) bool { return errors.Is(err, store.ErrMainLine) }},
		{"b", "not json\n", func(err error) bool { return errors.Is(err, replay.ErrNotLog) }},
		{"b", pass("p1") + pass("p1"), func(err error) bool {
			return errors.As(err, &refused) && refused.Seq == 4 && refused.Rule == "CR 117.3"
		}},
	} {
		if _, err := replay.Append(s, c.match, strings.NewReader(c.in), "in.jsonl", replay.AppendOptions{}); !c.is(err) {
			t.Errorf("append to %s of %q: %v", c.match, c.in, err)
		}
	}
	if sum, _ := s.Match("b"); sum.HeadSeq != 2 || sum.Events != 2 {
		t.Errorf("refused appends stored something: %+v", sum)
	}
	for _, c := range []struct {
		parent string
		at     uint64
		name   string
		is     error
	}{
		{"m9", 1, "x", replay.ErrUnknownMatch},
		{"bolt-race", 13, "x", replay.ErrNotReached},
		{"bolt-race", 1, "b", replay.ErrNameTaken},
	} {
		if _, err := replay.Branch(s, c.parent, c.at, c.name, ""); !errors.Is(err, c.is) {
			t.Errorf("branch %s at %d as %s: %v, want %v", c.parent, c.at, c.name, err, c.is)
		}
	}
}

// Tree nests branches under their parents, by branch point; a branch whose
// parent is not listed is a root.
func TestTree(t *testing.T) {
	ms := []replay.Summary{
		{Match: "a"}, {Match: "b2", Parent: "a", BranchPoint: 9}, {Match: "b1", Parent: "a", BranchPoint: 3},
		{Match: "c", Parent: "b1", BranchPoint: 5}, {Match: "orphan", Parent: "gone", BranchPoint: 2}, {Match: "z"},
	}
	var got []string
	for _, r := range replay.Tree(ms) {
		r.Walk(func(n *replay.Node) { got = append(got, strings.Repeat(" ", n.Depth)+n.Match) })
	}
	if want := []string{"a", " b1", "  c", " b2", "orphan", "z"}; !reflect.DeepEqual(got, want) {
		t.Errorf("tree %q, want %q", got, want)
	}
	b, err := json.Marshal(replay.Tree(ms[:2]))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"match":"a",`)) || !bytes.Contains(b, []byte(`"branches":[{"match":"b2",`)) || !bytes.HasSuffix(b, []byte(`"branches":[]}]}]`)) {
		t.Errorf("json %s", b)
	}
}
