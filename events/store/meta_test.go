package store_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events/store"
)

// TestMetaFollowsCommits guards a match's meta: head seq and hash, event
// count, players, format, event and times, rewritten by every commit that
// touches the match and left alone by commits that don't.
func TestMetaFollowsCommits(t *testing.T) {
	s := openStore(t, tempPath(t))
	m1 := sealedChain(defaultSpec("m1"), 5)
	m2 := sealedChain(matchSpec{match: "m2", players: [2]string{"Carol", "Alice"}, event: "", start: day1.Add(time.Hour)}, 2)
	mustCommit(t, s, &store.Batch{Events: append(m1[:3:3], m2...)})
	mustCommit(t, s, &store.Batch{Events: m1[3:]})

	got, err := s.Meta("m1")
	if err != nil {
		t.Fatal(err)
	}
	want := &store.Meta{
		Match: "m1", Format: "standard", Event: "test-cup", Status: store.StatusOpen,
		Players:  []store.PlayerMeta{{ID: "p1", Name: "Alice"}, {ID: "p2", Name: "Bob"}},
		Events:   5,
		HeadSeq:  5,
		HeadHash: m1[4].Hash[:],
		Started:  m1[0].Recorded,
		Updated:  m1[4].Recorded,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("m1 meta\n got %+v\nwant %+v", got, want)
	}
	if got.Head() != m1[4].Hash {
		t.Errorf("Head() %s, want %s", got.Head().Short(), m1[4].Hash.Short())
	}
	if !got.HasPlayer("p2") || got.HasPlayer("Bob") {
		t.Errorf("HasPlayer goes by id: p2 %v, Bob %v", got.HasPlayer("p2"), got.HasPlayer("Bob"))
	}

	g2, err := s.Meta("m2")
	if err != nil {
		t.Fatal(err)
	}
	if g2.HeadSeq != 2 || g2.Events != 2 || g2.Head() != m2[1].Hash || g2.Event != "" || g2.Started != m2[0].Recorded {
		t.Errorf("m2 meta %+v", g2)
	}

	all, err := s.Matches()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 || all[0].Match != "m1" || all[1].Match != "m2" {
		t.Errorf("Matches() = %+v, want m1 then m2", all)
	}
	if _, err := s.Meta("m9"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("meta of an unknown match: %v, want ErrNotFound", err)
	}
}
