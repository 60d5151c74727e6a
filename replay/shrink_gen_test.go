package replay_test

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
	"github.com/chronicle-mtg/chronicle/replay"
	"github.com/chronicle-mtg/chronicle/replay/replaytest"
	"github.com/chronicle-mtg/chronicle/sim"
)

// input builds an input of kind by the player of seat.
func input(s *reducer.State, kind events.Kind, seat int, body string) *events.Event {
	p := s.Players[seat].ID
	line := fmt.Sprintf(`{"match":%q,"kind":%q,"actor":%q,"body":%s}`, s.Match, kind, p, body)
	ev, err := events.ParseJSON([]byte(line))
	if err != nil {
		panic(err)
	}
	return ev
}

var objectID = regexp.MustCompile(`"o[0-9]+"`)

// refused reports whether the rules refuse ev in the position of g, and
// with which rule.
func refused(g *reducer.Game, ev *events.Event, seq uint64) (string, bool) {
	c := *ev
	c.Seq = seq
	_, err := g.Clone().Submit(&c)
	if err == nil {
		return "", false
	}
	var re *reducer.RuleError
	if errors.As(err, &re) {
		return re.Rule, true
	}
	return err.Error(), true
}

// Bugs planted in a generated match (seed 7, three games, 700 inputs)
// shrink to a setup as late as the position before them, in the game they
// are in, and the few cards and permanents that matter, which keep their
// ids; each result reproduces (the audit of the smaller file finds it).
// The figures are the README's.
func TestShrinkGenerated(t *testing.T) {
	m, err := sim.Play(7, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := reducer.New(nil)
	var games []*reducer.Game // the game after each input
	for _, ev := range m.Inputs {
		if _, err := g.Submit(ev); err != nil {
			t.Fatal(err)
		}
		games = append(games, g.Clone())
	}
	plants := []struct {
		name string
		from int // the earliest input to plant after
		game int // the game to plant in; 0: any
		// make returns the planted input for the position of g, or nil.
		make func(g *reducer.Game, seq uint64) *events.Event
	}{
		{"a cast of a card p1 doesn't hold", 90, 0, func(g *reducer.Game, seq uint64) *events.Event {
			return input(g.S, events.KindCast, 0, `{"player":"p1","card":"Lightning Bolt"}`)
		}},
		{"an activation of a tapped permanent", 150, 0, func(g *reducer.Game, seq uint64) *events.Event {
			s := g.S
			for _, o := range s.Objects {
				if o != nil && o.Zone == reducer.ZoneBattlefield && o.Tapped && o.Controller == s.Priority {
					return input(s, events.KindActivate, s.Priority, fmt.Sprintf(`{"player":%q,"source":"%s"}`, s.Players[s.Priority].ID, o.ID))
				}
			}
			return nil
		}},
		{"a cast the rules refuse, in game 3", 1, 3, func(g *reducer.Game, seq uint64) *events.Event {
			s := g.S
			if s.Priority < 0 {
				return nil
			}
			for _, id := range s.Players[s.Priority].Hand {
				ev := input(s, events.KindCast, s.Priority, fmt.Sprintf(`{"player":%q,"card":"%s"}`, s.Players[s.Priority].ID, id))
				if rule, ok := refused(g, ev, seq); ok && rule != "CR 117.3" {
					return ev
				}
			}
			return nil
		}},
	}
	for _, p := range plants {
		t.Run(p.name, func(t *testing.T) {
			at := 0
			var ev *events.Event
			for i := p.from - 1; i < len(games) && ev == nil; i++ { // the first position after from where it fits
				if gm := games[i]; p.game == 0 || gm.S.Game == p.game && gm.S.Turn >= 3 {
					ev, at = p.make(gm, uint64(i+2)), i+1
				}
			}
			if ev == nil {
				t.Fatal("no position to plant it")
			}
			var evs []*events.Event // a hand-written file: no seq, prev or hash
			for _, e := range append(append([]*events.Event{}, m.Inputs[:at]...), ev) {
				c := *e
				c.Seq, c.Prev, c.Hash = 0, events.Hash{}, events.Hash{}
				evs = append(evs, &c)
			}
			path := filepath.Join(t.TempDir(), "planted.jsonl")
			replaytest.WriteJSONL(t, path, evs)
			r := shrinkFile(t, path, m.ID, replay.ShrinkOptions{Kind: replay.ShrinkIllegal})
			if r.Finding.Seq != uint64(at+1) || r.SetupAt != uint64(at) || r.Inputs > 3 || r.Deck != 0 {
				t.Errorf("finding %+v; %d inputs from %d, setup after %d, decks of %d cards", r.Finding, r.Inputs, r.FromInputs, r.SetupAt, r.Deck)
			}
			if r.Objects >= r.FromCards+r.FromPermanents {
				t.Errorf("%d objects placed, from %d", r.Objects, r.FromCards+r.FromPermanents)
			}
			b := r.Events[1].Body.(*events.Setup)
			pos := games[at-1].S
			if max(b.Game, 1) != pos.Game {
				t.Errorf("the setup places game %d; the bug is in game %d", b.Game, pos.Game)
			}
			for seat, w := range pos.GameWins {
				got := 0
				if gw := b.Players[seat].GameWins; gw != nil {
					got = *gw
				}
				if got != w || b.Players[seat].ChosePlay != pos.Players[seat].ChosePlay {
					t.Errorf("%s: %d games won, chose play %v; the match: %d, %v", pos.Players[seat].ID, got, b.Players[seat].ChosePlay, w, pos.Players[seat].ChosePlay)
				}
			}
			// The objects the planted input names by id are placed with
			// those ids.
			var body, setup bytes.Buffer
			if err := events.WriteJSONL(&body, []*events.Event{ev}); err != nil {
				t.Fatal(err)
			}
			if err := events.WriteJSONL(&setup, r.Events[1:2]); err != nil {
				t.Fatal(err)
			}
			for _, id := range objectID.FindAllString(body.String(), -1) {
				if !strings.Contains(setup.String(), id) {
					t.Errorf("the setup doesn't place %s, which the input names", id)
				}
			}
			auditShows(t, r, m.ID)
			t.Logf("%s after input %d (game %d): %s (%s); inputs %d -> %d, cards %d -> %d, permanents %d -> %d, deck cards %d -> %d; %d replays",
				p.name, at, pos.Game, r.Finding.Reason, r.Finding.Rule, r.FromInputs, r.Inputs, r.FromCards, r.Cards, r.FromPermanents, r.Permanents, r.FromDeck, r.Deck, r.Tries)
		})
	}
}
