package reducer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The table's run: an input's table effects applied, in order, to a copy
// of the game as it was before the input, each checked against the game
// as the effects before it left it (the form checks: the objects exist, a
// card is where the effect says, no negative mana or counters, a token
// description that resolves). The effects are applied as they are: a
// move fires no triggered ability and no replacement effect applies, for
// the table lists what happened, triggered abilities put on the stack
// included. Then state-based actions are performed (CR 704), so that the
// table need not list a creature dying of the damage it lists.

// tableRun is the table's version of an input.
type tableRun struct {
	g *Game
	// listed is the state the table's effects leave, before state-based
	// actions: what the table's effects are brought to where the engine
	// meets a card it doesn't model, the rules' state-based actions then
	// following (tableHook).
	listed *State
	// effects are what applying the table's effects emitted, state-based
	// actions after them included.
	effects []Effect
	// canon are the table's effects with each object named by its card id
	// (an object of a card) or its object id (a token, an ability), as it
	// was when the effect applied.
	canon []events.TableEffect
	// shuffles are the seats whose libraries the table asks to shuffle;
	// libraries the seats into whose libraries it puts cards: the order of
	// the others is the rules' (a draw takes the card it names and leaves
	// the rest in order; a shuffle's order is its random input's).
	shuffles  []int
	libraries []int
	// ended: the rules' effects ended the game and began the next one;
	// losers are the seats that lost the ended game, for the rules.
	ended  bool
	losers []int
}

// runTable applies ev's table effects to a copy of g. A form error is a
// *RuleError under rule TABLE-FORM naming the effect's field.
func (g *Game) runTable(ev *events.Event) (*tableRun, error) {
	t := g.Clone()
	t.seq, t.actor, t.ev, t.action, t.out = ev.Seq, ev.Actor, ev, "apply the table's effects", nil
	r := &tableRun{g: t}
	for i := range ev.Effects {
		if err := r.apply(i, &ev.Effects[i]); err != nil {
			return nil, err
		}
	}
	r.listed = t.S.Clone()
	for !t.S.GameOver && t.stateBasedActions() {
	}
	r.effects = t.out
	return r, nil
}

// catchUp applies to the table's run what the rules' effects end or
// empty by the turn's structure, which the table's vocabulary has no word
// for and its effects don't list: mana pools emptying (CR 500.4), damage
// and "until end of turn" effects wearing off (CR 514.2), effects whose
// duration ends. Both versions then agree on them. Where the rules end the
// game and begin the next (CR 103), the game the table's effects describe
// is over: only who lost it is compared (tableRun.ended).
func (r *tableRun) catchUp(rules []Effect) {
	table := 0
	for i := range rules {
		e := &rules[i]
		switch {
		case e.Op == OpTable:
			table = e.N
		case table > 0:
			table--
		case e.Op == OpLose:
			r.losers = append(r.losers, e.Seat)
		case e.Op == OpNewGame:
			r.ended = true
			return
		case e.Op == OpEmptyPools, e.Op == OpClearDamage, e.Op == OpEndPumps, e.Op == OpEndContinuous:
			r.g.S.apply(e)
		}
	}
}

// formErr is a form error of effect i's field.
func (r *tableRun) formErr(i int, field, format string, args ...any) error {
	f := "effects[" + itoa(i) + "]"
	if field != "" {
		f += "." + field
	}
	return &RuleError{Seq: r.g.seq, Player: r.g.actor, Action: "apply the table's effects", Field: f,
		Rule: events.RuleTableForm, Reason: fmt.Sprintf(format, args...)}
}

