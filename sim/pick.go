package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// next chooses the next input: a random outcome from the generator when
// the table is asked for one, else one of the listed inputs.
func (d *driver) next() (*events.Event, error) {
	s := d.g.S
	q := s.Pending
	if q.Ask == reducer.AskRandom {
		if ev := d.random(q); ev != nil {
			return ev, nil
		}
	}
	acts := d.g.LegalActions()
	if d.opt.Decks != nil {
		acts = append(acts, d.tableActions(acts)...)
	}
	if d.opt.CheckListed {
		if err := d.checkListed(acts); err != nil {
			return nil, err
		}
	}
	if len(acts) == 0 {
		return nil, fmt.Errorf("nothing is listed, waiting for %s of seat %d", q.Ask, q.Player)
	}
	return d.pick(acts), nil
}

// random is the table's outcome for q, drawn from the generator, or nil
// for an outcome the driver doesn't draw itself (then a listed one).
func (d *driver) random(q reducer.Question) *events.Event {
	s := d.g.S
	var b *events.Random
	switch q.Random {
	case events.RandomCoin:
		b = &events.Random{Of: events.RandomCoin, Coin: []string{"heads", "tails"}[d.rng.Intn(2)]}
	case events.RandomShuffle:
		p := s.Players[q.Of]
		order := make([]string, len(p.Library))
		for i, id := range p.Library {
			order[i] = id.String()
		}
		order = append(order, q.Options...) // cards shuffled into it by a move
		d.rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		b = &events.Random{Of: events.RandomShuffle, Player: p.ID, Order: order}
	case events.RandomOrder:
		order := slices.Clone(q.Options)
		d.rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		b = &events.Random{Of: events.RandomOrder, Order: order}
	default:
		return nil
	}
	return &events.Event{Match: s.Match, Kind: events.KindRandom, Actor: events.TableActor, Body: b}
}

// pick chooses a kind of input by weight, then an input of that kind.
func (d *driver) pick(acts []*events.Event) *events.Event {
	s := d.g.S
	q := s.Pending
	byKind := map[events.Kind][]*events.Event{}
	var kinds []events.Kind // in order of first appearance
	for _, a := range acts {
		if byKind[a.Kind] == nil {
			kinds = append(kinds, a.Kind)
		}
		byKind[a.Kind] = append(byKind[a.Kind], a)
	}
	mainPhase := s.Active == q.Player && (s.Step == reducer.StepMain1 || s.Step == reducer.StepMain2)
	weight := func(k events.Kind) float64 {
		switch k {
		case events.KindPass:
			if d.opt.Decks != nil && mainPhase && len(s.Players[q.Player].Pool) > 0 {
				return passWithManaWeight
			}
			return passWeight
		case events.KindMulligan:
			return mulliganWeight
		case events.KindActivate:
			// Mana is worth making mostly in one's own main phase.
			if mainPhase {
				return 3
			}
			return 0.3
		case events.KindCast, events.KindPlayLand:
			return 6
		}
		return 1
	}
	total := 0.0
	for _, k := range kinds {
		total += weight(k)
	}
	r := d.rng.Float64() * total
	for _, k := range kinds {
		if r -= weight(k); r < 0 {
			list := byKind[k]
			return list[d.rng.Intn(len(list))]
		}
	}
	return byKind[kinds[len(kinds)-1]][0]
}

// checkListed submits every listed input to a clone of the game: each must
// be well formed and accepted, and trying them must leave the game as it
// was.
func (d *driver) checkListed(acts []*events.Event) error {
	before := d.g.S.Digest()
	for _, a := range acts {
		if err := a.Check(); err != nil {
			return fmt.Errorf("listed %s is malformed: %v", describe(a), err)
		}
		c := d.g.Clone()
		if _, err := c.Submit(a); err != nil {
			return fmt.Errorf("listed %s is refused: %v", describe(a), err)
		}
		if v := c.Verification(); v.Status == reducer.Disputed {
			return fmt.Errorf("listed %s is disputed: %s (%s)", describe(a), v.Reason, v.Rule)
		}
	}
	if d.g.S.Digest() != before {
		return errors.New("trying the listed inputs on clones changed the game")
	}
	return nil
}

// describe is an input as one line, for messages.
func describe(ev *events.Event) string {
	body, _ := json.Marshal(ev.Body)
	out := fmt.Sprintf("%s by %s %s", ev.Kind, ev.Actor, body)
	if len(ev.Effects) > 0 {
		effs, _ := json.Marshal(ev.Effects)
		out += " with effects " + string(effs)
	}
	return out
}
