package recorder

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/bus"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
)

// A game with cards the engine doesn't model is recorded through the
// table's effects, end to end: published on a real embedded NATS server,
// validated, stored in a real bbolt file with what the rules could say of
// each input (the verdicts say it too), folded back from the stored
// effects to the state the rules derive, and audited, its unverified and
// disputed inputs listed. A form error and a refusal without table
// effects go to the rejection log, as always.
func TestTableEffectsRecorded(t *testing.T) {
	h := newRulesHarness(t)
	w := h.watch("table-effects")
	evs := fixtureInputs(t, "table-effects.jsonl")
	outs, err := h.publisher().PublishMatch(context.Background(), "table-effects", evs)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if o.Status != bus.StatusStored {
			t.Fatalf("seq %d: %+v", o.Seq, o)
		}
	}
	got := map[uint64]bus.Verdict{}
	for _, v := range w.wait(t, len(evs)) {
		got[v.Seq] = v
	}
	wantStatus := map[uint64]string{4: bus.Unverified, 6: bus.Unverified, 10: bus.Unverified, 12: bus.Unverified, 14: bus.Unverified, 15: bus.Disputed}
	for seq := uint64(1); seq <= uint64(len(evs)); seq++ {
		want := wantStatus[seq]
		if want == "" {
			want = bus.Verified
		}
		if v := got[seq]; v.Verification != want {
			t.Errorf("seq %d: verification %q, want %q: %+v", seq, v.Verification, want, v)
		}
	}
	if v := got[10]; len(v.Cards) != 1 || v.Cards[0] != "Fylamarid" || v.VerificationRule != reducer.RuleTableUnverified {
		t.Errorf("seq 10 names the unmodelled card: %+v", v)
	}
	if v := got[15]; v.VerificationRule != "CR 117.3" || !strings.Contains(v.VerificationReason, "p1 has priority") {
		t.Errorf("seq 15 names the rule that refused it: %+v", v)
	}

	// Stored with the match, and read back as the verdicts said.
	vs, err := h.store.Verifications("table-effects")
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != len(wantStatus) {
		t.Fatalf("stored verifications %+v, want %d", vs, len(wantStatus))
	}
	for _, v := range vs {
		if v.Status != wantStatus[v.Seq] {
			t.Errorf("stored seq %d: %s, want %s", v.Seq, v.Status, wantStatus[v.Seq])
		}
	}
	if v := vs[len(vs)-1]; len(v.Table) != 4 || v.Table[2].Op != events.EffMove {
		t.Errorf("the dispute keeps the table's version: %+v", v.Table)
	}

	// The stored effects fold to the states the rules derive, input by
	// input.
	src := replay.StoreOn(h.store)
	rules := reducer.New(nil)
	stored := h.storedEvents("table-effects")
	err = replay.Fold(src, "table-effects", func(g *reducer.Game, seq uint64) error {
		if _, err := rules.Submit(stored[seq-1]); err != nil {
			return err
		}
		if g.S.Digest() != rules.S.Digest() {
			return errors.New("the folded state differs from the rules'")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	// The audit lists what the rules could not verify.
	rep, err := replay.Audit(src, "table-effects")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, f := range rep.Findings {
		kinds[f.Kind]++
	}
	if kinds[replay.FindingUnverified] != 5 || kinds[replay.FindingDisputed] != 1 || len(rep.Findings) != 6 {
		t.Errorf("audit findings %+v", rep.Findings)
	}
	if rep.Share != (replay.Share{Inputs: 18, Verified: 12, Unverified: 5, Disputed: 1}) {
		t.Errorf("audit share %+v", rep.Share)
	}
}

// A refused input without table effects is rejected as always; with
// malformed table effects it is rejected under TABLE-FORM naming the
// field; with sound ones it is stored disputed, the table's version
// applied, and the match goes on from it. A modelled input whose table
// effects the rules don't derive is stored disputed under TABLE-DISPUTE.
func TestTableEffectsDisputed(t *testing.T) {
	h := newRulesHarness(t)
	w := h.watch("m")
	lines := []string{
		`{"match":"m","kind":"match_started","actor":"table","body":{"format":"modern","first_player":"p1","players":[{"id":"p1","name":"Alice","deck":["Mountain","Mountain","Shock"]},{"id":"p2","name":"Bob","deck":["Forest","Forest","Giant Growth"]}]}}`,
		`{"match":"m","kind":"setup","actor":"table","body":{"turn":3,"step":"main1","active_player":"p1","players":[{"id":"p1","life":20,"library":["Mountain"],"hand":["Shock"],"battlefield":[{"card":"Mountain"}]},{"id":"p2","life":20,"library":["Forest"],"hand":["Giant Growth"],"battlefield":[{"card":"Forest"}]}]}}`,
		// p2 casts while p1 has priority: refused (CR 117.3).
		`{"match":"m","seq":3,"kind":"cast","actor":"p2","body":{"player":"p2","card":"Giant Growth"}}`,
		// The same with an effect naming an object that doesn't exist.
		`{"match":"m","seq":3,"kind":"cast","actor":"p2","body":{"player":"p2","card":"Giant Growth"},"effects":[{"op":"move","object":"o99","from":"hand","to":"stack"}]}`,
		// With sound effects: stored, disputed.
		`{"match":"m","seq":3,"kind":"cast","actor":"p2","body":{"player":"p2","card":"Giant Growth"},"effects":[{"op":"move","object":"Giant Growth","from":"hand","to":"stack"}]}`,
		`{"match":"m","seq":4,"kind":"pass","actor":"p2","body":{"player":"p2"}}`,
		`{"match":"m","seq":5,"kind":"pass","actor":"p1","body":{"player":"p1"}}`,
		// Shock deals 2; the table says 3.
		`{"match":"m","seq":6,"kind":"activate","actor":"p1","body":{"player":"p1","source":"Mountain"}}`,
		`{"match":"m","seq":7,"kind":"cast","actor":"p1","body":{"player":"p1","card":"Shock","targets":["p2"]}}`,
		`{"match":"m","seq":8,"kind":"pass","actor":"p1","body":{"player":"p1"}}`,
		`{"match":"m","seq":9,"kind":"pass","actor":"p2","body":{"player":"p2"},"effects":[{"op":"damage","source":"Shock","target":"p2","n":3},{"op":"move","object":"Shock","from":"stack","to":"graveyard"}]}`,
	}
	for _, l := range lines {
		h.publishRaw("m", []byte(l))
	}
	vs := w.wait(t, len(lines))
	want := []struct{ status, verification, rule string }{
		{"stored", "verified", ""},
		{"stored", "verified", ""},
		{"rejected", "", "CR 117.3"},
		{"rejected", "", events.RuleTableForm},
		{"stored", "disputed", "CR 117.3"},
		{"stored", "verified", ""},
		{"stored", "verified", ""},
		{"stored", "verified", ""},
		{"stored", "verified", ""},
		{"stored", "verified", ""},
		{"stored", "disputed", reducer.RuleTableDispute},
	}
	for i, v := range vs {
		rule := v.Rule
		if v.Status == bus.StatusStored {
			rule = v.VerificationRule
		}
		if v.Status != want[i].status || v.Verification != want[i].verification || rule != want[i].rule {
			t.Errorf("input %d: %+v, want %+v", i+1, v, want[i])
		}
	}
	if v := vs[3]; v.Field != "effects[0].object" || !strings.Contains(v.Reason, "no object o99") {
		t.Errorf("the form error names the field and the reason: %+v", v)
	}
	rejs := h.rejections()
	if len(rejs) != 2 || rejs[1].Rule != events.RuleTableForm || rejs[1].Field != "effects[0].object" {
		t.Fatalf("rejection log: %+v", rejs)
	}
	// The table's version stands: p2 at 17 though Shock deals 2.
	pos, err := replay.Seek(replay.StoreOn(h.store), "m", replay.At{})
	if err != nil {
		t.Fatal(err)
	}
	if life := pos.Game.S.Players[1].Life; life != 17 {
		t.Errorf("p2's life %d, the table said 17", life)
	}
	stored, err := h.store.Verifications("m")
	if err != nil || len(stored) != 2 || len(stored[1].Engine) == 0 || len(stored[1].Table) != 2 {
		t.Errorf("the dispute keeps both versions: %+v, %v", stored, err)
	}
}
