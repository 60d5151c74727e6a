package replay

import (
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer"
)

// Differences read as key paths keyed by ids: a counter added, a life
// change, an object that appeared; identical views have none.
func TestDiffViews(t *testing.T) {
	a := &reducer.View{Match: "m", Seq: 4, Players: []reducer.PlayerView{{ID: "p1", Life: 20}, {ID: "p2", Life: 20}},
		Battlefield: []reducer.ObjectView{{ID: "o41", Name: "Endless One", Counters: map[string]int{"+1/+1": 1}}}}
	b := &reducer.View{Match: "m", Seq: 9, Players: []reducer.PlayerView{{ID: "p1", Life: 20}, {ID: "p2", Life: 17}},
		Battlefield: []reducer.ObjectView{{ID: "o41", Name: "Endless One", Counters: map[string]int{"+1/+1": 2}}, {ID: "o50", Name: "Grizzly Bears"}}}
	changes, err := DiffViews(a, b)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, c := range changes {
		lines = append(lines, c.String())
	}
	got := strings.Join(lines, "\n")
	for _, want := range []string{
		"battlefield.o41.counters.+1/+1: 1 -> 2",
		"players.p2.life: 20 -> 17",
		`battlefield.o50.name: (none) -> "Grizzly Bears"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("diff lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "seq") {
		t.Errorf("the seq names the position and is not a difference:\n%s", got)
	}
	if same, _ := DiffViews(a, a); len(same) != 0 {
		t.Errorf("a view differs from itself: %v", same)
	}
}
