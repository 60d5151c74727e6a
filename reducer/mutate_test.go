package reducer

import (
	"encoding/json"
	"math/rand"
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
)

// Mutations of listed inputs, for "inputs not listed are rejected". A
// mutation that mustReject is illegal whatever the position (another
// player acting, a card that isn't in the hand, a wrong count); the others
// (another target, another attacker) may happen to be legal, and are then
// expected among the listed inputs when the list is complete.

type mutation struct {
	ev         *events.Event
	mustReject bool
}

// inputKey identifies an input for comparing lists: kind, actor and body,
// with the lists whose order doesn't matter to legality sorted (LegalActions
// lists one order of each set: cards in hand order, targets in the order of
// targetRefs).
func inputKey(ev *events.Event) string {
	var body any = ev.Body
	switch b := ev.Body.(type) {
	case *events.Cast:
		c := *b
		c.Targets = sorted(b.Targets)
		body = &c
	case *events.Keep:
		c := *b
		c.Bottom = sorted(b.Bottom)
		body = &c
	case *events.Choose:
		// A set of cards, except an order of triggers (answers "1", "2",
		// ...), whose order is the point.
		if !allDigits(b.Answer) {
			c := *b
			c.Answer = sorted(b.Answer)
			body = &c
		}
	case *events.Attack:
		c := *b
		c.Attackers = slices.Clone(b.Attackers)
		slices.SortFunc(c.Attackers, func(x, y events.Attacker) int { return cmpStr(x.Creature+" "+x.Defender, y.Creature+" "+y.Defender) })
		body = &c
	case *events.Block:
		c := *b
		c.Blocks = slices.Clone(b.Blocks)
		slices.SortFunc(c.Blocks, func(x, y events.BlockAssign) int { return cmpStr(x.Blocker+" "+x.Attacker, y.Blocker+" "+y.Attacker) })
		body = &c
	}
	data, _ := json.Marshal(body)
	return string(ev.Kind) + " " + ev.Actor + " " + string(data)
}

// exactKey identifies an input exactly: two casts whose targets are the
// same in another order (Explosion at p1 drawing p2, at p2 drawing p1) are
// two inputs, which inputKey takes for one.
func exactKey(ev *events.Event) string {
	data, _ := json.Marshal(ev.Body)
	return string(ev.Kind) + " " + ev.Actor + " " + string(data)
}

func sorted(refs []string) []string {
	out := slices.Clone(refs)
	slices.Sort(out)
	return out
}

func cmpStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// mutations returns variants of the listed input ev.
func mutations(rng *rand.Rand, g *Game, ev *events.Event) []mutation {
	s := g.S
	var out []mutation
	add := func(body events.Body, actor string, must bool) {
		out = append(out, mutation{ev: &events.Event{Match: ev.Match, Kind: body.Kind(), Actor: actor, Body: body}, mustReject: must})
	}
	// Any object id, live or not, or one past the last.
	anyObj := func() string { return ObjID(1 + rng.Intn(len(s.Objects)+1)).String() }
	seat := s.Seat(ev.Actor)
	if seat >= 0 {
		// Nobody but the player asked may act, and no one else passes.
		for other, p := range s.Players {
			if other != seat {
				add(withPlayer(ev.Body, p.ID), p.ID, true)
				add(&events.Pass{Player: p.ID}, p.ID, true)
			}
		}
	}
	// notIn names an object outside list: a library card, or no object.
	notIn := func(list []ObjID) string {
		for range 4 {
			ref := anyObj()
			if o := s.Obj(parseObj(ref)); o == nil || !slices.Contains(list, o.ID) {
				return ref
			}
		}
		return ObjID(len(s.Objects) + 7).String()
	}
	var hand []ObjID
	if seat >= 0 {
		hand = s.Players[seat].Hand
	}
	switch b := ev.Body.(type) {
	case *events.Random:
		if b.Of == events.RandomShuffle && len(b.Order) > 0 {
			c := *b
			c.Order = b.Order[:len(b.Order)-1]
			add(&c, ev.Actor, true)
			d := *b
			d.Order = append(slices.Clone(b.Order[1:]), b.Order[len(b.Order)-1])
			add(&d, ev.Actor, true)
		}
		add(&events.Random{Of: events.RandomCoin, Coin: "heads"}, ev.Actor, b.Of != events.RandomCoin)
	case *events.PlayLand:
		c := *b
		c.Card = notIn(hand)
		add(&c, ev.Actor, false) // no: but if a rule allows it, it must be listed
	case *events.Cast:
		c := *b
		c.Card = notIn(hand)
		add(&c, ev.Actor, false)
		x := *b
		x.X++
		add(&x, ev.Actor, false)
		more := *b
		more.Targets = append(slices.Clone(b.Targets), s.Players[0].ID)
		add(&more, ev.Actor, false) // "any number of targets" takes more
		modes := *b
		modes.Modes = []int{0}
		add(&modes, ev.Actor, true)
		face := *b
		face.Face = "Ice"
		add(&face, ev.Actor, true)
		for i := range b.Targets {
			t := *b
			t.Targets = slices.Clone(b.Targets)
			t.Targets[i] = anyObj()
			add(&t, ev.Actor, false)
			p := *b
			p.Targets = slices.Clone(b.Targets)
			p.Targets[i] = s.Players[rng.Intn(len(s.Players))].ID
			add(&p, ev.Actor, false)
		}
	case *events.Activate:
		src := *b
		src.Source = anyObj()
		add(&src, ev.Actor, false)
		ab := *b
		ab.Ability++
		add(&ab, ev.Actor, false)
		col := *b
		col.Choice = "C"
		add(&col, ev.Actor, true)
		tg := *b
		tg.Targets = []string{ev.Actor}
		add(&tg, ev.Actor, true)
		x := *b
		x.X = 1
		add(&x, ev.Actor, true)
	case *events.Keep:
		c := *b
		c.Bottom = append(slices.Clone(b.Bottom), notIn(hand))
		add(&c, ev.Actor, true)
		if len(b.Bottom) > 0 {
			d := *b
			d.Bottom = b.Bottom[1:]
			add(&d, ev.Actor, true)
			e := *b
			e.Bottom = slices.Clone(b.Bottom)
			e.Bottom[0] = notIn(hand)
			add(&e, ev.Actor, true)
		}
	case *events.Choose:
		c := *b
		c.Answer = append(slices.Clone(b.Answer), "maybe")
		add(&c, ev.Actor, true)
		d := *b
		d.Answer = events.Answer{notIn(hand)}
		add(&d, ev.Actor, true)
	case *events.Attack:
		c := *b
		c.Attackers = append(slices.Clone(b.Attackers), events.Attacker{Creature: anyObj(), Defender: s.Players[s.Opponent(seat)].ID})
		add(&c, ev.Actor, false)
		if len(b.Attackers) > 0 {
			self := *b
			self.Attackers = slices.Clone(b.Attackers)
			self.Attackers[0].Defender = ev.Actor
			add(&self, ev.Actor, true)
			dup := *b
			dup.Attackers = append(slices.Clone(b.Attackers), b.Attackers[0])
			add(&dup, ev.Actor, true)
		}
	case *events.Block:
		for i := range b.Blocks {
			c := *b
			c.Blocks = slices.Clone(b.Blocks)
			c.Blocks[i].Blocker = anyObj()
			add(&c, ev.Actor, false)
			d := *b
			d.Blocks = slices.Clone(b.Blocks)
			d.Blocks[i].Attacker = anyObj()
			add(&d, ev.Actor, false)
			dup := *b
			dup.Blocks = append(slices.Clone(b.Blocks), b.Blocks[i])
			add(&dup, ev.Actor, true)
		}
		var attackers []ObjID
		for _, id := range s.Battlefield {
			if s.Objects[id].Attacking == seat+1 {
				attackers = append(attackers, id)
			}
		}
		if len(attackers) > 0 {
			c := *b
			c.Blocks = append(slices.Clone(b.Blocks), events.BlockAssign{Blocker: anyObj(), Attacker: attackers[rng.Intn(len(attackers))].String()})
			add(&c, ev.Actor, false)
		}
	}
	return out
}

