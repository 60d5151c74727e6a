package replay_test

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

func TestOpenStoreMissing(t *testing.T) {
	dir := t.TempDir()
	_, err := replay.OpenStore(dir, replay.StoreOptions{})
	if !errors.Is(err, replay.ErrNoStore) || !strings.Contains(err.Error(), dir) {
		t.Errorf("error %v, want ErrNoStore naming %s", err, dir)
	}
}

func TestOpenStoreLocked(t *testing.T) {
	dir := t.TempDir()
	w, err := store.OpenDir(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	start := time.Now()
	_, err = replay.OpenStore(dir, replay.StoreOptions{Wait: 50 * time.Millisecond})
	if !errors.Is(err, store.ErrLocked) {
		t.Errorf("error %v, want ErrLocked", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("waited %v", d)
	}
}

func TestRejections(t *testing.T) {
	m1, _, _ := threeMatches()
	dir := t.TempDir()
	at := time.Date(2024, 5, 1, 12, 0, 5, 0, time.UTC)
	replaytest.Commit(t, dir, m1,
		&store.Rejection{Stream: "CHRONICLE", StreamSeq: 12, Subject: "chronicle.match.m1.in", Match: "m1", Seq: 11,
			Kind: "cast", Raw: []byte(`{"match":"m1"}`), Field: "body.card", Reason: "missing", Rule: "LOG-BODY", Time: at.UnixNano()},
		&store.Rejection{StreamSeq: 13, Raw: []byte{0xff, 0x00}, Reason: "not a msgpack map", Rule: "LOG-DECODE", Time: at.UnixNano()},
		&store.Rejection{StreamSeq: 14, Match: "m2", Seq: 1, Kind: "pass", Raw: []byte("x"), Reason: "the match has not started", Rule: "LOG-START"},
	)
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	all, err := src.Rejections("")
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 3 || all[0].ID != 1 || all[2].ID != 3 || !all[0].Time.Equal(at) || !all[2].Time.IsZero() {
		t.Fatalf("Rejections: %+v", all)
	}
	one, err := src.Rejections("m1")
	if err != nil || len(one) != 1 || !reflect.DeepEqual(one[0], all[0]) {
		t.Errorf("Rejections(m1) = %+v, %v", one, err)
	}
	var got []map[string]any
	b, _ := json.Marshal(all)
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got[0]["raw"] != `{"match":"m1"}` || got[0]["time"] != "2024-05-01T12:00:05Z" || got[0]["field"] != "body.card" || got[0]["stream_seq"] != 12.0 {
		t.Errorf("JSON of a UTF-8 rejection: %v", got[0])
	}
	if got[1]["raw_base64"] != "/wA=" || got[1]["raw"] != nil {
		t.Errorf("JSON of a binary rejection: %v", got[1])
	}
}

func TestSummaryJSON(t *testing.T) {
	m1, _, _ := threeMatches()
	s := replay.Summary{Match: "m1", Format: "standard", Players: []replay.Player{{"p1", "Alice"}}, Status: "open",
		Events: 10, HeadSeq: 10, Head: m1[9].Hash, Started: replaytest.Start, Parent: "m0", BranchPoint: 4, Label: "what if"}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"match":"m1","players":[{"id":"p1","name":"Alice"}],"format":"standard","events":10,"status":"open","head_seq":10,` +
		`"head_hash":"` + m1[9].Hash.String() + `","started":"2024-05-01T12:00:00Z","parent":"m0","branch_point":4,"label":"what if"}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	b, _ = json.Marshal(replay.Summary{Match: "m2"})
	if want := `{"match":"m2","players":[],"format":"","events":0,"status":"","head_seq":0}`; string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

// A store file no recorder finished creating has no buckets: it reads as
// empty, not as a crash.
func TestStoreWithoutBuckets(t *testing.T) {
	dir := t.TempDir()
	db, err := bolt.Open(filepath.Join(dir, store.FileName), 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if ms, err := src.Matches(); err != nil || len(ms) != 0 {
		t.Errorf("Matches = %v, %v", ms, err)
	}
	for _, m := range []string{"", "m1"} {
		if rs, err := src.Rejections(m); err != nil || len(rs) != 0 {
			t.Errorf("Rejections(%q) = %v, %v", m, rs, err)
		}
	}
	if rs, err := replay.VerifyAll(src); err != nil || len(rs) != 0 {
		t.Errorf("VerifyAll = %v, %v", rs, err)
	}
	if ms, err := replay.List(src, replay.Filter{Player: "Alice"}); err != nil || len(ms) != 0 {
		t.Errorf("List = %v, %v", ms, err)
	}
}
