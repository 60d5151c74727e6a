package reducer

import (
	"fmt"
	"github.com/chronicle-mtg/chronicle/ability"
	"slices"

	"github.com/chronicle-mtg/chronicle/events"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Op is what an Effect does. Stored as a msgpack integer, so widening it
// changed no stored byte.
type Op uint16

// Effect operations. Each is a small, explicit change; Apply folds them.
// The numbering is stored with recorded effects: append, never renumber.
const (
	OpNone         Op = iota
	OpCreate          // new object Obj for Card, owned by Seat, in Zone at position N (-1: end); in exile, exiled by Name
	OpMove            // Obj leaves its zone; it becomes object To in Zone (CR 400.7), controlled by Seat, at position N; moved to exile by Name
	OpOrder           // Seat's library becomes List, top first (a shuffle)
	OpTap             // tap Obj
	OpUntap           // untap Obj
	OpSick            // Obj's summoning sickness: N = 1 sick, 0 not
	OpAddMana         // add one mana of Color from source Obj to Seat's pool; N = 1 if the source is legendary
	OpSpendMana       // remove the Nth mana of Seat's pool
	OpEmptyPools      // every mana pool empties (CR 500.4)
	OpLife            // Seat's life changes by N (damage from source To, when set)
	OpDamage          // N damage from source To is marked on Obj
	OpClearDamage     // damage wears off every permanent (CR 514.2)
	OpCounter         // N counters of Kind added to Obj (negative: removed)
	OpStep            // the game moves to turn N, Step, active player Seat
	OpPriority        // Seat (or -1) receives priority; Passes becomes N
	OpAsk             // the pending question becomes Ask
	OpLandPlayed      // Seat played a land this turn
	OpMulligan        // Seat took a mulligan
	OpKeep            // Seat kept
	OpLose            // Seat lost the game, for reason Kind
	OpGameOver        // the game ended: winner Seat, or -1 for a draw
	OpSpell           // the stack object Obj was cast as face Kind ("": whole card) with X = N and Targets, from Zone (none: a hand)
	OpNewGame         // game N of the match begins: every zone empties, life resets
	OpMatch           // the match is Name (id) in format Kind with starting life N
	OpPlayer          // seat Seat is player Kind named Name
	OpCard            // card Card is Name, owned by Seat; N = 1 if it starts in the sideboard
	OpDecided         // Seat decided this mulligan round (N = 1) or starts a new one (N = 0)
	OpPump            // Obj gets +N/+Card until end of turn (Card: the toughness change as int32 bits, pumpT)
	OpEndPumps        // "until end of turn" effects end
	OpDeathtouched    // Obj was dealt damage by a source with deathtouch this turn
	OpAttack          // Obj attacks seat Seat (N = 1) or, with To, that player's planeswalker To; or leaves combat (N = 0)
	OpBlock           // Obj blocks attacker To; the attacker becomes blocked
	OpVanish          // token Obj outside the battlefield ceases to exist (CR 704.5d)
	OpBestOf          // the match is best of N games
	OpMatchOver       // the match has ended
	OpAbility         // ability N of source To, controlled by Seat, goes on the stack as object Obj
	OpTrigger         // triggered ability N of card Name triggers from source Obj for Seat, with LKI
	OpPutTrigger      // the first waiting trigger goes on the stack as object Obj
	OpToken           // a token named Name is created on the battlefield for Seat as object Obj
	OpRequeue         // the Nth waiting trigger moves to the front of the waiting list
	OpMayCast         // Seat may cast the exiled Obj, by permission Kind
	OpResolveStep     // the resolving Obj goes on to step N
)

// Effect is one state change. Fields unused by an Op are zero.
type Effect struct {
	Op      Op          `msgpack:"op"`
	Seat    int         `msgpack:"seat,omitempty"`
	Obj     ObjID       `msgpack:"obj,omitempty"`
	To      ObjID       `msgpack:"to,omitempty"`
	Card    CardID      `msgpack:"card,omitempty"`
	Zone    Zone        `msgpack:"zone,omitempty"`
	Step    Step        `msgpack:"step,omitempty"`
	N       int         `msgpack:"n,omitempty"`
	Color   cards.Color `msgpack:"color,omitempty"`
	Kind    string      `msgpack:"kind,omitempty"`
	Name    string      `msgpack:"name,omitempty"`
	List    []ObjID     `msgpack:"list,omitempty"`
	Targets []Target    `msgpack:"targets,omitempty"`
	Ask     *Question   `msgpack:"ask,omitempty"`
	LKI     *LKI        `msgpack:"lki,omitempty"`
	// A trigger's event: its object, that object's LKI, and the player.
	Event     ObjID `msgpack:"event,omitempty"`
	EventSeat int   `msgpack:"event_seat,omitempty"`
	EventLKI  *LKI  `msgpack:"event_lki,omitempty"`
	// A continuous effect that begins (OpAddContinuous).
	Cont *Continuous `msgpack:"cont,omitempty"`
	// A card the match declares (OpDeclare).
	Decl *Declared `msgpack:"decl,omitempty"`
	// Numbers of the interpreter's ops (interp_state.go).
	Ints []int `msgpack:"ints,omitempty"`
	// A token the table described (OpTableToken, table_ops.go).
	Facts *events.Characteristics `msgpack:"facts,omitempty"`
	// What mana added by OpAddMana may be spent on (CR 106.6); nil: anything.
	Spend *ability.Filter `msgpack:"spend,omitempty"`
}

// apply folds one effect into s. It panics on an effect that doesn't fit
// the state: effects come from the reducer, and a misfit is a broken
// invariant, never an input error.
func (s *State) apply(e *Effect) {
	switch {
	case !s.keepsCaches(e):
		s.changes++
		if !s.keepsSources(e) { // static_sources.go
			s.placed++
		}
	case e.Op == OpMove && e.Zone == ZoneBattlefield:
		s.placed++ // a quiet entry (sba_quiet.go): the static sources are listed again
	}
	s.change(e)
}

// applyFolded is apply for recorded effects folded without the rules
// (Game.Apply): nothing reads the caches meanwhile, so every effect drops
// them, without asking which keep them (sba_quiet.go asks the position).
func (s *State) applyFolded(e *Effect) {
	s.changes++
	s.placed++
	s.change(e)
}

// change is the state change e makes.
func (s *State) change(e *Effect) {
	switch e.Op {
	case OpCreate:
		s.create(e.Obj, e.Card, e.Seat, e.Zone, e.N, e.Name)
	case OpMove:
		s.move(e.Obj, e.To, e.Seat, e.Zone, e.N, e.Name)
	case OpOrder:
		p := s.Players[e.Seat]
		if len(e.List) != len(p.Library) {
			panic("reducer: library order of the wrong size")
		}
		p.Library = append(p.Library[:0], e.List...)
	case OpTap:
		s.mustObj(e.Obj).Tapped = true
	case OpUntap:
		s.mustObj(e.Obj).Tapped = false
	case OpSick:
		s.mustObj(e.Obj).Sick = e.N != 0
	case OpAddMana:
		s.addMana(e)
	case OpSpendMana:
		p := s.Players[e.Seat]
		s.noteSpent(p.Pool[e.N]) // interp_spent.go
		p.Pool = slices.Delete(p.Pool, e.N, e.N+1)
	case OpEmptyPools:
		for _, p := range s.Players {
			p.Pool = p.Pool[:0]
		}
	case OpLife:
		s.Players[e.Seat].Life += e.N
	case OpDamage:
		s.mustObj(e.Obj).Damage += e.N
	case OpClearDamage:
		for _, id := range s.Battlefield {
			s.Objects[id].Damage, s.Objects[id].Deathtouched = 0, false
		}
	case OpCounter:
		o := s.mustObj(e.Obj)
		o.Counters = addCounter(o.Counters, e.Kind, e.N)
	case OpStep:
		s.step(e.Seat, e.Step, e.N)
	case OpPriority:
		s.givePriority(e.Seat, e.N)
	case OpAsk:
		s.askNow(e.Ask)
	case OpLandPlayed:
		s.Players[e.Seat].LandsPlayed++
	case OpMulligan:
		s.Players[e.Seat].Mulligans++
	case OpKeep:
		s.Players[e.Seat].Kept = true
	case OpPump:
		o := s.mustObj(e.Obj)
		o.PumpP += e.N
		o.PumpT += pumpT(e.Card)
	case OpEndPumps:
		for _, id := range s.Battlefield {
			o := s.Objects[id]
			o.PumpP, o.PumpT = 0, 0
		}
	case OpDeathtouched:
		s.mustObj(e.Obj).Deathtouched = true
	case OpAttack:
		o := s.mustObj(e.Obj)
		if e.N == 1 {
			o.Attacking, o.AttackingPW = e.Seat+1, e.To // To: the planeswalker attacked, if one is
		} else {
			o.Attacking, o.Blocking, o.Blocked, o.AttackingPW = 0, 0, false, 0
		}
	case OpBlock:
		s.mustObj(e.Obj).Blocking = e.To
		s.mustObj(e.To).Blocked = true
	case OpAbility:
		src := s.mustObj(e.To)
		if e.Obj != s.nextObjID() {
			panic(fmt.Sprintf("reducer: ability %s, next id is %s", e.Obj, s.nextObjID()))
		}
		o := s.newObject(Object{ID: e.Obj, Def: src.Def, Owner: e.Seat, Controller: e.Seat, Zone: ZoneStack, Ability: e.N + 1, Source: e.To})
		if e.Name != "" { // a granted ability, of the card that grants it (interp_grant.go)
			def, ok := s.cardDef(e.Name)
			if !ok {
				panic("reducer: granted ability of unknown card " + e.Name)
			}
			o.Def = def
		}
		s.addObject(o, -1)
	case OpTrigger:
		def, ok := s.effectDef(e) // setup_later.go
		if !ok {
			panic("reducer: trigger of unknown card " + e.Name)
		}
		t := Trigger{Source: e.Obj, Def: def, Index: e.N, Controller: e.Seat, Event: e.Event, EventSeat: e.EventSeat}
		if e.LKI != nil {
			t.LKI = e.LKI.clone()
		}
		if e.EventLKI != nil {
			l := e.EventLKI.clone()
			t.EventLKI = &l
		}
		s.Triggers = append(s.Triggers, t)
	case OpPutTrigger:
		if e.Obj != s.nextObjID() || len(s.Triggers) == 0 {
			panic("reducer: put trigger out of order")
		}
		t := s.Triggers[0]
		s.Triggers = slices.Delete(s.Triggers, 0, 1)
		lki := t.LKI
		o := s.newObject(Object{ID: e.Obj, Def: t.Def, Owner: t.Controller, Controller: t.Controller, Zone: ZoneStack,
			Trigger: t.Index + 1, Source: t.Source, LKI: &lki, Event: t.Event, EventSeat: t.EventSeat, EventLKI: t.EventLKI})
		s.addObject(o, -1)
	case OpRequeue:
		t := s.Triggers[e.N]
		s.Triggers = slices.Delete(s.Triggers, e.N, e.N+1)
		s.Triggers = slices.Insert(s.Triggers, 0, t)
	case OpMayCast:
		o := s.mustObj(e.Obj)
		o.MayCast = append(o.MayCast, Permission{Seat: e.Seat, Kind: e.Kind})
	case OpResolveStep:
		s.mustObj(e.Obj).Step = e.N
	case OpToken:
		def, ok := s.cardDef(e.Name)
		if !ok || e.Obj != s.nextObjID() {
			panic("reducer: bad token " + e.Name)
		}
		o := s.newObject(Object{ID: e.Obj, Def: def, Owner: e.Seat, Controller: e.Seat, Zone: ZoneBattlefield, Token: true, Sick: true})
		s.addObject(o, -1)
	case OpBestOf:
		s.BestOf = e.N
	case OpMatchOver:
		s.Over = true
	case OpVanish:
		o := s.mustObj(e.Obj)
		s.noteLeft(o)
		s.removeObject(o)
	case OpDecided:
		s.Players[e.Seat].Decided = e.N == 1
	case OpLose:
		p := s.Players[e.Seat]
		p.Lost, p.LossReason, p.DrewEmpty = true, e.Kind, false
	case OpGameOver:
		s.GameOver, s.Winner = true, e.Seat
		if e.Seat >= 0 {
			s.GameWins[e.Seat]++
		}
	case OpSpell:
		o := s.mustObj(e.Obj)
		o.X, o.Face, o.Targets, o.CastFrom = e.N, e.Kind, slices.Clone(e.Targets), e.Zone
		s.countSpell(o)
		s.paying = o.ID // interp_spent.go
	case OpNewGame:
		s.newGame(e.N)
	case OpMatch:
		s.Match, s.Format, s.StartingLife = e.Name, e.Kind, e.N
	case OpPlayer:
		if e.Seat != len(s.Players) {
			panic("reducer: players must be added in seat order")
		}
		s.Players = append(s.Players, &Player{ID: e.Kind, Name: e.Name, Life: s.StartingLife})
		s.GameWins = append(s.GameWins, 0)
	case OpCard:
		if int(e.Card) != max(len(s.Cards), 1) {
			panic("reducer: cards must be added in id order")
		}
		def, ok := s.cardDef(e.Name)
		if !ok {
			panic("reducer: card " + e.Name + " is not in the pool")
		}
		s.addCard(def, e.Seat, e.N)
	default:
		if f := extOps[e.Op]; f != nil {
			f(s, e)
			return
		}
		panic(fmt.Sprintf("reducer: unknown effect op %d", e.Op))
	}
}

// create is OpCreate's change: object id for card, owned by seat, in
// zone at position pos (-1: the end); in exile, exiled by exiledBy.
func (s *State) create(id ObjID, card CardID, seat int, zone Zone, pos int, exiledBy string) {
	if id != s.nextObjID() {
		panic(fmt.Sprintf("reducer: create %s, next id is %s", id, s.nextObjID()))
	}
	c := s.Cards[card]
	o := s.zeroObject(zone)
	o.ID, o.Card, o.Def, o.Owner, o.Controller, o.Zone = id, card, c.Def, seat, seat, zone
	if zone == ZoneExile {
		o.ExiledBy = exiledBy
	}
	s.addObject(o, pos)
}

// move is OpMove's change: object id leaves its zone and becomes object
// to in zone (CR 400.7), controlled by seat, at position pos; moved to
// exile by exiledBy.
func (s *State) move(id, to ObjID, seat int, zone Zone, pos int, exiledBy string) {
	old := s.mustObj(id)
	if to != s.nextObjID() {
		panic(fmt.Sprintf("reducer: move %s to %s, next id is %s", id, to, s.nextObjID()))
	}
	if zone != ZoneBattlefield {
		s.noteLeft(old) // interp_turnfacts.go
	}
	s.removeObject(old)
	o := s.zeroObject(zone)
	o.ID, o.Card, o.Def, o.Owner, o.Controller, o.Zone, o.Token = to, old.Card, old.Def, old.Owner, old.Owner, zone, old.Token
	if old.Copy {
		// A card stops being a copy as it changes zones (CR 400.7,
		// ADV-9); a token or spell copy stays one until it ceases to
		// exist (CR 704.5d, 704.5e).
		if old.Card != 0 {
			o.Def = s.Cards[old.Card].Def
		} else {
			o.Copy, o.Kicked, o.Kicks = true, old.Kicked, old.Kicks
		}
	}
	if zone == ZoneBattlefield || zone == ZoneStack {
		o.Controller = seat
	}
	o.Sick = zone == ZoneBattlefield
	if zone == ZoneExile {
		o.ExiledBy = exiledBy
	}
	if zone == ZoneBattlefield && old.Zone == ZoneStack && !old.isAbility() && !old.Token {
		// A resolving spell becomes a permanent: it was cast, and its
		// enters-the-battlefield abilities use the spell's X.
		o.Cast, o.X = true, old.X
		o.Kicked, o.Kicks = old.Kicked, old.Kicks // a kicked permanent (CR 702.33d)
		o.CastWith = old.CastWith
		o.Spent, o.SpentColors = old.Spent, old.SpentColors // interp_spent.go
	}
	s.addObject(o, pos)
}

// addCard is the end of OpCard's change: the next card of the match's
// list is def, owned by seat, in the sideboard if n is 1.
func (s *State) addCard(def *cards.Card, seat, n int) {
	if len(s.Cards) == 0 {
		s.Cards = append(s.Cards, Card{})
	}
	s.Cards = append(s.Cards, Card{Def: def, Owner: seat, Sideboard: n == 1})
}

// step is OpStep's change: the game moves to turn, step, active player
// seat.
func (s *State) step(seat int, step Step, turn int) {
	if turn != s.Turn {
		for _, p := range s.Players {
			p.LandsPlayed, p.Spells, p.Drawn, p.Noncreature, p.Left = 0, 0, 0, 0, false
		}
	}
	s.Turn, s.Step, s.Active = turn, step, seat
}

// givePriority is OpPriority's change: seat receives priority with passes
// passes. It keeps every cache (keepsCaches), so emitPriority makes it
// without apply.
func (s *State) givePriority(seat, passes int) {
	s.Priority, s.Passes = seat, passes
	s.paying = 0
}

// askNow is OpAsk's change: q is pending. It keeps every cache as
// givePriority does.
func (s *State) askNow(q *Question) {
	s.paying = 0
	s.Pending = *q
	if q.Options != nil { // a priority question has none
		s.Pending.Options = slices.Clone(q.Options)
	}
	if q.Ask == AskChoose && q.What == whatPlayOrDraw {
		for i, p := range s.Players {
			p.ChosePlay = i == q.Player // sba.go
		}
	}
}

// addMana is OpAddMana's change. It keeps every cache as givePriority
// does.
func (s *State) addMana(e *Effect) {
	p := s.Players[e.Seat]
	p.Pool = append(p.Pool, Mana{Color: e.Color, Source: e.Obj, Legendary: e.N&1 != 0, Spend: e.Spend, Uncounterable: e.N&2 != 0})
}

func (s *State) mustObj(id ObjID) *Object {
	o := s.Obj(id)
	if o == nil {
		panic(fmt.Sprintf("reducer: no object %s", id))
	}
	return o
}

// addObject registers o and inserts it into its zone at pos (-1: the end;
// for a library 0 is the top).
func (s *State) addObject(o *Object, pos int) {
	o.state = s
	if o.special() {
		s.specials++
		s.specialIDs = append(s.specialIDs, o.ID) // ids are made ascending
	}
	if len(s.Objects) == 0 {
		s.Objects = append(s.Objects, nil)
	}
	s.Objects = append(s.Objects, o)
	list := s.zoneList(o.Zone, o.Owner)
	if pos < 0 || pos >= len(*list) {
		*list = append(*list, o.ID) // the commonest: a library made, a card moved
		return
	}
	*list = slices.Insert(*list, pos, o.ID)
}

func (s *State) removeObject(o *Object) {
	list := s.zoneList(o.Zone, o.Owner)
	i := slices.Index(*list, o.ID)
	if i < 0 {
		panic(fmt.Sprintf("reducer: %s is not in its zone %s", o.ID, o.Zone))
	}
	*list = slices.Delete(*list, i, i+1)
	s.Objects[o.ID] = nil
	if o.special() {
		s.specials--
	}
}

// special reports whether o is a token or a copy: the only objects the
// state-based actions may make cease to exist outside the battlefield and
// the stack (CR 704.5d, 704.5e).
func (o *Object) special() bool { return o.Token || o.Copy }

// countSpecials recounts s.specials, and lists s.specialIDs, from the
// objects.
func (s *State) countSpecials() {
	s.specials, s.specialIDs = 0, s.specialIDs[:0]
	for id, o := range s.Objects {
		if o != nil && o.special() {
			s.specials++
			s.specialIDs = append(s.specialIDs, ObjID(id))
		}
	}
}

// noteSpecial lists object id, made a copy, among s.specialIDs.
func (s *State) noteSpecial(id ObjID) {
	if i, found := slices.BinarySearch(s.specialIDs, id); !found {
		s.specialIDs = slices.Insert(s.specialIDs, i, id)
	}
}

// newGame empties every zone for game n; the cards are created anew by
// OpCreate effects that follow. The lists the game fills again keep
// their room: a list's room is its own (a clone's are copies), and
// nothing holds on to a list across the effects that change it.
func (s *State) newGame(n int) {
	s.Game = n
	s.Battlefield, s.Stack, s.Exile = s.Battlefield[:0], nil, nil
	for i := range s.Objects {
		s.Objects[i] = nil
	}
	s.specials, s.specialIDs = 0, s.specialIDs[:0]
	for _, p := range s.Players {
		p.Life = s.StartingLife
		p.Library, p.Hand, p.Graveyard, p.Command, p.Pool = p.Library[:0], p.Hand[:0], p.Graveyard[:0], nil, p.Pool[:0]
		p.LandsPlayed, p.Mulligans, p.Kept, p.Decided, p.Lost, p.LossReason = 0, 0, false, false, false, ""
		p.Spells, p.Drawn, p.Noncreature, p.Left = 0, 0, 0, false
	}
	s.Turn, s.Step, s.Priority, s.Passes = 0, StepNone, -1, 0
	s.Triggers, s.Delayed = nil, nil
	s.Discovery = nil
	s.ExtraTurns = nil
	s.GameOver, s.Winner = false, -1
	s.librarySlab()
}

func addCounter(cs []Counter, kind string, n int) []Counter {
	i, found := slices.BinarySearchFunc(cs, kind, func(c Counter, k string) int {
		switch {
		case c.Kind < k:
			return -1
		case c.Kind > k:
			return 1
		}
		return 0
	})
	if found {
		cs[i].N += n
		if cs[i].N <= 0 {
			cs = slices.Delete(cs, i, i+1)
		}
		return cs
	}
	if n <= 0 {
		return cs
	}
	return slices.Insert(cs, i, Counter{Kind: kind, N: n})
}

// pumpT reads an OpPump's toughness change: a negative change ("-2/-2")
// is carried in Card's 32 bits, so it is read back as a signed number.
func pumpT(c CardID) int { return int(int32(c)) }
