package replay

import (
	"fmt"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Building a setup input from a position, for `replay export --format
// setup`. A setup places every zone, life totals, the turn, the step, the
// active player and who has priority, and each permanent's tapped and
// summoning-sick flags, counters and face up (a transformed, flipped or
// prototyped permanent, a modal DFC's back). It can't place anything else, so a
// position that holds more is refused (see Inexpressible): objects on the
// stack, triggers waiting, a decision pending other than priority (a
// mulligan, attackers, blockers, a choice, a random outcome), attackers and
// blockers, damage marked, effects until end of turn, continuous effects, a
// permanent's X (the X it was cast with), a discover under way, mana in a
// pool, a land played this turn, a once-a-turn ability used this turn, a
// pass already made this round, tokens, permanents controlled by a player
// who doesn't own them, exiled cards someone may cast or that lie face
// down, counters on a player, games already won, a game that is over.
// Mulligans taken before the game began are history, not position: a
// setup forgets them.
//
// The reducer grows: a field it adds to the state that a setup can't place
// belongs in Inexpressible too, or the round-trip test of the fixtures
// (export_setup_test.go) says where the two positions differ.

// Inexpressible lists what of the position s a setup input can't place,
// one reason a line; nil when a setup places it whole.
func Inexpressible(s *reducer.State) []string {
	var why []string
	add := func(format string, args ...any) { why = append(why, fmt.Sprintf(format, args...)) }
	switch {
	case len(s.Players) == 0:
		return []string{"the match has not started"}
	case s.Over || s.GameOver:
		return []string{"the game is over"}
	case s.Turn == 0:
		return []string{"the game has not reached its first turn (opening hands and mulligans)"}
	}
	if s.Pending.Ask != reducer.AskPriority {
		add("a pending decision: %s", s.DescribePending())
	}
	if n := len(s.Stack); n > 0 {
		add("a non-empty stack: %s", stateObjNames(s, s.Stack))
	}
	if n := len(s.Triggers); n > 0 {
		add("%d triggered abilit%s waiting to be put on the stack", n, map[bool]string{true: "y", false: "ies"}[n == 1])
	}
	if n := len(s.Continuous); n > 0 {
		add("%d continuous effect%s of resolved spells and abilities", n, map[bool]string{true: "", false: "s"}[n == 1])
	}
	if s.Discovery != nil {
		add("a discover under way")
	}
	if s.Pending.Ask == reducer.AskPriority && s.Passes > 0 {
		add("%s passed priority this round and a setup starts the round over", passer(s))
	}
	for seat, p := range s.Players {
		if len(p.Pool) > 0 {
			add("mana in %s's pool", p.ID)
		}
		if p.LandsPlayed > 0 {
			add("%s has played a land this turn and a setup gives the land drop back", p.ID)
		}
		if p.Lost {
			add("%s has lost", p.ID)
		}
		if seat < len(s.GameWins) && s.GameWins[seat] > 0 {
			add("games already won in the match (%s won %d)", p.ID, s.GameWins[seat])
		}
		for _, c := range p.Counters {
			add("%d %s counter%s on %s", c.N, c.Kind, map[bool]string{true: "", false: "s"}[c.N == 1], p.ID)
		}
	}
	for _, id := range s.Battlefield {
		o := s.Obj(id)
		name := stateObjName(s, id)
		switch {
		case o.Token:
			add("a token: %s", name)
		case o.Controller != o.Owner:
			add("%s is controlled by %s, not its owner", name, s.Players[o.Controller].ID)
		}
		if o.Damage > 0 || o.Deathtouched {
			add("damage marked on %s", name)
		}
		if o.PumpP != 0 || o.PumpT != 0 {
			add("an effect until end of turn on %s (%+d/%+d)", name, o.PumpP, o.PumpT)
		}
		if o.Attacking > 0 || o.AttackingPW != 0 || o.Blocking != 0 || o.Blocked {
			add("%s is in combat (attackers and blockers)", name)
		}
		if o.X != 0 {
			add("%s was cast with X = %d", name, o.X)
		}
		if o.Melded != 0 {
			add("%s is a melded permanent: two cards", name)
		}
		for _, u := range o.Used {
			if u.Turn == s.Turn {
				add("an ability of %s used this turn (%s)", name, u.Kind)
			}
		}
	}
	for _, id := range s.Exile {
		o := s.Obj(id)
		if len(o.MayCast) > 0 {
			add("%s may be cast from exile", stateObjName(s, id))
		}
		if o.FaceDown {
			add("a card exiled face down (%s)", id)
		}
	}
	return why
}

// passer names who passed in the round of passes so far.
func passer(s *reducer.State) string {
	if s.Passes == 1 {
		return s.Players[(s.Priority+len(s.Players)-1)%len(s.Players)].ID
	}
	return fmt.Sprintf("%d players", s.Passes)
}

func stateObjName(s *reducer.State, id reducer.ObjID) string {
	if o := s.Obj(id); o != nil {
		return o.Name() + " (" + id.String() + ")"
	}
	return id.String()
}

func stateObjNames(s *reducer.State, ids []reducer.ObjID) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = stateObjName(s, id)
	}
	return strings.Join(names, ", ")
}

