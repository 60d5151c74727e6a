package events_test

import (
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// started is a match_started body for match m1 with players p1 and p2.
func started() *events.MatchStarted {
	return &events.MatchStarted{Format: "standard", Players: []events.Player{
		{ID: "p1", Name: "Alice", Deck: []events.Ref{"Forest"}},
		{ID: "p2", Name: "Bob", Deck: []events.Ref{"Island"}},
	}}
}

// chainEvent is event seq of m1: match_started at seq 1 (or seq 0 when the
// seq is left for the link to assign), a pass of p1 otherwise.
func chainEvent(seq uint64, first bool) *events.Event {
	if first {
		return &events.Event{Match: "m1", Seq: seq, Kind: events.KindMatchStarted, Actor: events.TableActor, Body: started()}
	}
	return &events.Event{Match: "m1", Seq: seq, Kind: events.KindPass, Actor: "p1", Body: &events.Pass{Player: "p1"}}
}

// sealedChain is n events of m1, each with prev set to the previous hash and
// then sealed.
func sealedChain(n int) []*events.Event {
	var out []*events.Event
	var prev events.Hash
	for i := 1; i <= n; i++ {
		e := chainEvent(uint64(i), i == 1)
		e.Recorded = 1714564800000000000 + int64(i)
		e.Prev = prev
		e.Seal()
		prev = e.Hash
		out = append(out, e)
	}
	return out
}

// wantChainError checks that err is an *events.Error with this field and
// rule and a reason containing reason.
func wantChainError(t *testing.T, err *events.Error, field, rule, reason string) {
	t.Helper()
	if err == nil {
		t.Fatalf("accepted, want %s %s: %s", field, rule, reason)
	}
	if err.Field != field || err.Rule != rule || !strings.Contains(err.Reason, reason) {
		t.Fatalf("got field %q rule %q reason %q, want %q %q containing %q", err.Field, err.Rule, err.Reason, field, rule, reason)
	}
}

// TestLinkAssignsSeq guards seq assignment: events without a seq get 1, 2, 3
// in order, and explicit seqs that continue the log are accepted.
func TestLinkAssignsSeq(t *testing.T) {
	var l events.Link
	evs := []*events.Event{chainEvent(0, true), chainEvent(0, false), chainEvent(3, false), chainEvent(0, false)}
	for i, e := range evs {
		if err := l.Next(e); err != nil {
			t.Fatalf("event %d: %v", i, err)
		}
		if e.Seq != uint64(i+1) {
			t.Errorf("event %d: seq %d, want %d", i, e.Seq, i+1)
		}
	}
	if l.Seq != 4 {
		t.Errorf("link at seq %d, want 4", l.Seq)
	}
}

// TestLinkRefuses guards the log's ordering and chaining rules, each with its
// rule code, and that a refused event leaves the link where it was.
func TestLinkRefuses(t *testing.T) {
	chain := sealedChain(3)
	cases := []struct {
		name                string
		link                events.Link
		event               *events.Event
		field, rule, reason string
	}{
		{"gap", events.Link{Seq: 2}, chainEvent(5, false), "seq", events.RuleSeq, "gap: expected seq 3, got 5"},
		{"out_of_order", events.Link{Seq: 3}, chainEvent(2, false), "seq", events.RuleSeq, "out of order: expected seq 4, got 2"},
		{"repeated_seq", events.Link{Seq: 3}, chainEvent(3, false), "seq", events.RuleSeq, "out of order"},
		{"first_not_started", events.Link{}, chainEvent(0, false), "kind", events.RuleStart, "seq 1 must be match_started, got pass"},
		{"first_explicit_not_started", events.Link{}, chainEvent(1, false), "kind", events.RuleStart, "seq 1 must be match_started"},
		{"started_again", events.Link{Seq: 4}, chainEvent(5, true), "kind", events.RuleStart, "started at seq 1 already"},
		{"started_again_assigned", events.Link{Seq: 1}, chainEvent(0, true), "kind", events.RuleStart, "started at seq 1 already"},
		{"prev_at_seq_1", events.Link{}, func() *events.Event {
			e := chainEvent(1, true)
			e.Prev = events.Hash{9}
			return e
		}(), "prev", events.RuleChain, "seq 1 has no previous event"},
		{"prev_mismatch", events.Link{Seq: 3, Hash: chain[2].Hash}, func() *events.Event {
			e := chainEvent(4, false)
			e.Prev = chain[1].Hash
			e.Seal()
			return e
		}(), "prev", events.RuleChain, "does not match the hash of seq 3"},
		{"wrong_hash", events.Link{Seq: 1, Hash: chain[0].Hash}, func() *events.Event {
			e := *chain[1]
			e.Hash[0] ^= 1
			return &e
		}(), "hash", events.RuleChain, "does not match the content"},
		{"tampered_body", events.Link{Seq: 1, Hash: chain[0].Hash}, func() *events.Event {
			e := *chain[1]
			e.Body = &events.Pass{Player: "p2"}
			e.Actor = "p2"
			return &e
		}(), "hash", events.RuleChain, "does not match the content"},
		{"tampered_recorded", events.Link{Seq: 1, Hash: chain[0].Hash}, func() *events.Event {
			e := *chain[1]
			e.Recorded++
			return &e
		}(), "hash", events.RuleChain, "does not match the content"},
		{"hashed_without_prev", events.Link{Seq: 3, Hash: chain[2].Hash}, func() *events.Event {
			e := chainEvent(4, false)
			e.Seal()
			return e
		}(), "prev", events.RuleChain, "prev missing: a hashed event must name the hash of seq 3"},
		{"fragment_then_gap", events.Link{Seq: 40, Fragment: true}, chainEvent(42, false), "seq", events.RuleSeq, "gap: expected seq 41, got 42"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := c.link
			wantChainError(t, l.Next(c.event), c.field, c.rule, c.reason)
			if l != c.link {
				t.Errorf("refused event moved the link from %+v to %+v", c.link, l)
			}
		})
	}
}

