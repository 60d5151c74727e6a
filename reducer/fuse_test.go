package reducer

import (
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
)

// CR 702.102c: a fused split spell's mana value on the stack is the total
// of both halves ({1}{R} + {W} = 3), and LegalActions offers the fused
// cast (face = the whole card) with Wear's target then Tear's.
func TestCR702_102FusedManaValueAndLegalActions(t *testing.T) {
	g := legalGame(t,
		`{"kind":"setup","body":{"turn":3,"step":"main1","active_player":"p1","players":[
		{"id":"p1","life":20,"hand":["Wear // Tear"],"battlefield":[{"card":"Mountain"},{"card":"Mountain"},{"card":"Plains"}]},
		{"id":"p2","life":20,"battlefield":[{"card":"Sol Ring"},{"card":"Leyline of Abundance"}]}]}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Mountain"}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Mountain"}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Plains"}}`,
	)
	found := false
	for _, ev := range g.LegalActions() {
		if c, ok := ev.Body.(*events.Cast); ok && c.Face == "Wear // Tear" {
			found = true
			if len(c.Targets) != 2 {
				t.Errorf("fused cast offered with targets %v", c.Targets)
			}
		}
	}
	if !found {
		t.Fatal("LegalActions offers no fused cast of Wear // Tear")
	}
	submitJSON(t, g, `{"kind":"cast","body":{"player":"p1","card":"Wear // Tear","face":"Wear // Tear","targets":["Sol Ring","Leyline of Abundance"]}}`)
	top := g.S.Objects[g.S.Stack[len(g.S.Stack)-1]]
	if mv := top.ManaValue(); mv != 3 {
		t.Errorf("fused Wear // Tear on the stack has mana value %d, want 3", mv)
	}
}

// CR 702.127a: Memory in the graveyard is offered by LegalActions; Commit
// from the graveyard is not.
func TestCR702_127AftermathLegalActions(t *testing.T) {
	g := legalGame(t,
		`{"kind":"setup","body":{"turn":3,"step":"main1","active_player":"p1","players":[
		{"id":"p1","life":20,"library":["Island"],"graveyard":["Commit // Memory"],"battlefield":[{"card":"Island"},{"card":"Island"},{"card":"Island"},{"card":"Island"},{"card":"Island"},{"card":"Island"}]},
		{"id":"p2","life":20,"library":["Island"],"battlefield":[{"card":"Grizzly Bears"}]}]}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Island"}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Island"}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Island"}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Island"}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Island"}}`,
		`{"kind":"activate","body":{"player":"p1","source":"Island"}}`,
	)
	faces := map[string]bool{}
	for _, ev := range g.LegalActions() {
		if c, ok := ev.Body.(*events.Cast); ok {
			faces[c.Face] = true
		}
	}
	if !faces["Memory"] || faces["Commit"] {
		t.Errorf("casts offered from the graveyard: %v, want Memory only", faces)
	}
}
