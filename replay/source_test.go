package replay_test

import (
	"bytes"
	"errors"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
)

// opener puts events into a fresh source of one kind.
type opener func(t *testing.T, evs []*events.Event) replay.Source

// sources are the Source implementations; every test in this file runs
// against each of them.
var sources = map[string]opener{
	"store": func(t *testing.T, evs []*events.Event) replay.Source {
		dir := t.TempDir()
		replaytest.Commit(t, dir, evs)
		s, err := replay.OpenStore(dir, replay.StoreOptions{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	},
	"file": func(t *testing.T, evs []*events.Event) replay.Source {
		path := filepath.Join(t.TempDir(), "log.jsonl")
		replaytest.WriteJSONL(t, path, evs)
		f, err := replay.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return f
	},
}

func forEachSource(t *testing.T, test func(t *testing.T, open opener)) {
	names := make([]string, 0, len(sources))
	for n := range sources {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Run(n, func(t *testing.T) { test(t, sources[n]) })
	}
}

// threeMatches: m1 and m3 have Alice, m1 is at FNM, m2 starts a day later.
func threeMatches() (m1, m2, m3 []*events.Event) {
	m1 = replaytest.Match(replaytest.Spec{Match: "m1", Event: "FNM", Passes: 3})
	m2 = replaytest.Match(replaytest.Spec{Match: "m2", Format: "modern", Players: [2]string{"Carol", "Dave"}, Start: replaytest.Start.Add(24 * time.Hour)})
	m3 = replaytest.Match(replaytest.Spec{Match: "m3", Players: [2]string{"Carol", "Alice"}, Passes: 1})
	return
}

func TestSourceMatches(t *testing.T) {
	forEachSource(t, func(t *testing.T, open opener) {
		m1, m2, m3 := threeMatches()
		src := open(t, replaytest.Concat(m3, m1, m2))
		got, err := src.Matches()
		if err != nil {
			t.Fatal(err)
		}
		status := ""
		if _, ok := src.(*replay.Store); ok {
			status = "open"
		}
		want := []replay.Summary{
			{Match: "m1", Format: "standard", Event: "FNM", Players: []replay.Player{{"p1", "Alice"}, {"p2", "Bob"}}, Status: status,
				Events: 10, HeadSeq: 10, Head: m1[9].Hash, Started: replaytest.Start},
			{Match: "m2", Format: "modern", Players: []replay.Player{{"p1", "Carol"}, {"p2", "Dave"}}, Status: status,
				Events: 7, HeadSeq: 7, Head: m2[6].Hash, Started: replaytest.Start.Add(24 * time.Hour)},
			{Match: "m3", Format: "standard", Players: []replay.Player{{"p1", "Carol"}, {"p2", "Alice"}}, Status: status,
				Events: 8, HeadSeq: 8, Head: m3[7].Hash, Started: replaytest.Start},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Matches:\n got %+v\nwant %+v", got, want)
		}
		one, err := src.Match("m2")
		if err != nil || !reflect.DeepEqual(one, want[1]) {
			t.Errorf("Match(m2) = %+v, %v", one, err)
		}
		if got := one.PlayerNames(); got != "Carol v Dave" {
			t.Errorf("PlayerNames = %q", got)
		}
		if _, err := src.Match("nope"); !errors.Is(err, replay.ErrUnknownMatch) {
			t.Errorf("Match(nope) error = %v, want ErrUnknownMatch", err)
		}
	})
}

func TestSourceEvents(t *testing.T) {
	forEachSource(t, func(t *testing.T, open opener) {
		m1, m2, _ := threeMatches()
		src := open(t, replaytest.Concat(m1, m2))
		var got []*events.Event
		if err := src.Events("m1", func(ev *events.Event) error {
			got = append(got, ev)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if len(got) != len(m1) {
			t.Fatalf("got %d events, want %d", len(got), len(m1))
		}
		for i := range m1 {
			if !bytes.Equal(got[i].MarshalMsgpack(), m1[i].MarshalMsgpack()) {
				t.Errorf("seq %d differs:\n got %+v\nwant %+v", i+1, got[i], m1[i])
			}
		}
		stop := errors.New("stop")
		n := 0
		err := src.Events("m1", func(*events.Event) error { n++; return stop })
		if err != stop || n != 1 {
			t.Errorf("fn's error: got %v after %d calls, want stop after 1", err, n)
		}
		if err := src.Events("nope", func(*events.Event) error { return nil }); !errors.Is(err, replay.ErrUnknownMatch) {
			t.Errorf("Events(nope) error = %v, want ErrUnknownMatch", err)
		}
	})
}

func TestList(t *testing.T) {
	forEachSource(t, func(t *testing.T, open opener) {
		m1, m2, m3 := threeMatches()
		src := open(t, replaytest.Concat(m1, m2, m3))
		for _, c := range []struct {
			f    replay.Filter
			want string
		}{
			{replay.Filter{}, "m1 m2 m3"},
			{replay.Filter{Player: "Alice"}, "m1 m3"},
			{replay.Filter{Player: "Carol"}, "m2 m3"},
			{replay.Filter{Player: "p1"}, ""}, // names, not seat ids
			{replay.Filter{Event: "FNM"}, "m1"},
			{replay.Filter{Date: "2024-05-02"}, "m2"},
			{replay.Filter{Date: "2024-05-01", Player: "Carol"}, "m3"},
			{replay.Filter{Date: "2024-05-01", Player: "Carol", Event: "FNM"}, ""},
			{replay.Filter{Player: "Zed"}, ""},
		} {
			got, err := replay.List(src, c.f)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, s := range got {
				ids = append(ids, s.Match)
			}
			if strings.Join(ids, " ") != c.want {
				t.Errorf("List(%+v) = %v, want %s", c.f, ids, c.want)
			}
		}
		if _, err := replay.List(src, replay.Filter{Date: "1 May"}); err == nil {
			t.Error("List with a bad date: no error")
		}
	})
}

func TestVerifySound(t *testing.T) {
	forEachSource(t, func(t *testing.T, open opener) {
		m1, m2, _ := threeMatches()
		src := open(t, replaytest.Concat(m1, m2))
		rs, err := replay.VerifyAll(src)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) != 2 {
			t.Fatalf("got %d results, want 2", len(rs))
		}
		r := rs[0]
		if !r.OK() || !r.Hashed || r.Events != 10 || r.HeadSeq != 10 || r.Head != m1[9].Hash || r.Unhashed != 0 {
			t.Errorf("m1: %+v", r)
		}
		want := "m1: ok, 10 events, chain verified, head " + m1[9].Hash.Short()
		if f, ok := src.(*replay.File); ok {
			want = f.Name() + ": " + want
		}
		if r.String() != want {
			t.Errorf("String:\n got %s\nwant %s", r, want)
		}
		if _, err := replay.Verify(src, "nope"); !errors.Is(err, replay.ErrUnknownMatch) {
			t.Errorf("Verify(nope) error = %v", err)
		}
	})
}

func TestExportSameFromEverySource(t *testing.T) {
	m1, m2, _ := threeMatches()
	var want bytes.Buffer
	if err := events.WriteJSONL(&want, m1); err != nil {
		t.Fatal(err)
	}
	forEachSource(t, func(t *testing.T, open opener) {
		src := open(t, replaytest.Concat(m2, m1))
		var got bytes.Buffer
		if err := replay.Export(&got, src, "m1", replay.FormatJSONL); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("export:\n got %s\nwant %s", got.String(), want.String())
		}
	})
}