func (r *tableRun) apply(i int, e *events.TableEffect) error {
	t := r.g
	s := t.S
	bad := func(field, format string, args ...any) error { return r.formErr(i, field, format, args...) }
	c := *e // the canonical form, objects named as they were
	seat := func(field, id string) (int, error) {
		p := s.Seat(id)
		if p < 0 {
			return -1, bad(field, "%q is not a player of this match", id)
		}
		return p, nil
	}
	switch e.Op {
	case events.EffMove:
		from, to := zoneNamed(e.From), zoneNamed(e.To)
		id, err := r.object(i, "object", e.Object, from)
		if err != nil {
			return err
		}
		o := s.Objects[id]
		if o.isAbility() {
			return bad("object", "%s is an ability: it leaves the stack as it resolves (resolve), it doesn't move", s.objName(id))
		}
		ctrl := o.Owner
		if e.Controller != "" {
			if to != ZoneBattlefield && to != ZoneStack {
				return bad("controller", "only a permanent or a spell has a controller, not a card in the %s", to)
			}
			if ctrl, err = seat("controller", e.Controller); err != nil {
				return err
			}
		}
		pos := -1
		if to == ZoneLibrary {
			p, _ := events.LibraryPosition(e.Position)
			lib := s.Players[o.Owner].Library
			if p > len(lib) {
				return bad("position", "%s's library has %d cards: no place %d from the top", s.Players[o.Owner].ID, len(lib), p)
			}
			if p >= 0 {
				pos = p
			}
		}
		c.Object = s.canonRef(id)
		if to == ZoneLibrary && !slices.Contains(r.libraries, o.Owner) {
			r.libraries = append(r.libraries, o.Owner)
		}
		nid := s.nextObjID()
		t.emit(Effect{Op: OpMove, Obj: id, To: nid, Zone: to, Seat: ctrl, N: pos})
		if from == ZoneBattlefield {
			t.endEffectsOf(id) // CR 611.2b
		}
		if e.FaceDown {
			t.emit(Effect{Op: OpFaceDown, Obj: nid, N: 1})
		}
	case events.EffTap, events.EffUntap:
		id, err := r.object(i, "object", e.Object, ZoneBattlefield)
		if err != nil {
			return err
		}
		c.Object = s.canonRef(id)
		if tapped := s.Objects[id].Tapped; e.Op == events.EffTap && !tapped {
			t.emit(Effect{Op: OpTap, Obj: id})
		} else if e.Op == events.EffUntap && tapped {
			t.emit(Effect{Op: OpUntap, Obj: id})
		}
	case events.EffAddCounters, events.EffRemoveCounters:
		n := e.N
		if e.Player != "" {
			p, err := seat("player", e.Player)
			if err != nil {
				return err
			}
			if e.Op == events.EffRemoveCounters {
				if have := s.Players[p].counterOf(e.Kind); have < n {
					return bad("n", "%s has %d %s counter%s, the effect removes %d", e.Player, have, e.Kind, plural(have), n)
				}
				n = -n
			}
			t.emit(Effect{Op: OpPlayerCounter, Seat: p, Kind: e.Kind, N: n})
			break
		}
		id, err := r.object(i, "object", e.Object, ZoneNone)
		if err != nil {
			return err
		}
		c.Object = s.canonRef(id)
		if e.Op == events.EffRemoveCounters {
			if have := s.Objects[id].counter(e.Kind); have < n {
				return bad("n", "%s has %d %s counter%s, the effect removes %d", s.objName(id), have, e.Kind, plural(have), n)
			}
			n = -n
		}
		t.emit(Effect{Op: OpCounter, Obj: id, Kind: e.Kind, N: n})
	case events.EffDamage:
		src, err := r.source(i, "source", e.Source)
		if err != nil {
			return err
		}
		c.Source = s.canonRef(src)
		if p := s.Seat(e.Target); p >= 0 {
			t.emit(Effect{Op: OpLife, Seat: p, N: -e.N, To: src}) // CR 120.3a
			break
		}
		id, err := r.object(i, "target", e.Target, ZoneBattlefield)
		if err != nil {
			return err
		}
		c.Target = s.canonRef(id)
		o := s.Objects[id]
		if o.Is("Planeswalker") {
			t.damagePlaneswalker(o, e.N) // CR 120.3c
		}
		if o.Is("Creature") || !o.Is("Planeswalker") {
			t.emit(Effect{Op: OpDamage, Obj: id, N: e.N, To: src}) // CR 120.3e
		}
		if so := s.Obj(src); so != nil && so.Has("Deathtouch") {
			t.emit(Effect{Op: OpDeathtouched, Obj: id})
		}
	case events.EffGainLife, events.EffLoseLife:
		p, err := seat("player", e.Player)
		if err != nil {
			return err
		}
		n := e.N
		if e.Op == events.EffLoseLife {
			n = -n
		}
		t.emit(Effect{Op: OpLife, Seat: p, N: n})
	case events.EffAddMana:
		p, err := seat("player", e.Player)
		if err != nil {
			return err
		}
		var src ObjID
		if e.Source != "" {
			if src, err = r.source(i, "source", e.Source); err != nil {
				return err
			}
			c.Source = s.canonRef(src)
		}
		col, _ := cards.ParseColor(e.Mana)
		legendary := 0
		if o := s.Obj(src); o != nil && o.IsLegendary() {
			legendary = 1
		}
		for range max(e.N, 1) {
			t.emit(Effect{Op: OpAddMana, Seat: p, Color: col, Obj: src, N: legendary})
		}
	case events.EffSpendMana:
		p, err := seat("player", e.Player)
		if err != nil {
			return err
		}
		col, _ := cards.ParseColor(e.Mana)
		var src ObjID
		if e.Source != "" {
			if src, err = r.source(i, "source", e.Source); err != nil {
				return err
			}
			c.Source = s.canonRef(src)
		}
		fits := func(m Mana) bool { return m.Color == col && (src == 0 || m.Source == src) }
		if have := countFunc(s.Players[p].Pool, fits); have < max(e.N, 1) {
			return bad("n", "%s's mana pool (%s) has %d {%s}%s, the effect spends %d (no negative mana)", e.Player,
				poolString(s.Players[p].Pool), have, e.Mana, fromSource(s, src), max(e.N, 1))
		}
		for range max(e.N, 1) {
			t.emit(Effect{Op: OpSpendMana, Seat: p, N: slices.IndexFunc(s.Players[p].Pool, fits)})
		}
	case events.EffCreateToken:
		p, err := seat("player", e.Player)
		if err != nil {
			return err
		}
		var def *cards.Card
		facts := e.Characteristics
		if e.Token != "" {
			d, f, err := r.token(i, e.Token)
			if err != nil {
				return err
			}
			def, facts = d, f
			c.Token = e.Token
		}
		for range max(e.N, 1) {
			id := s.nextObjID()
			if def != nil {
				t.emit(Effect{Op: OpToken, Obj: id, Name: def.Name, Seat: p})
			} else {
				f := *facts
				t.emit(Effect{Op: OpTableToken, Obj: id, Seat: p, Facts: &f})
			}
			if e.Tapped {
				t.emit(Effect{Op: OpTap, Obj: id})
			}
		}
	case events.EffAttach:
		id, err := r.object(i, "object", e.Object, ZoneBattlefield)
		if err != nil {
			return err
		}
		to, err := r.object(i, "target", e.Target, ZoneBattlefield)
		if err != nil {
			return err
		}
		if to == id {
			return bad("target", "%s can't be attached to itself (CR 301.5c)", s.objName(id))
		}
		c.Object, c.Target = s.canonRef(id), s.canonRef(to)
		t.emit(Effect{Op: OpAttach, Obj: id, To: to})
	case events.EffUnattach:
		id, err := r.object(i, "object", e.Object, ZoneBattlefield)
		if err != nil {
			return err
		}
		c.Object = s.canonRef(id)
		if s.Objects[id].AttachedTo != 0 {
			t.emit(Effect{Op: OpAttach, Obj: id})
		}
	case events.EffReveal:
		id, err := r.object(i, "object", e.Object, ZoneNone)
		if err != nil {
			return err
		}
		c.Object = s.canonRef(id)
		mask := 0
		for k, pid := range e.Players {
			p, err := seat("players["+itoa(k)+"]", pid)
			if err != nil {
				return err
			}
			mask |= 1 << p
		}
		t.emit(Effect{Op: OpReveal, Obj: id, N: mask})
	case events.EffShuffle:
		p, err := seat("player", e.Player)
		if err != nil {
			return err
		}
		if !slices.Contains(r.shuffles, p) {
			r.shuffles = append(r.shuffles, p)
		}
	case events.EffControl:
		id, err := r.object(i, "object", e.Object, ZoneNone)
		if err != nil {
			return err
		}
		if z := s.Objects[id].Zone; z != ZoneBattlefield && z != ZoneStack {
			return bad("object", "%s is in the %s: only a permanent or a spell on the stack has a controller", s.objName(id), z)
		}
		p, err := seat("player", e.Player)
		if err != nil {
			return err
		}
		c.Object = s.canonRef(id)
		if s.Objects[id].Controller != p {
			t.emit(Effect{Op: OpControl, Obj: id, Seat: p})
			if o := s.Objects[id]; o.Attacking > 0 || o.Blocking != 0 {
				// A permanent whose controller changes is removed from
				// combat (CR 506.4): the table need not list it.
				t.emit(Effect{Op: OpAttack, Obj: id})
			}
		}
	case events.EffCopy:
		id, err := r.object(i, "object", e.Object, ZoneBattlefield)
		if err != nil {
			return err
		}
		def, ok := s.pool.Card(e.Card)
		if !ok {
			return bad("card", "no card named %q in the card data", e.Card)
		}
		c.Object, c.Card = s.canonRef(id), def.Name
		t.emit(Effect{Op: OpBecomeCopy, Obj: id, Name: def.Name})
	case events.EffContinuous:
		id, err := r.object(i, "object", e.Object, ZoneBattlefield)
		if err != nil {
			return err
		}
		c.Object = s.canonRef(id)
		var src ObjID
		ctrl := s.Objects[id].Controller
		if p := s.Seat(t.actor); p >= 0 {
			ctrl = p
		}
		if e.Source != "" {
			if src, err = r.source(i, "source", e.Source); err != nil {
				return err
			}
			c.Source = s.canonRef(src)
			if so := s.Obj(src); so != nil {
				ctrl = so.Controller
			}
		}
		t.emitContinuous(id, src, ctrl, e)
	case events.EffAbility:
		src, err := r.object(i, "source", e.Source, ZoneNone)
		if err != nil {
			return err
		}
		c.Source = s.canonRef(src)
		ctrl := s.Objects[src].Controller
		if e.Controller != "" {
			if ctrl, err = seat("controller", e.Controller); err != nil {
				return err
			}
		}
		var targets []Target
		c.Targets = nil
		for k, ref := range e.Targets {
			if p := s.Seat(ref); p >= 0 {
				targets = append(targets, Target{Player: p})
				c.Targets = append(c.Targets, ref)
				continue
			}
			id, err := r.object(i, "targets["+itoa(k)+"]", ref, ZoneNone)
			if err != nil {
				return err
			}
			targets = append(targets, Target{Obj: uint32(id)})
			c.Targets = append(c.Targets, s.canonRef(id))
		}
		t.emit(Effect{Op: OpTableAbility, Obj: s.nextObjID(), To: src, Seat: ctrl, Name: e.Text, Targets: targets})
	case events.EffResolve:
		id, err := r.object(i, "object", e.Object, ZoneStack)
		if err != nil {
			return err
		}
		if !s.Objects[id].isAbility() {
			return bad("object", "%s is a spell: a resolving spell moves (move it from the stack)", s.objName(id))
		}
		c.Object = s.canonRef(id)
		t.emit(Effect{Op: OpVanish, Obj: id})
	case events.EffLose, events.EffWin:
		p, err := seat("player", e.Player)
		if err != nil {
			return err
		}
		why := e.Text
		if why == "" {
			why = "a card says so"
		}
		if e.Op == events.EffLose {
			if !s.Players[p].Lost {
				t.emit(Effect{Op: OpLose, Seat: p, Kind: why + " (table)"})
			}
			break
		}
		for q, pl := range s.Players { // CR 104.2b
			if q != p && !pl.Lost {
				t.emit(Effect{Op: OpLose, Seat: q, Kind: e.Player + " wins: " + why + " (table)"})
			}
		}
	default:
		return bad("op", "unknown op %q", e.Op) // events.Check refuses it first
	}
	r.canon = append(r.canon, c)
	return nil
}

