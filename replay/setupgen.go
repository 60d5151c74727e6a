package replay

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer"
)

// Building a setup input from a position, for `replay export --format
// setup`. A setup places every zone with each object's id, life totals,
// the turn, the step, the active player, who has priority and the passes
// made before, and of each permanent: tapped, summoning sick, counters,
// the face up, attachments, tokens (by name, described, or copies),
// control, damage marked and deathtouch, effects until end of turn, X,
// combat (attackers, what each attacks, blockers, blocked), once-a-turn
// abilities used, regeneration shields, skipped untaps, what was chosen as
// it entered, copies, kicked and alternative costs, choices still to make
// as it entered, the second card of a melded one; of each exiled card,
// face down, who may cast it and what exiled it; of each player, mana in
// the pool (and what it may be spent on), who may cast cards in the
// graveyard, land drops and spells this turn, counters, games won; the
// stack with each spell's or ability's choices and progress, triggers
// waiting, the question pending, continuous effects with their timestamps
// (those the table described and those that make objects become something too),
// a discover or cascade under way, players who have lost while the game
// goes on, the cards the match declared since it started (tokens its
// effects defined) and the cards its own setups added; delayed triggered abilities waiting for their event,
// extra turns to come, emblems (setupgen_later.go), a permanent's
// language choices and progress, abilities of tokens the table described
// (with their source's characteristics) and described tokens that became
// copies; before the first turn, the opening hands, mulligans taken and
// kept (step "pregame"); a match that is over, with its last game's board
// as it ended and who won it (setup_over.go in events), nothing left to
// follow. What it can't place is refused (see Inexpressible). Once the first turn has begun,
// the mulligans taken are history, not position: a setup forgets them.
//
// The reducer grows: a field it adds to the state that a setup can't place
// belongs in Inexpressible too, or the round-trip tests (export_setup_test.go,
// setup_property_test.go) say where the two positions differ.

// Inexpressible lists what of the position s a setup input can't place,
// one reason a line; nil when a setup places it whole.
func Inexpressible(s *reducer.State) []string {
	var why []string
	add := func(format string, args ...any) { why = append(why, fmt.Sprintf(format, args...)) }
	switch {
	case len(s.Players) == 0:
		return []string{"the match has not started"}
	case s.GameOver && !s.Over:
		return []string{"a game is over while the match goes on"} // never at an input's end: the next game begins
	}
	for _, id := range s.Stack {
		if o := s.Obj(id); o.Facts != nil {
			add("%s on the stack is a token the table described", stateObjName(s, id))
		}
	}
	for _, id := range s.Battlefield {
		o := s.Obj(id)
		name := stateObjName(s, id)
		if o.Attacking > 0 && o.Attacking-1 == o.Controller {
			// The rules remove a creature whose controller changes from
			// combat (CR 506.4); effects recorded before they did may not.
			add("%s attacks its own controller", name)
		}
	}
	return why
}

