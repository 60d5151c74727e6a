package replay_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
)

// TestHiddenStaysHidden plays whole games and, at every position, for each
// player, takes the objects that player can't see (the opponent's hand,
// every library, cards exiled face down): none of their object ids, nor
// their card ids, appears in the player's view (JSON or board), and none
// of their object ids appears anywhere in the player's narrative up to
// there. So no hidden card can be told from another, or followed from
// where the player saw it into a hidden zone.
func TestHiddenStaysHidden(t *testing.T) {
	for _, name := range []string{"best-of-three.jsonl", "green-red.jsonl", "discover.jsonl", "bolt-race.jsonl"} {
		t.Run(name, func(t *testing.T) {
			src, err := replay.OpenFile(fixture(name))
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			sums, err := src.Matches()
			if err != nil {
				t.Fatal(err)
			}
			sum := sums[0]
			// Where the narrative told as each player first names each id.
			told := map[string]map[string]uint64{}
			for _, p := range sum.Players {
				told[p.ID] = map[string]uint64{}
				err := replay.Narrate(src, sum.Match, p.ID, func(e replay.Entry) error {
					for _, id := range objectIDs.FindAllString(e.Text+" "+strings.Join(e.Lines, " "), -1) {
						if _, ok := told[p.ID][id]; !ok {
							told[p.ID][id] = e.Seq
						}
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			positions := 0
			err = replay.Fold(src, sum.Match, func(g *reducer.Game, seq uint64) error {
				judge := g.S.View(reducer.ViewJudge)
				for _, p := range sum.Players {
					v := g.S.View(p.ID)
					hidden := hiddenFrom(judge, v)
					js, _ := json.Marshal(v)
					var board strings.Builder
					replay.WriteBoard(&board, v)
					seen := " " + string(js) + " " + board.String() + " "
					for id, card := range hidden {
						if regexp.MustCompile(`\b` + id + `\b`).MatchString(seen) {
							t.Fatalf("seq %d: %s's view names %s, hidden from them:\n%s", seq, p.ID, id, board.String())
						}
						if card != "" && strings.Contains(string(js), `"`+card+`"`) {
							t.Fatalf("seq %d: %s's view names card %s of hidden %s", seq, p.ID, card, id)
						}
						if at, ok := told[p.ID][id]; ok && at <= seq {
							t.Fatalf("seq %d: %s's narrative named %s at seq %d, and it is hidden from them now", seq, p.ID, id, at)
						}
					}
				}
				positions++
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if positions == 0 {
				t.Fatal("no position checked")
			}
		})
	}
}

var objectIDs = regexp.MustCompile(`\bo[0-9]+\b`)

// hiddenFrom lists the objects of hands, libraries and exile that the
// judge sees and the player's view does not show, with their card ids.
func hiddenFrom(judge, v *reducer.View) map[string]string {
	visible := map[string]bool{}
	add := func(os []reducer.ObjectView) {
		for _, o := range os {
			if !o.Hidden {
				visible[o.ID] = true
			}
		}
	}
	for _, p := range v.Players {
		add(p.Hand)
		add(p.Library)
		if p.LibraryTop != nil {
			add([]reducer.ObjectView{*p.LibraryTop})
		}
	}
	add(v.Exile)
	out := map[string]string{}
	check := func(os []reducer.ObjectView) {
		for _, o := range os {
			if !visible[o.ID] {
				out[o.ID] = o.Card
			}
		}
	}
	for _, p := range judge.Players {
		check(p.Hand)
		check(p.Library)
	}
	check(judge.Exile)
	return out
}
