package replay_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/replay"
)

// The table-effects fixture plays Simic Initiate and Fylamarid, which the
// engine doesn't model, through the table's effects, and has one input the
// rules refuse. Read from the file (the rules run now) and from the store
// (as recorded), the same inputs are unverified and disputed; the share
// of verified inputs counts up to any seq; the log tells the table's
// effects as "(table) ..." and marks the inputs.
func TestTableEffectsVerifications(t *testing.T) {
	file := openFile(t, fixture("table-effects.jsonl"))
	st := recorded(t, fixture("table-effects.jsonl"))
	var seen [][]replay.Verification
	for _, src := range []replay.Source{file, st} {
		vs, err := replay.Verifications(src, "table-effects")
		if err != nil {
			t.Fatal(err)
		}
		var seqs []uint64
		for _, v := range vs {
			seqs = append(seqs, v.Seq)
		}
		if !slices.Equal(seqs, []uint64{4, 6, 10, 12, 14, 15}) || vs[5].Status != "disputed" || vs[5].Rule != "CR 117.3" || vs[2].Cards[0] != "Fylamarid" {
			t.Fatalf("%s: %+v", src.Name(), vs)
		}
		seen = append(seen, vs)
		sh, err := replay.ShareUpTo(src, "table-effects", 12)
		if err != nil {
			t.Fatal(err)
		}
		if sh != (replay.Share{Inputs: 12, Verified: 8, Unverified: 4}) || sh.String() != "8 of 12 inputs verified by the rules (66%): 4 unverified, 0 disputed" {
			t.Errorf("%s: share up to 12: %+v %q", src.Name(), sh, sh)
		}
	}
	if !reflect.DeepEqual(seen[0], seen[1]) {
		t.Errorf("the file's verifications differ from the store's:\n%+v\n%+v", seen[0], seen[1])
	}

	entries := map[uint64]replay.Entry{}
	if err := replay.Narrate(st, "table-effects", "", func(e replay.Entry) error { entries[e.Seq] = e; return nil }); err != nil {
		t.Fatal(err)
	}
	for seq, want := range map[uint64][]string{
		6:  {"unverified (Simic Initiate): ", "Simic Initiate (o31) resolves and enters the battlefield (now o32)", "(table) Simic Initiate (o32) gets a +1/+1 counter"},
		12: {"(table) Simic Initiate's ability goes on the stack (o35)"},
		15: {"disputed: p2 can't cast Giant Growth: p1 has priority (CR 117.3)", "(table) Forest (o29) becomes tapped", "(table) Giant Growth (o26) moves from p2's hand to the stack (now o37)"},
	} {
		e := entries[seq]
		for _, w := range want {
			if !slices.ContainsFunc(e.Lines, func(l string) bool { return strings.HasPrefix(l, w) }) {
				t.Errorf("seq %d: no line %q in %q", seq, w, e.Lines)
			}
		}
	}
	if e := entries[15]; e.Verification != "disputed" || e.Rule != "CR 117.3" {
		t.Errorf("seq 15: %+v", e)
	}
	if e := entries[3]; e.Verification != "verified" {
		t.Errorf("seq 3: %+v", e)
	}
}