// wonBefore is how many games seat won before the current one: a setup's
// game_wins. After the match's last game, that game's win is the setup's
// over.winner.
func wonBefore(s *reducer.State, seat int) int {
	if seat >= len(s.GameWins) {
		return 0
	}
	if s.GameOver && s.Winner == seat {
		return s.GameWins[seat] - 1
	}
	return s.GameWins[seat]
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
// match_started), and the objects of s in the order the setup lists them.
// The position must be expressible (Inexpressible(s) is nil).
//
// Every object keeps its id (the setup names them all, and the id the next
// object gets). Cards are named by name where the setup's rule (a name
// takes the player's first card of that name not used yet) picks the very
// card, else by card id, so that a replay of the setup gives every card its
// id of the original match; the cards the original added with setups of
// its own are listed in the setup's cards, in id order, and named by id.
func BuildSetup(base, s *reducer.State) (*events.Setup, []reducer.ObjID) {
	b := &events.Setup{
		Turn: s.Turn, Step: s.Step.String(), ActivePlayer: s.Players[s.Active].ID, Passes: s.Passes,
		NextID: events.Ref(reducer.ObjID(max(len(s.Objects), 1)).String()),
	}
	if s.Turn == 0 {
		b.Step = events.StepPregame // setupgen_later.go
	}
	if s.Game > 1 {
		b.Game = s.Game
	}
	for _, d := range s.Declared[len(base.Declared):] {
		b.Declare = append(b.Declare, d)
	}
	for id := max(len(base.Cards), 1); id < len(s.Cards); id++ {
		c := s.Cards[id] // added by the match's own setups: added again, keeping its id
		b.Cards = append(b.Cards, events.SetupCard{Player: s.Players[c.Owner].ID, Card: c.Def.Name})
	}
	if s.GameOver {
		b.Over = &events.SetupOver{Draw: s.Winner < 0}
		if s.Winner >= 0 {
			b.Over.Winner = s.Players[s.Winner].ID
		}
	}
	if s.Priority >= 0 && (s.Priority != s.Active || s.Pending.Ask != reducer.AskPriority) {
		b.Priority = s.Players[s.Priority].ID // with a question pending, left out means nobody
	}
	var order []reducer.ObjID
	nms := make([]*namer, len(s.Players))
	for seat := range s.Players {
		nms[seat] = &namer{base: base, s: s, seat: seat, used: map[reducer.CardID]bool{}}
	}
	for seat, p := range s.Players {
		life := p.Life
		sp := events.SetupPlayer{ID: p.ID, Life: &life, LandsPlayed: p.LandsPlayed, SpellsCast: p.Spells, IDs: &events.ZoneIDs{},
			CardsDrawn: p.Drawn, NoncreatureSpells: p.Noncreature, LeftBattlefield: p.Left}
		if p.Lost {
			sp.Lost = p.LossReason
			if sp.Lost == "" {
				sp.Lost = "lost"
			}
		}
		if s.Turn == 0 {
			sp.Mulligans, sp.Kept, sp.Mulliganed = p.Mulligans, p.Kept, p.Decided // before the first turn: position, not history
		}
		if n := wonBefore(s, seat); n > 0 {
			sp.GameWins = &n
		}
		sp.ChosePlay = p.ChosePlay // after a draw they choose again (CR 103.1c)
		nm := nms[seat]
		var plain []reducer.ObjID
		for _, id := range exiledBy(s, seat) {
			o := s.Obj(id)
			if o.FaceDown || len(o.MayCast) > 0 || o.ExiledBy != "" && o.ExiledBy != reducer.ExiledBySetup {
				continue
			}
			plain = append(plain, id)
		}
		for _, z := range []struct {
			ids       []reducer.ObjID
			refs, out *[]events.Ref
		}{{p.Library, &sp.Library, &sp.IDs.Library}, {p.Hand, &sp.Hand, &sp.IDs.Hand}, {p.Graveyard, &sp.Graveyard, &sp.IDs.Graveyard},
			{plain, &sp.Exile, &sp.IDs.Exile}} {
			for _, id := range z.ids {
				*z.refs = append(*z.refs, nm.ref(id))
				*z.out = append(*z.out, events.Ref(id.String()))
				order = append(order, id)
			}
		}
		for _, id := range exiledBy(s, seat) {
			if slices.Contains(plain, id) {
				continue
			}
			o := s.Obj(id)
			x := events.Exiled{Card: nm.ref(id), ID: events.Ref(id.String()), FaceDown: o.FaceDown, ExiledBy: o.ExiledBy}
			if x.ExiledBy == reducer.ExiledBySetup {
				x.ExiledBy = ""
			}
			for _, m := range o.MayCast {
				x.MayCast = append(x.MayCast, events.MayCast{Player: s.Players[m.Seat].ID, Kind: m.Kind})
			}
			sp.Exiled = append(sp.Exiled, x)
			order = append(order, id)
		}
		cards := 0 // the command zone's cards listed so far
		for i, id := range p.Command {
			if o := s.Obj(id); o.Token {
				e := events.Emblem{ID: ref(id), Emblem: o.Def.Name} // setupgen_later.go
				if slices.ContainsFunc(p.Command[i:], func(id reducer.ObjID) bool { return !s.Obj(id).Token }) {
					n := cards
					e.Before = &n // a card follows it: it stands before that one
				}
				sp.Emblems = append(sp.Emblems, e)
			} else {
				cards++
				sp.Command = append(sp.Command, nm.ref(id))
				sp.IDs.Command = append(sp.IDs.Command, events.Ref(id.String()))
			}
			order = append(order, id)
		}
		for _, id := range s.Battlefield {
			o := s.Obj(id)
			if o.Controller != seat {
				continue
			}
			sp.Battlefield = append(sp.Battlefield, permanentOf(s, o, nms[o.Owner]))
			order = append(order, id)
		}
		for _, m := range p.Pool {
			pm := events.PoolMana{Mana: m.Color.Letter(), Legendary: m.Legendary, Only: m.Spend, Uncounterable: m.Uncounterable}
			if m.Source != 0 {
				pm.Source = events.Ref(m.Source.String())
			}
			sp.Pool = append(sp.Pool, pm)
		}
		for _, id := range p.Graveyard {
			for _, m := range s.Obj(id).MayCast {
				sp.GraveyardMayCast = append(sp.GraveyardMayCast, events.GraveyardMayCast{Card: events.Ref(id.String()), Player: s.Players[m.Seat].ID, Kind: m.Kind})
			}
		}
		for _, c := range p.Counters {
			if sp.Counters == nil {
				sp.Counters = events.Counters{}
			}
			sp.Counters[c.Kind] = c.N
		}
		b.Players = append(b.Players, sp)
	}
	order = append(order, s.Stack...)
	buildUnderWay(b, s, nms) // setupgen_stack.go
	buildLater(b, s)         // setupgen_later.go
	return b, order
}

// permanentOf is a permanent as a setup places it.
func permanentOf(s *reducer.State, o *reducer.Object, nm *namer) events.Permanent {
	perm := events.Permanent{ID: events.Ref(o.ID.String()), Tapped: o.Tapped, SummoningSick: o.Sick, Face: o.Face,
		Damage: o.Damage, Deathtouched: o.Deathtouched, X: o.X, Cast: o.Cast, Blocked: o.Blocked,
		RegenShields: o.Regen, SkipUntap: o.SkipUntap, Chosen: o.Chosen, Kicked: o.Kicked, Kicks: o.Kicks, CastWith: o.CastWith,
		ClassLevel: o.ClassLevel, Spent: o.Spent, SpentColors: o.SpentColors}
	if l := o.Lang; l != nil {
		perm.Entering = slices.Clone(l.Enter)
		perm.Choices, perm.Progress = langFields(s, o) // setupgen_stack.go
		if perm.Choices == nil && len(l.Enter)+len(l.Pc)+len(l.Bound) == 0 {
			perm.Choices = &events.Choices{Modes: []int{}, Slots: []int{}} // nothing else gives it a language state
		}
	}
	perm.Times = o.Times
	switch {
	case o.Token:
		perm.Token = true
		perm.Card = events.Ref(o.Def.Name)
		if o.Facts != nil {
			f := *o.Facts
			perm.Characteristics = &f
			perm.Card = events.Ref(f.Name)
		}
		if o.Copy {
			perm.CopyOf = o.Def.Name // with characteristics: a described token that became a copy
		}
	default:
		perm.Card = nm.ref(o.ID)
		if o.Copy {
			perm.CopyOf = o.Def.Name
		}
		if o.Melded != 0 {
			nm.used[o.Melded] = true
			perm.MeldedWith = events.Ref(o.Melded.String())
		}
	}
	if o.Owner != o.Controller {
		perm.Owner = s.Players[o.Owner].ID
	}
	if o.PumpP != 0 || o.PumpT != 0 {
		perm.Pump = &events.Pump{Power: o.PumpP, Toughness: o.PumpT}
	}
	switch {
	case o.AttackingPW != 0:
		perm.Attacking = o.AttackingPW.String()
	case o.Attacking > 0:
		perm.Attacking = s.Players[o.Attacking-1].ID
	}
	if o.Blocking != 0 {
		perm.Blocking = events.Ref(o.Blocking.String())
	}
	if o.AttachedTo != 0 {
		perm.AttachedTo = events.Ref(o.AttachedTo.String())
	}
	for _, u := range o.Used {
		if u.Turn == s.Turn {
			perm.Used = append(perm.Used, u.Kind)
		}
	}
	for _, c := range o.Counters {
		if perm.Counters == nil {
			perm.Counters = events.Counters{}
		}
		perm.Counters[c.Kind] = c.N
	}
	return perm
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
	if int(o.Card) < len(n.s.Cards) && n.s.Cards[o.Card].Def != nil {
		name = n.s.Cards[o.Card].Def.Name // a copy is named by its own card
	}
	if int(o.Card) >= len(n.base.Cards) {
		return o.Card.String() // added by the match's setups: listed in the setup's cards
	}
	if n.firstUnused(name) != o.Card {
		n.used[o.Card] = true // a name would pick another card: name this one by id
		return o.Card.String()
	}
	n.used[o.Card] = true
	return name
}

// firstUnused is the card a name picks among the match's cards, or 0 when
// the name adds a card.
func (n *namer) firstUnused(name string) reducer.CardID {
	for id := 1; id < len(n.base.Cards); id++ {
		c := n.base.Cards[id]
		if c.Owner == n.seat && !n.used[reducer.CardID(id)] && c.Def != nil && (c.Def.Name == name || c.Def.Face(name) != nil) {
			return reducer.CardID(id)
		}
	}
	return 0
}