// TestLinkErrorPlace guards that a chain error names the match and seq.
func TestLinkErrorPlace(t *testing.T) {
	l := events.Link{Seq: 2}
	err := l.Next(chainEvent(5, false))
	const want = "events: m1 seq 5: seq: gap: expected seq 3, got 5 (LOG-SEQ)"
	if err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
}

// TestLinkSealedChain guards the happy path of the hash chain: a chain built
// with Prev set to the previous Hash and then sealed passes, and the link
// ends at its last seq and hash.
func TestLinkSealedChain(t *testing.T) {
	chain := sealedChain(6)
	var l events.Link
	for _, e := range chain {
		if err := l.Next(e); err != nil {
			t.Fatalf("seq %d: %v", e.Seq, err)
		}
	}
	if l.Seq != 6 || l.Hash != chain[5].Hash {
		t.Errorf("link ended at seq %d hash %s, want 6 %s", l.Seq, l.Hash.Short(), chain[5].Hash.Short())
	}
	for i, e := range chain {
		if e.Hash != e.ComputeHash() {
			t.Errorf("seq %d: Seal left a hash that does not match ComputeHash", i+1)
		}
		if i > 0 && e.Prev != chain[i-1].Hash {
			t.Errorf("seq %d: prev is not the previous hash", i+1)
		}
	}
}

// TestLinkUnhashedNeighbours guards the partial checks: prev is checked only
// when the previous hash is known, and an unhashed event breaks nothing.
func TestLinkUnhashedNeighbours(t *testing.T) {
	l := events.Link{Seq: 3} // previous hash unknown
	e := chainEvent(4, false)
	e.Prev = events.Hash{7}
	e.Seal()
	if err := l.Next(e); err != nil {
		t.Fatalf("prev refused although the previous hash is unknown: %v", err)
	}
	next := chainEvent(0, false) // neither prev nor hash
	if err := l.Next(next); err != nil {
		t.Fatalf("unhashed event refused: %v", err)
	}
	if l.Seq != 5 || !l.Hash.IsZero() {
		t.Errorf("link at seq %d hash %q, want 5 and no hash", l.Seq, l.Hash)
	}
}

// TestLinkFragment guards continuation files: in Fragment mode the first
// event may start at seq 40 (with a prev that cannot be checked) and the
// log continues gaplessly from there.
func TestLinkFragment(t *testing.T) {
	l := events.Link{Fragment: true}
	first := chainEvent(40, false)
	first.Prev = events.Hash{1}
	first.Seal()
	if err := l.Next(first); err != nil {
		t.Fatalf("seq 40 refused in fragment mode: %v", err)
	}
	second := chainEvent(41, false)
	second.Prev = first.Hash
	second.Seal()
	if err := l.Next(second); err != nil {
		t.Fatalf("seq 41: %v", err)
	}
	third := chainEvent(0, false)
	if err := l.Next(third); err != nil || third.Seq != 42 {
		t.Errorf("unnumbered event after 41: seq %d, err %v; want 42", third.Seq, err)
	}

	strict := events.Link{}
	wantChainError(t, strict.Next(chainEvent(40, false)), "seq", events.RuleSeq, "gap: expected seq 1, got 40")
}

// TestLinkNextHashing guards the hash NextHashing is given: it stands in
// for ComputeHash, asked once for an event that carries a hash, never for
// one that does not, and its answer is what the hash is checked against.
func TestLinkNextHashing(t *testing.T) {
	chain := sealedChain(2)
	calls := 0
	hash := func(e *events.Event) events.Hash { calls++; return e.ComputeHash() }
	var l events.Link
	if err := l.NextHashing(chain[0], hash); err != nil || calls != 1 {
		t.Fatalf("a sealed event: %v, hash asked %d times", err, calls)
	}
	wrong := func(*events.Event) events.Hash { return events.Hash{1} }
	wantChainError(t, l.NextHashing(chain[1], wrong), "hash", events.RuleChain, "does not match the content")
	if err := l.NextHashing(chainEvent(0, false), hash); err != nil || calls != 1 {
		t.Fatalf("an unhashed event: %v, hash asked %d times in all", err, calls)
	}
}
