package replay_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// TestAuditEachInOrder: audited on several goroutines, the reports come
// back in the order asked, each the same as a lone Audit gives, a finding
// included.
func TestAuditEachInOrder(t *testing.T) {
	dir := t.TempDir()
	names := []string{"bolt-race", "counter-war", "best-of-three", "green-red", "discover", "evolve", "populate"}
	for _, n := range names {
		replaytest.Record(t, dir, fixture(n+".jsonl"))
	}
	// A stored digest that today's rules don't reach: a finding to carry.
	replaytest.PutRaw(t, dir, "green-red", "effects", 3, []byte{0x90})
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	asked := append([]string{names[len(names)-1]}, names[:len(names)-1]...)
	for _, workers := range []int{1, 2, 3, 16} {
		var got []replay.Report
		err := replay.AuditEach(src, asked, workers, func(r replay.Report) error {
			got = append(got, r)
			return nil
		})
		if err != nil {
			t.Fatalf("%d workers: %v", workers, err)
		}
		if len(got) != len(asked) {
			t.Fatalf("%d workers: %d reports, want %d", workers, len(got), len(asked))
		}
		found := false
		for i, m := range asked {
			want, err := replay.Audit(src, m)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got[i], want) {
				t.Fatalf("%d workers: report %d is of %s (%d findings), want %s (%d findings)",
					workers, i, got[i].Match, len(got[i].Findings), m, len(want.Findings))
			}
			found = found || len(want.Findings) > 0
		}
		if !found {
			t.Fatal("the damaged effects gave no finding: the comparison shows nothing")
		}
	}
}

// TestAuditEachStops: an unknown match or fn's error ends the run with
// that error, reports before it handed over in order.
func TestAuditEachStops(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"bolt-race", "counter-war"} {
		replaytest.Record(t, dir, fixture(n+".jsonl"))
	}
	src, err := replay.OpenStore(dir, replay.StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	var seen []string
	err = replay.AuditEach(src, []string{"bolt-race", "nope", "counter-war"}, 2, func(r replay.Report) error {
		seen = append(seen, r.Match)
		return nil
	})
	if !errors.Is(err, replay.ErrUnknownMatch) || !reflect.DeepEqual(seen, []string{"bolt-race"}) {
		t.Fatalf("err %v, seen %v; want unknown match after bolt-race", err, seen)
	}
	enough := errors.New("enough")
	seen = nil
	err = replay.AuditEach(src, []string{"bolt-race", "counter-war", "bolt-race", "counter-war"}, 2, func(r replay.Report) error {
		seen = append(seen, r.Match)
		return enough
	})
	if err != enough || len(seen) != 1 {
		t.Fatalf("err %v after %v; want %v after one report", err, seen, enough)
	}
}
