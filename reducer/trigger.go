package reducer

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Triggered abilities (CR 603). An ability triggers when its event happens
// (a creature dies or enters, a spell is cast, an end step begins, a
// permanent is tapped for mana) and its condition and intervening "if"
// clause (CR 603.4) hold; it then waits. The next time a player would
// receive priority, state-based actions are checked and the waiting
// triggers go on the stack: the active player's first, then the others in
// turn order (APNAP, CR 603.3b), so the last one put resolves first. A
// player with two or more waiting triggers chooses their order with a
// `choose` input: the answer lists them in the order they go on the stack,
// so the one listed last resolves first. A triggered ability with an
// intervening "if" that no longer holds as it resolves does nothing.

const whatTriggerOrder = "trigger_order"

// lkiOf is an object's last known information as it is now.
func lkiOf(o *Object) *LKI {
	return &LKI{Card: o.Card, Power: o.Power(), Toughness: o.Toughness(), Counters: append([]Counter(nil), o.Counters...), X: o.X, Cast: o.Cast, Spent: o.Spent}
}

// deathTriggers are the dies triggers of an object about to leave the
// battlefield for a graveyard, with its last known information; the caller
// emits them once the object has moved.
func deathTriggers(o *Object) []Effect {
	if o.Def == nil || !o.Is("Creature") {
		return nil
	}
	var out []Effect
	for _, t := range o.Def.TriggersOf(cards.TriggerDies) {
		out = append(out, Effect{Op: OpTrigger, Obj: o.ID, Name: o.Def.Name, N: t.Index, Seat: o.Controller, LKI: lkiOf(o)})
	}
	return out
}

// fire checks every permanent's triggered abilities for an event about
// object about (0 for none) done by seat, in battlefield order.
func (g *Game) fire(when string, about ObjID, seat int) {
	s := g.S
	list := s.sources().triggers // static_sources.go
	if when == triggerBecomesTapped || when == cards.TriggerTappedForMana {
		list = s.sources().tapped // only these may trigger on a tap
	}
	if len(list) > 0 {
		g.fireSources(list, when, about, seat)
	}
	if s.anyCommand() {
		g.fireEmblems(when, about, seat) // interp_emblem.go
	}
	if s.specials != 0 || s.matchCards().graveyardTriggers || checkCaches {
		g.fireGraveyards(when, about, seat) // interp_zonetriggers.go
	}
	if when == cards.TriggerCast {
		g.fireCastSelf(about, seat) // interp_trigger.go
	}
	if when == cards.TriggerYourUpkeep {
		g.reboundFire(seat) // interp_rebound.go
	}
	if len(s.Delayed) > 0 {
		g.fireDelayed(when, about, seat) // interp_delayed.go
	}
}

// anyCommand reports whether a player has an object in the command zone,
// where an emblem's abilities trigger (interp_emblem.go); most matches
// never have one.
func (s *State) anyCommand() bool {
	for _, p := range s.Players {
		if len(p.Command) > 0 {
			return true
		}
	}
	return false
}

// fireSources checks the triggered abilities of the permanents listed,
// in order, for fire.
func (g *Game) fireSources(list []ObjID, when string, about ObjID, seat int) {
	s := g.S
	ids, mark := g.snapshot(list)
	defer g.releaseSnapshot(mark)
	for _, id := range ids {
		src := s.Obj(id)
		if src == nil || src.Def == nil {
			continue
		}
		if lc := langOf(src.Def); lc != nil {
			g.langFire(src, lc, when, about, seat) // interp_trigger.go
		}
		switch when {
		case cards.TriggerEntersSelf:
			if id != about {
				continue
			}
		case cards.TriggerEntersOther:
			if id == about {
				continue
			}
		}
		for _, t := range src.Def.Triggers() {
			if t.When != when {
				continue
			}
			ev := cards.TriggerEvent{Object: uint32(about), Source: uint32(id), Seat: seat}
			f := facts{g: g}
			if t.Condition != nil && !t.Condition(f, ev) || t.If != nil && !t.If(f, ev) {
				continue
			}
			e := Effect{Op: OpTrigger, Obj: id, Name: src.Def.Name, N: t.Index, Seat: src.Controller, LKI: lkiOf(src), Event: about, EventSeat: seat}
			if o := s.Obj(about); o != nil {
				e.EventLKI = lkiOf(o)
			}
			g.emit(e)
		}
	}
}

