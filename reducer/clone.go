package reducer

import "slices"

// Clone returns a deep copy of the game: a position on which to try an
// input without touching g (Submit on the copy, then drop it). The copy
// shares only what never changes: the card pool and card definitions.
func (g *Game) Clone() *Game {
	c := *g
	c.S = g.S.Clone()
	c.out, c.arena, c.memo, c.idScratch = nil, nil, planMemo{}, nil
	return &c
}

// Clone returns a deep copy of the state: objects, players and their zones,
// mana pools, counters, targets, last known information, waiting triggers
// and the pending question are copied; the card pool and card definitions,
// which are read-only, are shared.
func (s *State) Clone() *State {
	c := *s
	c.Players = make([]*Player, len(s.Players))
	for i, p := range s.Players {
		cp := *p
		cp.Library = slices.Clone(p.Library)
		cp.Hand = slices.Clone(p.Hand)
		cp.Graveyard = slices.Clone(p.Graveyard)
		cp.Command = slices.Clone(p.Command)
		cp.Pool = slices.Clone(p.Pool)
		cp.Counters = slices.Clone(p.Counters)
		c.Players[i] = &cp
	}
	c.Objects = make([]*Object, len(s.Objects))
	c.specialIDs = slices.Clone(s.specialIDs) // the scan filters it in place
	live := 0
	for _, o := range s.Objects {
		if o != nil {
			live++
		}
	}
	// The copies share one slab of their own; the original's spare slabs
	// stay the original's (object_slab.go).
	objs := make([]Object, live)
	c.slabs, c.tokenNames = objSlabs{}, tokenNames{}
	for i, o := range s.Objects {
		if o == nil {
			continue
		}
		co := &objs[0]
		objs = objs[1:]
		*co = *o
		co.Counters = slices.Clone(o.Counters)
		co.Targets = slices.Clone(o.Targets)
		co.MayCast = slices.Clone(o.MayCast)
		co.Used = slices.Clone(o.Used)
		co.Lang = o.Lang.clone()
		if o.LKI != nil {
			lki := o.LKI.clone()
			co.LKI = &lki
		}
		if o.EventLKI != nil {
			lki := o.EventLKI.clone()
			co.EventLKI = &lki
		}
		c.Objects[i] = co
	}
	c.Cards = slices.Clone(s.Cards)
	c.Battlefield = slices.Clone(s.Battlefield)
	c.Stack = slices.Clone(s.Stack)
	c.Exile = slices.Clone(s.Exile)
	c.GameWins = slices.Clone(s.GameWins)
	c.ExtraTurns = slices.Clone(s.ExtraTurns)
	c.Triggers = slices.Clone(s.Triggers)
	for i := range c.Triggers {
		c.Triggers[i].LKI = s.Triggers[i].LKI.clone()
		if e := s.Triggers[i].EventLKI; e != nil {
			l := e.clone()
			c.Triggers[i].EventLKI = &l
		}
	}
	c.Delayed = slices.Clone(s.Delayed)
	for i := range c.Delayed {
		c.Delayed[i].LKI = s.Delayed[i].LKI.clone()
	}
	c.Pending.Options = slices.Clone(s.Pending.Options)
	c.Continuous = cloneContinuous(s.Continuous)
	c.Discovery = s.Discovery.clone()
	c.Declared, c.declared = slices.Clone(s.Declared), slices.Clone(s.declared)
	c.declaredSums = nil
	c.linked = false
	c.statics = staticSources{}
	c.link()
	return &c
}

func (l LKI) clone() LKI {
	l.Counters = slices.Clone(l.Counters)
	return l
}