// BuildSetup returns the setup input body that places the position s, for
// a game started as base was (base: the state right after the match's
// match_started), and the objects of s in the order the setup places them.
// The position must be expressible (Inexpressible(s) is nil).
//
// Cards are named by name where the setup's rule (a name takes the
// player's first card of that name not used yet) picks the very card, else
// by card id, so that a replay of the setup gives every card its id of the
// original match; a card the original added with a setup of its own is
// named by name and is added again.
func BuildSetup(base, s *reducer.State) (*events.Setup, []reducer.ObjID) {
	b := &events.Setup{
		Turn: s.Turn, Step: s.Step.String(), ActivePlayer: s.Players[s.Active].ID,
	}
	if s.Game > 1 {
		b.Game = s.Game
	}
	if s.Priority != s.Active {
		b.Priority = s.Players[s.Priority].ID
	}
	var order []reducer.ObjID
	for seat, p := range s.Players {
		life := p.Life
		sp := events.SetupPlayer{ID: p.ID, Life: &life}
		nm := &namer{base: base, s: s, seat: seat, used: map[reducer.CardID]bool{}}
		for _, z := range []struct {
			ids  []reducer.ObjID
			refs *[]events.Ref
		}{{p.Library, &sp.Library}, {p.Hand, &sp.Hand}, {p.Graveyard, &sp.Graveyard}, {exiledBy(s, seat), &sp.Exile}, {p.Command, &sp.Command}} {
			for _, id := range z.ids {
				*z.refs = append(*z.refs, nm.ref(id))
				order = append(order, id)
			}
		}
		for _, id := range s.Battlefield {
			o := s.Obj(id)
			if o.Controller != seat {
				continue
			}
			perm := events.Permanent{Card: nm.ref(id), Tapped: o.Tapped, SummoningSick: o.Sick, Face: o.Face}
			for _, c := range o.Counters {
				if perm.Counters == nil {
					perm.Counters = events.Counters{}
				}
				perm.Counters[c.Kind] = c.N
			}
			sp.Battlefield = append(sp.Battlefield, perm)
			order = append(order, id)
		}
		b.Players = append(b.Players, sp)
	}
	return b, order
}

// exiledBy lists the exiled objects seat owns, in exile's order.
func exiledBy(s *reducer.State, seat int) []reducer.ObjID {
	var out []reducer.ObjID
	for _, id := range s.Exile {
		if s.Obj(id).Owner == seat {
			out = append(out, id)
		}
	}
	return out
}

// namer names one player's cards in a setup, following the reducer's rule
// for names in a setup: the player's first card of that name, in card id
// order, not used yet by the setup.
type namer struct {
	base, s *reducer.State
	seat    int
	used    map[reducer.CardID]bool
}

func (n *namer) ref(id reducer.ObjID) events.Ref {
	o := n.s.Obj(id)
	name := o.Def.Name
	first := n.firstUnused(name)
	if int(o.Card) < len(n.base.Cards) && first != o.Card {
		n.used[o.Card] = true // a name would pick another card: name this one by id
		return o.Card.String()
	}
	if first != 0 {
		n.used[first] = true
	}
	return name
}

// firstUnused is the card a name picks, or 0 when the name adds a card.
func (n *namer) firstUnused(name string) reducer.CardID {
	for id := 1; id < len(n.base.Cards); id++ {
		c := n.base.Cards[id]
		if c.Owner == n.seat && !n.used[reducer.CardID(id)] && c.Def != nil && (c.Def.Name == name || c.Def.Face(name) != nil) {
			return reducer.CardID(id)
		}
	}
	return 0
}
