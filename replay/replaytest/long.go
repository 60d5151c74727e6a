package replaytest

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/events/store"
	"github.com/chronicle-mtg/chronicle/recorder"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Long matches for benchmarks and tests of seeking: a scripted game of basic
// lands and vanilla creatures, as long as asked, recorded the way the
// recorder records (recorder.Derive: effects, digests, snapshots).
//
// p1 plays Forests and Grizzly Bears, p2 Plains and Savannah Lions, from
// libraries of deckSize cards; starting life is a million, so the game runs
// on until a library runs out. Each turn the active player plays a land,
// taps lands for mana and casts a creature while it can, and attacks with
// every creature able to; nobody blocks; everybody else passes. Each input
// is one the rules accept (the driver tries candidates through the
// validating door and keeps the first accepted).

// deckSize is each player's deck: enough for a match of 10,000 inputs.
const deckSize = 300

// LongMatch records a match of n inputs (n at least 10) named match into the
// store in dir, committing a batch every 500 inputs.
func LongMatch(tb testing.TB, dir, match string, n int) {
	tb.Helper()
	st, err := store.OpenDir(dir, store.Options{NoSync: true})
	if err != nil {
		tb.Fatal(err)
	}
	defer st.Close()
	d := &driver{g: reducer.New(nil), match: match}
	batch := &store.Batch{}
	for d.seq < uint64(n) {
		ev, derived, err := d.next()
		if err != nil {
			tb.Fatalf("long match, seq %d: %v", d.seq+1, err)
		}
		batch.Events = append(batch.Events, ev)
		batch.Derived = append(batch.Derived, derived)
		if len(batch.Events) == 500 || d.seq == uint64(n) {
			if err := st.Commit(batch); err != nil {
				tb.Fatal(err)
			}
			batch = &store.Batch{}
		}
	}
}

// driver plays the scripted match.
type driver struct {
	g     *reducer.Game
	match string
	seq   uint64
	prev  events.Hash
}

// next returns the next input, sealed, and what the recorder derived from
// it; the game has taken it.
func (d *driver) next() (*events.Event, *store.Derived, error) {
	if d.seq == 0 {
		return d.try(matchStart())
	}
	s := d.g.S
	if s.Over {
		return nil, nil, fmt.Errorf("the match ended at seq %d", d.seq)
	}
	for _, body := range d.candidates() {
		if ev, derived, err := d.try(body); err == nil {
			return ev, derived, nil
		}
	}
	return nil, nil, fmt.Errorf("no candidate accepted; pending %+v", s.Pending)
}

// try submits body as the next input.
func (d *driver) try(body events.Body) (*events.Event, *store.Derived, error) {
	actor := events.TableActor
	if p, ok := events.PlayerOf(body); ok {
		actor = p
	}
	ev := &events.Event{
		Schema: events.SchemaVersion, Match: d.match, Seq: d.seq + 1, Kind: body.Kind(), Actor: actor,
		Recorded: Start.Add(time.Duration(d.seq) * time.Second).UnixNano(), Body: body, Prev: d.prev,
	}
	ev.Seal()
	derived, err := recorder.Derive(d.g, ev)
	if err != nil {
		return nil, nil, err
	}
	d.seq, d.prev = ev.Seq, ev.Hash
	return ev, derived, nil
}

func matchStart() *events.MatchStarted {
	deck := func(land, creature string) []string {
		out := make([]string, deckSize)
		for i := range out {
			out[i] = land
			if i%2 == 1 {
				out[i] = creature
			}
		}
		return out
	}
	return &events.MatchStarted{
		Format: "standard", StartingLife: 1_000_000, FirstPlayer: "p1",
		Players: []events.Player{
			{ID: "p1", Name: "Alice", Deck: deck("Forest", "Grizzly Bears")},
			{ID: "p2", Name: "Bob", Deck: deck("Plains", "Savannah Lions")},
		},
	}
}

// candidates lists the inputs to try now, best first.
func (d *driver) candidates() []events.Body {
	s := d.g.S
	q := s.Pending
	switch q.Ask {
	case reducer.AskPriority:
		p := s.Players[q.Player]
		pass := &events.Pass{Player: p.ID}
		if q.Player != s.Active || s.Step != reducer.StepMain1 || len(s.Stack) > 0 {
			return []events.Body{pass}
		}
		land, creature := "Forest", "Grizzly Bears"
		if q.Player == 1 {
			land, creature = "Plains", "Savannah Lions"
		}
		out := []events.Body{
			&events.PlayLand{Player: p.ID, Card: land},
			&events.Cast{Player: p.ID, Card: creature},
		}
		if slices.ContainsFunc(p.Hand, func(id reducer.ObjID) bool { return s.Objects[id].Def.Name == creature }) {
			out = append(out, &events.Activate{Player: p.ID, Source: land})
		}
		return append(out, pass)
	case reducer.AskAttack:
		p := s.Players[q.Player]
		var all []events.Attacker
		for _, id := range s.Battlefield {
			o := s.Objects[id]
			if o.Controller == q.Player && !o.Tapped && !o.Sick && o.Def.Is("Creature") {
				all = append(all, events.Attacker{Creature: id.String(), Defender: s.Players[s.Opponent(q.Player)].ID})
			}
		}
		return []events.Body{&events.Attack{Player: p.ID, Attackers: all}, &events.Attack{Player: p.ID}}
	case reducer.AskBlock:
		return []events.Body{&events.Block{Player: s.Players[q.Player].ID}}
	}
	// Shuffles, keeps, choices: the first legal input.
	acts := d.g.LegalActions()
	if len(acts) == 0 {
		return nil
	}
	return []events.Body{acts[0].Body}
}
