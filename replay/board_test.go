package replay_test

import (
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
)

func board(t *testing.T, pos *replay.Position, as string) string {
	t.Helper()
	var b strings.Builder
	if err := replay.WriteBoard(&b, pos.View(as)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestWriteBoard(t *testing.T) {
	pos := seek(t, openFile(t, fixture("bolt-race.jsonl")), "bolt-race", replay.At{Seq: 4})
	want := `match bolt-race (modern), game 1, after seq 4, seen by judge
turn 5 main1, active p1, priority p1
p1 Alice: life 7
  hand (1): Shock (o19)
  library (1): Mountain (o17)
  graveyard (1, top first): Lightning Bolt (o20)
  battlefield (4):
    Mountain (o21), tapped
    Mountain (o22)
    Mountain (o23)
    Hill Giant (o24) 3/3
p2 Bob: life 5
  hand (1): Giant Growth (o26)
  library (1): Forest (o25)
  graveyard (0, top first): none
  battlefield (4):
    Forest (o27)
    Forest (o28)
    Grizzly Bears (o29) 2/2, tapped
    Llanowar Elves (o30) 1/1
stack (top first):
  Lightning Bolt (o31), controller p1, targets p2
exile: none
waiting for: p1 to act with priority
`
	if got := board(t, pos, ""); got != want {
		t.Errorf("judge's board:\n%s\nwant:\n%s", got, want)
	}
	p1 := board(t, pos, "p1")
	for _, want := range []string{"seen by p1", "  hand (1): Shock (o19)\n", "  hand (1): 1 hidden\n", "  library (1): hidden\n"} {
		if !strings.Contains(p1, want) {
			t.Errorf("p1's board lacks %q:\n%s", want, p1)
		}
	}
	for _, name := range []string{"Giant Growth", "Forest (o25)", "Mountain (o17)"} {
		if strings.Contains(p1, name) {
			t.Errorf("p1's board shows %q:\n%s", name, p1)
		}
	}
	end := board(t, seek(t, openFile(t, fixture("bolt-race.jsonl")), "bolt-race", replay.At{}), "public")
	for _, want := range []string{"p2 Bob: life 2, lost: conceded (CR 104.3a)", "game over: p1 wins; the match is over, games won: p1 1, p2 0", "waiting for: nothing: the match is over", "hand (1): 1 hidden"} {
		if !strings.Contains(end, want) {
			t.Errorf("the final board lacks %q:\n%s", want, end)
		}
	}
}

func TestViewer(t *testing.T) {
	sum := replay.Summary{Match: "m", Players: []replay.Player{{"p1", "Alice"}, {"p2", "Bob"}, {"p3", "bob"}}}
	for _, c := range []struct{ as, want, err string }{
		{"", "judge", ""},
		{"judge", "judge", ""},
		{"public", "public", ""},
		{"p2", "p2", ""},
		{"alice", "p1", ""},
		{"BOB", "", `"BOB" names several players of match m`},
		{"zed", "", `"zed" is not a player of match m (p1 Alice, p2 Bob, p3 bob), nor judge or public`},
	} {
		got, err := replay.Viewer(sum, c.as)
		if got != c.want || (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("Viewer(%q) = %q, %v; want %q, %q", c.as, got, err, c.want, c.err)
		}
	}
}

// The board says what a judge must read right: a creature attacking a
// planeswalker attacks the planeswalker, not its controller; the top of a
// library a player may look at (Johann) is shown to that player.
func TestWriteBoardPlaneswalkerAndLibraryTop(t *testing.T) {
	p, tt := 2, 2
	top := reducer.ObjectView{ID: "o5", Name: "Shock", Zone: "library"}
	v := &reducer.View{Turn: 5, Step: "declare_attackers", ActivePlayer: "p1", Pending: reducer.PendingView{Ask: "priority", Player: "p1"}, Priority: "p1",
		Players: []reducer.PlayerView{
			{ID: "p1", Name: "Alice", LibraryCount: 3, LibraryTop: &top},
			{ID: "p2", Name: "Bob"},
		},
		Battlefield: []reducer.ObjectView{
			{ID: "o9", Name: "Grizzly Bears", Controller: "p1", Owner: "p1", Power: &p, Toughness: &tt, Attacking: "p2", AttackingPlaneswalker: "o12"},
			{ID: "o12", Name: "Vivien, Champion of the Wilds", Controller: "p2", Owner: "p2"},
		}}
	var b strings.Builder
	if err := replay.WriteBoard(&b, v); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"attacking p2's planeswalker o12", "library (3): top Shock (o5) (they may look at it), the rest hidden"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("board lacks %q:\n%s", want, b.String())
		}
	}
}