// putTriggers puts the waiting triggers on the stack, APNAP; it reports
// whether it stopped to ask a player to order theirs. then is who receives
// priority afterwards.
func (g *Game) putTriggers(then int) bool {
	s := g.S
	n := len(s.Players)
	for k := 0; k < n; k++ {
		seat := (s.Active + k) % n
		var mine []int
		for i, t := range s.Triggers {
			if t.Controller == seat {
				mine = append(mine, i)
			}
		}
		switch {
		case len(mine) == 0:
			continue
		case len(mine) > 1:
			g.askTriggerOrder(seat, mine, then)
			return true
		}
		g.putWaiting(mine[0])
	}
	return false
}

// putWaiting puts the waiting trigger at index i on the stack.
func (g *Game) putWaiting(i int) {
	if i > 0 {
		g.emit(Effect{Op: OpRequeue, N: i})
	}
	g.emit(Effect{Op: OpPutTrigger, Obj: g.S.nextObjID()})
}

// askTriggerOrder asks seat to order its waiting triggers; the options are
// their positions in the waiting list, "1", "2", ..., described in Prompt.
func (g *Game) askTriggerOrder(seat int, mine []int, then int) {
	s := g.S
	opts := make([]string, len(mine))
	prompt := "order: "
	for k, i := range mine {
		opts[k] = strconv.Itoa(i + 1)
		t := s.Triggers[i]
		if k > 0 {
			prompt += "; "
		}
		prompt += fmt.Sprintf("%s = %s's ability (%s)", opts[k], t.Def.Name, t.Source)
		if t.Event != 0 {
			prompt += " for " + t.Event.String()
		}
	}
	g.emit(Effect{Op: OpPriority, Seat: -1})
	g.ask(Question{Ask: AskChoose, Player: seat, What: whatTriggerOrder, Options: opts, N: len(opts), Max: len(opts), Of: then, Prompt: prompt})
}

// orderTriggers puts seat's triggers on the stack in the answered order,
// then the remaining players', then gives priority.
func (g *Game) orderTriggers(answer []string) {
	q := g.S.Pending
	// Waiting positions shift as triggers leave the list: put by source
	// identity, looking each one up again.
	var picks []Trigger
	for _, a := range answer {
		i, _ := strconv.Atoi(a)
		picks = append(picks, g.S.Triggers[i-1])
	}
	for _, p := range picks {
		for i, t := range g.S.Triggers {
			if sameTrigger(t, p) {
				g.putWaiting(i)
				break
			}
		}
	}
	if !g.putTriggers(q.Of) {
		g.givePriority(q.Of, 0)
	}
}

func sameTrigger(a, b Trigger) bool {
	return a.Source == b.Source && a.Index == b.Index && a.Event == b.Event && a.Def == b.Def && a.Controller == b.Controller
}

// resolveTrigger resolves a triggered ability; it then ceases to exist. An
// intervening "if" is checked again first (CR 603.4).
func (g *Game) resolveTrigger(o *Object) {
	if ab := langAbilityOf(o); ab != nil {
		c := g.langCtx(o, ab)
		if !c.holds(ab.If) || g.langFizzles(o, ab) { // CR 603.4, 608.2b
			g.vanish(o)
			return
		}
		if g.resolveLang(o, ab, nil) {
			g.vanish(o)
		}
		return
	}
	t := o.Def.TriggeredAt(o.Trigger - 1)
	if t != nil && t.If != nil && !t.If(facts{g: g, resolving: o}, o.triggerEvent()) {
		g.vanish(o)
		return
	}
	if t != nil && len(t.Targets) > 0 {
		if _, fizzles := g.legalTargets(o, t.Targets); fizzles {
			g.vanish(o) // every target illegal (CR 608.2b)
			return
		}
	}
	if t != nil && t.Resolve != nil && !g.runResolve(o, nil, func(w *world) { t.Resolve(w) }) {
		return
	}
	g.vanish(o)
}

func (o *Object) triggerEvent() cards.TriggerEvent {
	return cards.TriggerEvent{Object: uint32(o.Event), Source: uint32(o.Source), Seat: o.EventSeat}
}

