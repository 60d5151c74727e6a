package store_test

import (
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
)

// What the rules said of the inputs they could not verify is stored beside
// them, sealed, read back in seq order (one seq at a time too), shared by a
// branch with its parent up to the branch point, and held by Check to the
// match's own inputs; a verified input has none, and a store without the
// bucket reads as all verified.
func TestVerifications(t *testing.T) {
	s := openStore(t, tempPath(t))
	evs := sealedChain(defaultSpec("m1"), 6)
	d := derivedFor(evs, nil)
	d[2].Verification = &store.Verification{Status: "unverified", Cards: []string{"Fylamarid"}, Rule: "TABLE-UNVERIFIED", Reason: "the table's effects stand for Fylamarid"}
	d[4].Verification = &store.Verification{Status: "disputed", Rule: "TABLE-DISPUTE", Reason: "p2: life 18 for the rules, 17 for the table",
		Table:  []events.TableEffect{{Op: events.EffDamage, Source: "c3", Target: "p2", N: 3}},
		Engine: []events.TableEffect{{Op: events.EffDamage, Source: "c3", Target: "p2", N: 2}}}
	mustCommit(t, s, &store.Batch{Events: evs, Derived: d})

	vs, err := s.Verifications("m1")
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 2 || vs[0].Seq != 3 || vs[0].Status != "unverified" || vs[0].Cards[0] != "Fylamarid" ||
		vs[1].Seq != 5 || vs[1].Table[0].N != 3 || vs[1].Engine[0].N != 2 {
		t.Fatalf("verifications %+v", vs)
	}
	if v, err := s.VerificationAt("m1", 5); err != nil || v == nil || v.Rule != "TABLE-DISPUTE" {
		t.Errorf("at seq 5: %+v, %v", v, err)
	}
	if v, err := s.VerificationAt("m1", 4); err != nil || v != nil {
		t.Errorf("a verified input has none: %+v, %v", v, err)
	}
	if n, err := s.Checked("m1"); err != nil || n != 6 {
		t.Errorf("checked %d, %v", n, err)
	}
	if probs, err := s.Check(); err != nil || len(probs) != 0 {
		t.Errorf("check: %v, %v", probs, err)
	}

	if _, err := s.CreateBranch("m1", 4, "b1", ""); err != nil {
		t.Fatal(err)
	}
	if vs, err := s.Verifications("b1"); err != nil || len(vs) != 1 || vs[0].Seq != 3 {
		t.Errorf("the branch shares its parent's up to the branch point: %+v, %v", vs, err)
	}

	other := sealedChain(defaultSpec("m2"), 2)
	mustCommit(t, s, &store.Batch{Events: other, Derived: derivedFor(other, nil)})
	if vs, err := s.Verifications("m2"); err != nil || len(vs) != 0 {
		t.Errorf("a match without the bucket: %+v, %v", vs, err)
	}
}
