package replay_test

import (
	"path/filepath"
	"testing"

	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// Several recorders' stores read as one: a comma-separated list of data
// directories, or a folder of them. Each match is read from its own store.
func TestSeveralStoresAsOne(t *testing.T) {
	root := t.TempDir()
	a, b := filepath.Join(root, "rec1"), filepath.Join(root, "rec2")
	replaytest.Record(t, a, fixture("bolt-race.jsonl"))
	replaytest.Record(t, b, fixture("counter-war.jsonl"))
	for _, dir := range []string{a + "," + b, root} {
		src, err := replay.OpenStore(dir, replay.StoreOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sums, err := src.Matches()
		if err != nil || len(sums) != 2 || sums[0].Match != "bolt-race" || sums[1].Match != "counter-war" {
			t.Fatalf("%s: matches %v, %v", dir, sums, err)
		}
		for _, m := range []string{"bolt-race", "counter-war"} {
			if r, err := replay.Verify(src, m); err != nil || !r.OK() {
				t.Errorf("%s: verify %s: %v %v", dir, m, r, err)
			}
			if _, err := replay.Seek(src, m, replay.At{}); err != nil {
				t.Errorf("%s: seek %s: %v", dir, m, err)
			}
		}
		rs, err := replay.VerifyDeep(src)
		if err != nil || len(rs) != 2 || !rs[0].OK() || !rs[1].OK() {
			t.Errorf("%s: deep: %v %v", dir, rs, err)
		}
		src.Close()
	}
	replaytest.Record(t, b, fixture("bolt-race.jsonl"))
	if _, err := replay.OpenStore(a+","+b, replay.StoreOptions{}); err == nil {
		t.Error("a match in two stores opened")
	}
}
