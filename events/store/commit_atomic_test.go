package store_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// TestCommitAllOrNothing guards Commit's atomicity: a batch spanning two
// matches, rejections and a cursor whose 3rd event is invalid fails and
// leaves every bucket of the file exactly as it was.
func TestCommitAllOrNothing(t *testing.T) {
	const cursor = "CHRONICLE_IN@2024-05-01T00:00:00Z"
	m1 := sealedChain(defaultSpec("m1"), 3)
	m2 := sealedChain(matchSpec{match: "m2", players: [2]string{"Carol", "Dan"}, event: "other-cup", start: day1.Add(48 * time.Hour)}, 1)
	m1seq4 := next(m1[2])

	cases := []struct {
		name   string
		third  func() *events.Event
		reason string
		is     error
	}{
		{"fails Check (no actor)", func() *events.Event { e := next(m2[0]); e.Actor = ""; e.Seal(); return e }, "actor", nil},
		{"match_started with a pass body", func() *events.Event {
			e := &events.Event{Match: "m4", Seq: 1, Kind: events.KindMatchStarted, Actor: events.TableActor, Body: &events.Pass{Player: "p1"}}
			e.Seal()
			return e
		}, "body", nil},
		{"seq gap", func() *events.Event { return next(next(m1seq4)) }, "does not follow the head", nil},
		{"seq repeated", func() *events.Event { return m1seq4 }, "does not follow the head", nil},
		{"prev is not the head hash", func() *events.Event {
			e := next(m1seq4)
			e.Prev = m1[2].Hash
			e.Seal()
			return e
		}, "prev does not match", nil},
		{"unsealed", func() *events.Event {
			e := next(m2[0])
			e.Hash = events.Hash{}
			return e
		}, "not sealed", nil},
		{"hash does not match the content", func() *events.Event {
			e := next(m2[0])
			e.Recorded++
			return e
		}, "hash", nil},
		{"unknown match without match_started", func() *events.Event {
			e := &events.Event{Match: "m3", Seq: 1, Kind: events.KindPass, Actor: "p1", Body: &events.Pass{Player: "p1"}, Recorded: day1.UnixNano()}
			e.Seal()
			return e
		}, "m3 seq 1", store.ErrNotFound},
		{"match_started of a stored match", func() *events.Event { return m1[0] }, "exists already", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := tempPath(t)
			s := openStore(t, path)
			mustCommit(t, s, &store.Batch{Stream: cursor, StreamSeq: 3, Events: m1,
				Rejections: []*store.Rejection{{Stream: cursor, StreamSeq: 2, Match: "m1", Seq: 9, Raw: []byte{1}, Reason: "early"}}})
			s.Close()
			before := dumpFile(t, path)
			s = openStore(t, path)

			bad := &store.Batch{Stream: cursor, StreamSeq: 9,
				Events: []*events.Event{m1seq4, m2[0], tc.third(), next(m2[0])},
				Rejections: []*store.Rejection{
					{Stream: cursor, StreamSeq: 7, Match: "m1", Seq: 7, Raw: []byte("x"), Reason: "r1"},
					{Stream: cursor, StreamSeq: 8, Match: "m2", Seq: 3, Raw: []byte("y"), Reason: "r2"},
				}}
			err := s.Commit(bad)
			if err == nil {
				t.Fatal("commit of an invalid batch succeeded")
			}
			if !strings.Contains(err.Error(), tc.reason) {
				t.Errorf("error %q does not say %q", err, tc.reason)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %q is not %v", err, tc.is)
			}

			// What the public API sees, then the file itself.
			if got, _ := s.LastApplied(cursor); got != 3 {
				t.Errorf("cursor %d after a failed commit, want 3", got)
			}
			if _, err := s.Meta("m2"); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("m2 meta after a failed commit: %v, want ErrNotFound", err)
			}
			if got, _ := s.MatchesByPlayer("Carol"); len(got) != 0 {
				t.Errorf("player index after a failed commit: %v", got)
			}
			if evs, rej, _ := s.Counts(); evs != 3 || rej != 1 {
				t.Errorf("counts %d events %d rejections after a failed commit, want 3 and 1", evs, rej)
			}
			s.Close()
			if after := dumpFile(t, path); !reflect.DeepEqual(before, after) {
				t.Errorf("the file changed:\nbefore %v\nafter  %v", before, after)
			}

			// The same batch made valid commits whole, with the rejection
			// ids following on from the stored ones.
			s = openStore(t, path)
			good := &store.Batch{Stream: cursor, StreamSeq: 9,
				Events: []*events.Event{m1seq4, m2[0], next(m1seq4), next(m2[0])},
				Rejections: []*store.Rejection{
					{Stream: cursor, StreamSeq: 7, Match: "m1", Seq: 7, Raw: []byte("x"), Reason: "r1"},
					{Stream: cursor, StreamSeq: 8, Match: "m2", Seq: 3, Raw: []byte("y"), Reason: "r2"},
				}}
			mustCommit(t, s, good)
			var ids []uint64
			if err := s.Rejections(func(r *store.Rejection) error { ids = append(ids, r.ID); return nil }); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(ids, []uint64{1, 2, 3}) {
				t.Errorf("rejection ids %v, want [1 2 3]", ids)
			}
			if evs, _, _ := s.Counts(); evs != 7 {
				t.Errorf("%d events after the valid commit, want 7", evs)
			}
		})
	}
}
