package replay

import (
	"bytes"
	"encoding/json"
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
)

// Dropping the rest of what a shrunk log's start holds beyond its cards:
// the setup's stack, waiting triggers, continuous effects, delayed
// triggers, extra turns, declared tokens and pending question; each
// player's pool, counters and this turn's counts; each permanent's state
// beyond what it is (tapped, counters, damage, combat, ...); and the cards
// match_started declares. Like every drop, each is a try kept only when
// the replay still shows the finding.

// fields drops what it can of the setup's other parts and match_started's
// declared cards.
func (s *shrinker) fields(log []*events.Event) []*events.Event {
	if b := setupOf(log); b != nil {
		try := func(c *events.Setup) {
			if s.shows(withBody(log, 1, c)) {
				b = c
				log = withBody(log, 1, c)
			}
		}
		lists := []struct {
			n   func(*events.Setup) int
			cut func(*events.Setup, []bool) *events.Setup
		}{
			{func(b *events.Setup) int { return len(b.Stack) }, func(b *events.Setup, k []bool) *events.Setup { c := *b; c.Stack = pick(b.Stack, k); return &c }},
			{func(b *events.Setup) int { return len(b.Triggers) }, func(b *events.Setup, k []bool) *events.Setup { c := *b; c.Triggers = pick(b.Triggers, k); return &c }},
			{func(b *events.Setup) int { return len(b.Continuous) }, func(b *events.Setup, k []bool) *events.Setup {
				c := *b
				c.Continuous = pick(b.Continuous, k)
				return &c
			}},
			{func(b *events.Setup) int { return len(b.Delayed) }, func(b *events.Setup, k []bool) *events.Setup { c := *b; c.Delayed = pick(b.Delayed, k); return &c }},
			{func(b *events.Setup) int { return len(b.ExtraTurns) }, func(b *events.Setup, k []bool) *events.Setup {
				c := *b
				c.ExtraTurns = pick(b.ExtraTurns, k)
				return &c
			}},
			{func(b *events.Setup) int { return len(b.Declare) }, func(b *events.Setup, k []bool) *events.Setup { c := *b; c.Declare = pick(b.Declare, k); return &c }},
		}
		for _, l := range lists {
			if n := l.n(b); n > 0 {
				keep := s.list(n, func(keep []bool) bool { return s.shows(withBody(log, 1, l.cut(b, keep))) })
				try(l.cut(b, keep))
			}
		}
		if b.Pending != nil {
			c := *b
			c.Pending = nil
			try(&c)
		}
		for p := range b.Players {
			player := func(f func(*events.SetupPlayer)) {
				c := *b
				c.Players = slices.Clone(b.Players)
				f(&c.Players[p])
				try(&c)
			}
			if len(b.Players[p].Pool) > 0 {
				player(func(q *events.SetupPlayer) { q.Pool = nil })
			}
			if pl := b.Players[p]; pl.LandsPlayed+pl.SpellsCast+pl.CardsDrawn+pl.NoncreatureSpells > 0 || pl.LeftBattlefield {
				player(func(q *events.SetupPlayer) {
					q.LandsPlayed, q.SpellsCast, q.CardsDrawn, q.NoncreatureSpells, q.LeftBattlefield = 0, 0, 0, 0, false
				})
			}
			if len(b.Players[p].Counters) > 0 {
				player(func(q *events.SetupPlayer) { q.Counters = nil })
			}
			if len(b.Players[p].GraveyardMayCast) > 0 {
				player(func(q *events.SetupPlayer) { q.GraveyardMayCast = nil })
			}
			if len(b.Players[p].Emblems) > 0 {
				player(func(q *events.SetupPlayer) { q.Emblems = nil })
			}
			for i, perm := range b.Players[p].Battlefield {
				bare := events.Permanent{ID: perm.ID, Card: perm.Card, Face: perm.Face, Token: perm.Token,
					Characteristics: perm.Characteristics, Owner: perm.Owner, CopyOf: perm.CopyOf, MeldedWith: perm.MeldedWith}
				if !samePermanent(perm, bare) {
					player(func(q *events.SetupPlayer) {
						q.Battlefield = slices.Clone(q.Battlefield)
						q.Battlefield[i] = bare
					})
				}
			}
		}
	}
	if ms, ok := log[0].Body.(*events.MatchStarted); ok && len(ms.Cards) > 0 {
		keep := s.list(len(ms.Cards), func(keep []bool) bool {
			c := *ms
			c.Cards = pick(ms.Cards, keep)
			return s.shows(withBody(log, 0, &c))
		})
		c := *ms
		c.Cards = pick(ms.Cards, keep)
		log = withBody(log, 0, &c)
	}
	return log
}

// samePermanent reports whether two permanents of a setup are written
// alike.
func samePermanent(a, b events.Permanent) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}
