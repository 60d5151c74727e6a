package reducer

import (
	"slices"
	"testing"
)

// MANA-7 and CR 702.80 cards: Leech Bonder's ability, with counters of two
// kinds on the first target, asks its controller which kind to move (the
// question is listed by LegalActions), then moves one of that kind.
func TestMANA7LeechBonderChoosesCounterKind(t *testing.T) {
	g := legalGame(t,
		`{"kind":"setup","body":{"turn":3,"step":"main1","active_player":"p1","players":[
		{"id":"p1","life":20,"library":["Island"],"battlefield":[{"card":"Leech Bonder","tapped":true},{"card":"Island"}]},
		{"id":"p2","life":20,"library":["Island"],"battlefield":[{"card":"Grizzly Bears","counters":{"-1/-1":1,"charge":2}},{"card":"Hill Giant"}]}]}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Island"}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Leech Bonder","targets":["Grizzly Bears","Hill Giant"]}}`,
		`{"kind":"pass","body":{"player":"p1"}}`,
		`{"kind":"pass","body":{"player":"p2"}}`,
	)
	if q := g.S.Pending; !slices.Equal(q.Options, []string{"-1/-1", "charge"}) {
		t.Fatalf("pending %+v, want a choice of -1/-1 or charge", q)
	}
	if n := len(g.LegalActions()); n != 2 {
		t.Errorf("LegalActions lists %d answers, want 2", n)
	}
	submitJSON(t, g, `{"kind":"choose","body":{"player":"p1","answer":["charge"]}}`)
	var bears, giant *Object
	for _, id := range g.S.Battlefield {
		switch o := g.S.Objects[id]; o.Name() {
		case "Grizzly Bears":
			bears = o
		case "Hill Giant":
			giant = o
		}
	}
	if bears.counter("charge") != 1 || giant.counter("charge") != 1 || bears.counter("-1/-1") != 1 {
		t.Errorf("after the move: Bears %v, Hill Giant %v", bears.Counters, giant.Counters)
	}
}
