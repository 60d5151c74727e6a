package reducer

import (
	"bytes"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// describeVerification is how a scenario prints an input the rules
// couldn't verify: its status, cards, rule and reason, and for a dispute
// both versions.
func describeVerification(v Verification) []string {
	line := v.Status
	if len(v.Cards) > 0 {
		line += " (" + strings.Join(v.Cards, ", ") + ")"
	}
	out := []string{line + " " + v.Rule + ": " + v.Reason}
	for _, e := range v.Table {
		out = append(out, "  table: "+e.String())
	}
	for _, e := range v.Engine {
		out = append(out, "  rules: "+e.String())
	}
	return out
}

// The state the table's effects add (player counters, an ability the table
// put on the stack, a described token, a continuous effect's types,
// colours and abilities) survives a snapshot, whose state has the same
// digest and encodes to the same bytes, and a clone, which shares none of
// it with the original.
func TestTableStateSnapshotAndClone(t *testing.T) {
	g := New(nil)
	for i, line := range []string{
		`{"match":"m","kind":"match_started","actor":"table","body":{"format":"modern","players":[{"id":"p1","name":"A","deck":["Fylamarid","Island"]},{"id":"p2","name":"B","deck":["Forest"]}]}}`,
		`{"match":"m","kind":"setup","actor":"table","body":{"turn":3,"step":"main1","active_player":"p1","players":[{"id":"p1","life":20,"library":["Island"],"battlefield":[{"card":"Fylamarid"}]},{"id":"p2","life":20,"library":["Forest"]}]}}`,
		`{"match":"m","kind":"activate","actor":"p1","body":{"player":"p1","source":"Fylamarid"},"effects":[` +
			`{"op":"add_counters","player":"p2","kind":"poison","n":3},` +
			`{"op":"create_token","player":"p1","characteristics":{"name":"Kraken","types":["Creature"],"colors":["U"],"power":"8","toughness":"8"}},` +
			`{"op":"continuous","object":"Fylamarid","until":"permanent","types":["Artifact"],"colors":["B"],"abilities":["{T}: Draw a card."]},` +
			`{"op":"ability","source":"Fylamarid","text":"Draw a card.","targets":["p2"]}]}`,
	} {
		ev, err := events.ParseJSON([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		ev.Seq = uint64(i + 1)
		if _, err := g.Submit(ev); err != nil {
			t.Fatalf("input %d: %v", i+1, err)
		}
	}
	s := g.S
	if s.Players[1].counterOf("poison") != 3 || len(s.Stack) != 1 || s.Objects[s.Stack[0]].Text != "Draw a card." {
		t.Fatalf("the table's state is missing:\n%s", s.Describe())
	}
	fyl := s.Objects[s.Battlefield[0]]
	if !fyl.Is("Artifact") || !fyl.IsColor(cards.Black) || fyl.IsColor(cards.Blue) {
		t.Errorf("Fylamarid's types and colours after the table's effect: %v %v", fyl.Is("Artifact"), fyl.Colors())
	}
	snap := s.MarshalSnapshot()
	got, err := UnmarshalSnapshot(nil, snap)
	if err != nil {
		t.Fatal(err)
	}
	if got.Digest() != s.Digest() || !bytes.Equal(got.MarshalSnapshot(), snap) {
		t.Error("the snapshot doesn't keep the table's state")
	}
	kraken := got.Objects[got.Battlefield[1]]
	if kraken.Facts == nil || kraken.Def == nil || kraken.Def.Name != "Kraken" || kraken.Power() != 8 {
		t.Errorf("the described token read back: %+v", kraken)
	}
	c := s.Clone()
	c.Players[1].Counters[0].N = 9
	c.Continuous[0].Table.Types[0] = "Land"
	if s.Players[1].counterOf("poison") != 3 || s.Continuous[0].Table.Types[0] != "Artifact" {
		t.Error("a clone shares the table's state with the original")
	}
}