// withPlayer returns a copy of a decision body made by player instead.
func withPlayer(b events.Body, player string) events.Body {
	switch b := b.(type) {
	case *events.Pass:
		c := *b
		c.Player = player
		return &c
	case *events.PlayLand:
		c := *b
		c.Player = player
		return &c
	case *events.Cast:
		c := *b
		c.Player = player
		return &c
	case *events.Activate:
		c := *b
		c.Player = player
		return &c
	case *events.Mulligan:
		c := *b
		c.Player = player
		return &c
	case *events.Keep:
		c := *b
		c.Player = player
		return &c
	case *events.Choose:
		c := *b
		c.Player = player
		return &c
	case *events.Attack:
		c := *b
		c.Player = player
		return &c
	case *events.Block:
		c := *b
		c.Player = player
		return &c
	}
	panic("withPlayer: not a decision")
}

// parseObj reads an object id, or 0.
func parseObj(ref string) ObjID {
	if kind, n, ok := parseID(ref); ok && kind == 'o' {
		return ObjID(n)
	}
	return 0
}

// renamed rewrites the object ids of a listed input as card ids ("c3"), or
// with byName as card names, the other ways an input may name objects. An
// object without a card (a token, an ability) keeps its id.
func renamed(s *State, ev *events.Event, byName bool) *events.Event {
	data, _ := json.Marshal(ev.Body)
	data = objRef.ReplaceAllFunc(data, func(ref []byte) []byte {
		o := s.Obj(parseObj(string(ref[1 : len(ref)-1])))
		switch {
		case o == nil || o.Card == 0:
			return ref
		case byName:
			q, _ := json.Marshal(o.Def.Name)
			return q
		}
		return []byte(`"` + o.Card.String() + `"`)
	})
	body, _ := events.NewBody(ev.Kind)
	if err := json.Unmarshal(data, body); err != nil {
		panic("renamed: " + err.Error())
	}
	c := *ev
	c.Body = body
	return &c
}

// sameNames reports whether an input names two objects of the same name,
// which by name would both be the first of them.
func sameNames(s *State, ev *events.Event) bool {
	data, _ := json.Marshal(ev.Body)
	seen := map[string]bool{}
	for _, ref := range objRef.FindAll(data, -1) {
		o := s.Obj(parseObj(string(ref[1 : len(ref)-1])))
		if o == nil || o.Def == nil {
			continue
		}
		if seen[o.Def.Name] {
			return true
		}
		seen[o.Def.Name] = true
	}
	return false
}

func allDigits(refs []string) bool {
	for _, r := range refs {
		for _, c := range r {
			if c < '0' || c > '9' {
				return false
			}
		}
	}
	return len(refs) > 0
}