// token finds the token a create_token names: a card of the pool by that
// name (the tokens the pool's cards make), else the card data's one token
// definition of that name, whose characteristics the token is then given.
// A name with several definitions (a 1/1 Soldier and a 2/2 one) must be
// described.
func (r *tableRun) token(i int, name string) (*cards.Card, *events.Characteristics, error) {
	pool := r.g.S.pool
	if d, ok := pool.Card(name); ok {
		return d, nil, nil
	}
	defs := pool.Tokens(name)
	switch len(defs) {
	case 0:
		return nil, nil, r.formErr(i, "token", "no token or card named %q in the card data: describe it with characteristics", name)
	case 1:
		return nil, charsOf(defs[0]), nil
	}
	var which []string
	for _, d := range defs {
		which = append(which, describeFacts(charsOf(d)))
	}
	return nil, nil, r.formErr(i, "token", "the card data has %d tokens named %q (%s): describe the one made with characteristics", len(defs), name, strings.Join(which, "; "))
}

// charsOf is a card's characteristics in the table's vocabulary.
func charsOf(d *cards.Card) *events.Characteristics {
	f := &events.Characteristics{Name: d.Name, Types: slices.Clone(d.Types), Subtypes: slices.Clone(d.Subtypes),
		Supertypes: slices.Clone(d.Supertypes), Power: d.Power, Toughness: d.Toughness, Keywords: slices.Clone(d.Keywords), Text: d.Oracle}
	for _, col := range d.Colors {
		f.Colors = append(f.Colors, col.Letter())
	}
	return f
}