// CreateTokens creates n tokens for seat (CR 111.2).
func (w *world) CreateTokens(seat int, name string, n int) {
	for i := 0; i < n; i++ {
		id := w.g.S.nextObjID()
		w.g.emit(Effect{Op: OpToken, Obj: id, Seat: seat, Name: name})
		w.g.entered(id)
	}
}

// LKI is the resolving triggered ability's source as it last existed.
func (w *world) LKI() cards.LKI {
	out := cards.LKI{Counters: map[string]int{}}
	if l := w.spell.LKI; l != nil {
		out.Power, out.Toughness = l.Power, l.Toughness
		for _, c := range l.Counters {
			out.Counters[c.Kind] = c.N
		}
	}
	return out
}

// Event is what made the resolving triggered ability trigger.
func (w *world) Event() cards.TriggerEvent { return w.spell.triggerEvent() }

// facts reads objects for card code: as they are now, or, for the
// resolving trigger's source and event object once gone, as they last
// existed.
type facts struct {
	g         *Game
	resolving *Object
}

func (f facts) lki(obj uint32) *LKI {
	if r := f.resolving; r != nil {
		switch ObjID(obj) {
		case r.Event:
			return r.EventLKI
		case r.Source:
			return r.LKI
		}
	}
	return nil
}

func (f facts) live(obj uint32) *Object {
	if o := f.g.S.Obj(ObjID(obj)); o != nil && o.Zone == ZoneBattlefield {
		return o
	}
	return nil
}

func (f facts) Exists(obj uint32) bool { return f.live(obj) != nil }

func (f facts) Power(obj uint32) int {
	if o := f.live(obj); o != nil {
		return o.Power()
	}
	if l := f.lki(obj); l != nil {
		return l.Power
	}
	return 0
}

func (f facts) Toughness(obj uint32) int {
	if o := f.live(obj); o != nil {
		return o.Toughness()
	}
	if l := f.lki(obj); l != nil {
		return l.Toughness
	}
	return 0
}

func (f facts) ControllerOf(obj uint32) int {
	if o := f.g.S.Obj(ObjID(obj)); o != nil {
		return o.Controller
	}
	return -1
}

func (f facts) Is(obj uint32, cardType string) bool {
	o := f.g.S.Obj(ObjID(obj))
	return o != nil && o.Is(cardType)
}

func (f facts) ManaValue(obj uint32) int {
	if o := f.g.S.Obj(ObjID(obj)); o != nil {
		return o.ManaValue()
	}
	return 0
}

// checkTriggerOrder: the answer lists every offered trigger once.
func (g *Game) checkTriggerOrder(b *events.Choose) error {
	q := g.S.Pending
	if len(b.Answer) != len(q.Options) {
		return g.refuse("CR 603.3b", "body.answer", "order all %d triggers (%s), not %d", len(q.Options), q.Prompt, len(b.Answer))
	}
	for i, a := range b.Answer {
		if !slices.Contains(q.Options, a) || slices.Contains(b.Answer[:i], a) {
			return g.refuse("CR 603.3b", "body.answer["+strconv.Itoa(i)+"]", "%q: list each of %v once (%s)", a, q.Options, q.Prompt)
		}
	}
	return nil
}

func (f facts) HasSupertype(obj uint32, t string) bool {
	o := f.g.S.Obj(ObjID(obj))
	return o != nil && o.HasSupertype(t)
}

// snapshotBattlefield copies the battlefield's list as it is now, for a
// walk during which effects may change it, into a scratch buffer that
// nested walks share (each works past the others' part; a buffer grown
// anew leaves the older walks their old one). releaseSnapshot(mark) gives
// the space back when the walk ends.
func (g *Game) snapshotBattlefield() (ids []ObjID, mark int) { return g.snapshot(g.S.Battlefield) }

// snapshot copies list so, for walks of a part of the battlefield.
func (g *Game) snapshot(list []ObjID) (ids []ObjID, mark int) {
	mark = len(g.idScratch)
	g.idScratch = append(g.idScratch, list...)
	return g.idScratch[mark:], mark
}

func (g *Game) releaseSnapshot(mark int) { g.idScratch = g.idScratch[:mark] }