// emitContinuous starts the continuous effect e describes on id: a change
// of power and toughness until end of turn alone is a pump, as the
// engine's own are; anything else a recorded continuous effect (CR 611).
func (g *Game) emitContinuous(id, src ObjID, ctrl int, e *events.TableEffect) {
	if e.Until == events.UntilEndOfTurn && len(e.Keywords)+len(e.Abilities)+len(e.Types)+len(e.Subtypes)+len(e.Supertypes)+len(e.Colors) == 0 {
		g.emit(Effect{Op: OpPump, Obj: id, N: e.Power, Card: CardID(e.Toughness)})
		return
	}
	c := Continuous{Source: src, Controller: ctrl, Objects: []ObjID{id}, Until: e.Until,
		AddKeywords: slices.Clone(e.Keywords), AddSupertypes: slices.Clone(e.Supertypes), AddSubtypes: slices.Clone(e.Subtypes),
		P: e.Power, T: e.Toughness}
	if len(e.Types)+len(e.Colors)+len(e.Abilities) > 0 {
		c.Table = &TableGrant{Types: slices.Clone(e.Types), Abilities: slices.Clone(e.Abilities)}
		for _, l := range e.Colors {
			col, _ := cards.ParseColor(l)
			c.Table.Colors = append(c.Table.Colors, col)
		}
	}
	g.addContinuous(c)
}

// object resolves ref (o-id, c-id or name) to an object in zone z, or in
// any zone for ZoneNone; an object elsewhere is an error saying where it
// is.
func (r *tableRun) object(i int, field, ref string, z Zone) (ObjID, error) {
	s := r.g.S
	if got := s.matchRef(ref, s.objectsIn(z)); len(got) > 0 {
		return got[0], nil
	}
	if z != ZoneNone {
		if got := s.matchRef(ref, s.objectsIn(ZoneNone)); len(got) > 0 {
			return 0, r.formErr(i, field, "%s is in %s, not in the %s", s.objName(got[0]), s.whereIs(got[0]), z)
		}
	}
	if _, _, isID := parseID(ref); isID {
		return 0, r.formErr(i, field, "no object %s exists now", ref)
	}
	where := "the game"
	if z != ZoneNone {
		where = "the " + z.String()
	}
	return 0, r.formErr(i, field, "nothing named %q is in %s", ref, where)
}

// source resolves the source of damage, mana or an effect: an object now,
// or one that has left its zone, named by its object id.
func (r *tableRun) source(i int, field, ref string) (ObjID, error) {
	if kind, n, ok := parseID(ref); ok && kind == 'o' && ObjID(n) < r.g.S.nextObjID() {
		return ObjID(n), nil
	}
	return r.object(i, field, ref, ZoneNone)
}

// objectsIn lists the objects in zone z (every player's, for a player's
// zone), or every object for ZoneNone.
func (s *State) objectsIn(z Zone) []ObjID {
	switch z {
	case ZoneNone:
		var out []ObjID
		for id, o := range s.Objects {
			if o != nil {
				out = append(out, ObjID(id))
			}
		}
		return out
	case ZoneBattlefield, ZoneStack, ZoneExile:
		return *s.zoneList(z, 0)
	}
	var out []ObjID
	for seat := range s.Players {
		out = append(out, *s.zoneList(z, seat)...)
	}
	return out
}

// whereIs names an object's zone for people: "p1's hand", "the stack".
func (s *State) whereIs(id ObjID) string {
	o := s.Obj(id)
	switch {
	case o == nil:
		return "no zone"
	case o.Zone == ZoneBattlefield || o.Zone == ZoneStack || o.Zone == ZoneExile:
		return "the " + o.Zone.String()
	}
	return s.Players[o.Owner].ID + "'s " + o.Zone.String()
}

// canonRef names an object as the table's canonical effects do: by its
// card id when it is a card's, else by its object id.
func (s *State) canonRef(id ObjID) string {
	if o := s.Obj(id); o != nil && o.Card != 0 && !o.isAbility() {
		return o.Card.String()
	}
	return id.String()
}

func zoneNamed(name string) Zone {
	for z, n := range zoneNames {
		if n == name {
			return Zone(z)
		}
	}
	return ZoneNone
}

func fromSource(s *State, src ObjID) string {
	if src == 0 {
		return ""
	}
	return " from " + strings.TrimSpace(s.objName(src))
}

func countFunc[T any](xs []T, f func(T) bool) int {
	n := 0
	for _, x := range xs {
		if f(x) {
			n++
		}
	}
	return n
}
