package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Triggered abilities in the ability language (CR 603). The engine's
// events (a permanent entered, a spell was cast, a step began, a creature
// attacked or died) are matched against each permanent's trigger
// patterns: the event kind, whether it is about the source itself, a
// filter on the object it is about, whose action or turn it was. An
// intervening "if" is checked as it triggers and again as it resolves
// (CR 603.4). A dies trigger looks back in time (CR 603.10a): the dying
// creature's own abilities and the others' are checked as the game was
// just before it died. Targets are chosen once it is on the stack (CR
// 603.3d), slot by slot, with `choose` inputs.

// langFire checks src's language triggers for an engine event.
func (g *Game) langFire(src *Object, lc *langCard, when string, about ObjID, seat int) {
	for i, a := range lc.triggered {
		if hasLevel(src, a) && functionsOnBattlefield(a) && g.langTriggers(src, a.Trigger, a.If, when, about, seat) { // interp_class.go, interp_zonetriggers.go
			g.emitLangTrigger(src, i, about, seat, nil)
		}
	}
}

// langTriggers reports whether a trigger pattern, or one of its
// alternatives ("enters or attacks"), matches an engine event.
func (g *Game) langTriggers(src *Object, t *ability.Trigger, cond *ability.Condition, when string, about ObjID, seat int) bool {
	c := &evalCtx{g: g, you: src.Controller, src: src.ID, event: about, eventSeat: seat}
	for _, p := range triggerPatterns(t) {
		if g.langPattern(c, src, p, when, about, seat) {
			return c.holds(cond)
		}
	}
	return false
}

// langPattern reports whether one pattern matches an engine event.
func (g *Game) langPattern(c *evalCtx, src *Object, t *ability.Trigger, when string, about ObjID, seat int) bool {
	o := g.S.Obj(about)
	switch t.Event {
	case ability.Enters:
		switch when {
		case cards.TriggerEntersSelf: // the source itself entered
			if about != src.ID || !t.Self && !c.matches(t.Subject, o) {
				return false
			}
		case cards.TriggerEntersOther:
			if t.Self || !c.matches(t.Subject, o) {
				return false
			}
		default:
			return false
		}
		if t.Player != "" && !c.whose(t.Player, o.Controller) {
			return false
		}
	case ability.Cast:
		if when != cards.TriggerCast || !c.whose(t.Player, seat) {
			return false
		}
		if t.Self && about != src.ID || !c.matchesOnStack(t.Subject, o) || !g.nthCastHolds(t, seat) { // interp_nthcast.go
			return false
		}
	case ability.StepBegins:
		want := stepTriggers[t.Step] // interp_steps.go
		if want == "" || when != want || !c.whose(t.Player, seat) {
			return false
		}
	case ability.Attacks:
		if when != cards.TriggerAttacks || t.Self && about != src.ID || !t.Self && !c.matches(t.Subject, o) {
			return false
		}
		if t.Alone && !g.S.attacksAlone(about) { // interp_keyword_triggers.go
			return false
		}
		if t.Player != "" && !c.whose(t.Player, seat) {
			return false
		}
	case ability.GainsLife: // interp_lifegain.go
		if when != triggerGainsLife || !c.whose(t.Player, seat) {
			return false
		}
	case ability.Draws: // interp_steps.go
		if when != triggerDraws || !c.whose(t.Player, seat) || t.Nth != 0 && g.S.Players[seat].Drawn != t.Nth ||
			t.NotFirstDrawStepDraw && g.turnDraw { // interp_drawstep.go
			return false
		}
	case ability.Tapped, ability.PlaysLand: // interp_tapped.go
		if !langTappedOrPlayed(c, src, t, when, about, seat) {
			return false
		}
	case ability.CounterPut: // once for each counter (CR 122.6), fired by putCounters
		if when != cards.TriggerPlusOneCounter || t.Self && about != src.ID || !t.Self && !c.matches(t.Subject, o) {
			return false
		}
	default:
		return false
	}
	return true
}

// matchesOnStack reads a filter about a spell: on the stack unless it
// says otherwise.
func (c *evalCtx) matchesOnStack(f *ability.Filter, o *Object) bool {
	if f == nil {
		return o != nil
	}
	return c.matches(withZone(f, ability.ZoneStack), o)
}

// emitLangTrigger records that trigger i of src triggered.
func (g *Game) emitLangTrigger(src *Object, i int, about ObjID, seat int, lki *LKI) {
	if lki == nil {
		lki = lkiOf(src)
	}
	e := Effect{Op: OpTrigger, Obj: src.ID, Name: src.Def.Name, N: i, Seat: src.Controller, LKI: lki, Event: about, EventSeat: seat,
		Facts: g.S.describedFacts(src.Def)} // table_state.go
	if o := g.S.Obj(about); o != nil {
		e.EventLKI = lkiOf(o)
	}
	g.emit(e)
}

// langTriggerAbility is the language ability a waiting trigger or a
// triggered ability on the stack stands for.
func langTriggerAbility(def *cards.Card, index int) *ability.Ability {
	lc := langOf(def)
	if lc == nil {
		return nil
	}
	return lc.triggerAt(index) // interp_delayed.go
}

// langTriggerSlots is the target slots of a language trigger on the
// stack, and how many of them are chosen.
func langTriggerSlots(o *Object) ([]ability.Target, int) {
	if o == nil || o.Trigger == 0 {
		return nil, 0
	}
	a := langTriggerAbility(o.Def, o.Trigger-1)
	if a == nil {
		return nil, 0
	}
	n := 0
	if o.Lang != nil {
		n = len(o.Lang.Slots)
	}
	if n == 0 && len(a.Targets) == 1 && len(o.Targets) > 0 {
		n = 1 // one slot, its targets chosen (recordLangTriggerTargets)
	}
	return a.Targets, n
}

// langTriggerOptions lists the legal choices for slot spec of trigger o:
// players, then objects by id.
func (g *Game) langTriggerOptions(o *Object, spec *ability.Target) []string {
	s := g.S
	c := &evalCtx{g: g, you: o.Controller, src: o.Source, res: o}
	src := g.targetSource(o)
	var out []string
	for i, p := range s.Players {
		if spec.Players != "" && c.targetIllegalLang(spec, Target{Player: i}, src) == "" {
			out = append(out, p.ID)
		}
	}
	if spec.Filter == nil {
		return out
	}
	for _, id := range c.zoneForSlot(spec) {
		if id == o.ID || slices.Contains(o.Targets, Target{Obj: uint32(id)}) {
			continue
		}
		if c.targetIllegalLang(spec, Target{Obj: uint32(id)}, src) == "" {
			out = append(out, id.String())
		}
	}
	return out
}

// askLangTriggerTargets asks for the next slot of a language trigger's
// targets; one that can't get its targets is removed from the stack (CR
// 603.3d). It reports whether a question is pending.
func (g *Game) askLangTriggerTargets(o *Object, then int) bool {
	specs, done := langTriggerSlots(o)
	for done < len(specs) {
		spec := &specs[done]
		opts := g.langTriggerOptions(o, spec)
		hi := spec.Max
		if hi < 0 || hi > len(opts) {
			hi = len(opts)
		}
		if len(opts) < spec.Min {
			g.vanish(o) // CR 603.3d
			return false
		}
		if hi == 0 {
			g.recordLangTriggerTargets(o, nil) // an "up to" slot with no choice
			specs, done = langTriggerSlots(o)
			continue
		}
		g.emit(Effect{Op: OpPriority, Seat: -1})
		g.ask(Question{Ask: AskChoose, Player: o.Controller, What: whatTriggerTarget, Options: opts, N: spec.Min, Max: hi,
			Resolving: o.ID, Of: then, Prompt: slotText(spec)})
		return true
	}
	return false
}

// recordLangTriggerTargets adds the next slot's targets to trigger o.
func (g *Game) recordLangTriggerTargets(o *Object, ts []Target) {
	var slots []int
	if o.Lang != nil {
		slots = slices.Clone(o.Lang.Slots)
	}
	g.emit(Effect{Op: OpSpell, Obj: o.ID, Targets: append(slices.Clone(o.Targets), ts...)})
	if specs, _ := langTriggerSlots(o); len(slots) > 0 || len(specs) != 1 || len(ts) == 0 {
		// one slot with its targets tells its count (slotCounts)
		g.emitLangChoices(o.ID, nil, append(slots, len(ts)))
	}
	g.fireTargetedBy(o.ID, o.Controller, ts)
}

// langTriggerAnswer checks an answer for a language trigger's slot: each
// a listed choice, once, as many as the slot takes.
func (g *Game) langTriggerAnswer(o *Object, answer []string) ([]Target, error) {
	s := g.S
	q := s.Pending
	if len(answer) < q.N || len(answer) > q.Max {
		return nil, g.refuse("CR 603.3d", "body.answer", "choose %d to %d targets for %s (%s)", q.N, q.Max, s.objName(o.ID), q.Prompt)
	}
	var opts []ObjID
	for _, x := range q.Options {
		if k, n, ok := parseID(x); ok && k == 'o' {
			opts = append(opts, ObjID(n))
		}
	}
	var out []Target
	for i, a := range answer {
		var t Target
		if seat := s.Seat(a); seat >= 0 && slices.Contains(q.Options, a) {
			t = Target{Player: seat}
		} else {
			found := false
			for _, id := range s.matchRef(a, opts) {
				if !slices.Contains(out, Target{Obj: uint32(id)}) {
					t, found = Target{Obj: uint32(id)}, true
					break
				}
			}
			if !found {
				return nil, g.refuse("CR 115.1", "body.answer["+itoa(i)+"]", "%q is not a legal target for %s; the choices are %v", a, s.objName(o.ID), q.Options)
			}
		}
		if slices.Contains(out, t) {
			return nil, g.refuse("CR 115.3", "body.answer["+itoa(i)+"]", "%q is chosen twice", a)
		}
		out = append(out, t)
	}
	return out, nil
}

// combatHit is combat damage a source dealt to a player or permanent.
type combatHit struct {
	src *Object
	to  Target
}

// langCombatDamageFire checks the language "deals combat damage"
// triggers once the damage of a combat damage step has been dealt (CR
// 510.2, 603.2): each source that dealt damage to a player (or to a
// planeswalker, where the trigger says so). The event's object is the
// source, its player the player dealt damage (a planeswalker's
// controller).
func (g *Game) langCombatDamageFire(hits []combatHit) {
	s := g.S
	for _, id := range slices.Clone(s.Battlefield) {
		p := s.Obj(id)
		if p == nil {
			continue
		}
		lc := langOf(p.Def)
		if lc == nil {
			continue
		}
		for i, a := range lc.triggered {
			t := a.Trigger
			if t.Event != ability.DealsDamage || !t.Combat || !hasLevel(p, a) || !functionsOnBattlefield(a) {
				continue
			}
			var fired []ObjID // once per source however many it damaged
			for _, h := range hits {
				if t.ToPlayer == "" && slices.Contains(fired, h.src.ID) {
					continue
				}
				seat, ok := -1, false
				switch to := s.Obj(ObjID(h.to.Obj)); {
				case h.to.Obj == 0:
					seat, ok = h.to.Player, t.ToPlayer != ""
				case to != nil && to.Is("Planeswalker"):
					seat, ok = to.Controller, t.ToPlayer == "player_or_planeswalker"
				}
				if !ok && t.ToPlayer != "" {
					continue
				}
				c := &evalCtx{g: g, you: p.Controller, src: p.ID, event: h.src.ID, eventSeat: seat}
				if t.Self && h.src.ID != p.ID || !t.Self && !c.matches(t.Subject, h.src) || !c.holds(a.If) {
					continue
				}
				if t.Player != "" && !c.whose(t.Player, seat) {
					continue
				}
				g.emitLangTrigger(p, i, h.src.ID, seat, nil)
				fired = append(fired, h.src.ID)
			}
		}
	}
}

// fireCastSelf fires the "When you cast this spell" abilities of the spell
// just cast (CR 603.2, 603.6a: they work from the stack); its other
// triggered abilities don't function there.
func (g *Game) fireCastSelf(spell ObjID, seat int) {
	o := g.S.Obj(spell)
	if o == nil || o.Zone != ZoneStack || o.isAbility() {
		return
	}
	lc := langOf(o.def())
	if lc == nil {
		return
	}
	for i, a := range lc.triggered {
		if a.Trigger != nil && a.Trigger.Event == ability.Cast && a.Trigger.Self && g.langTriggers(o, a.Trigger, a.If, cards.TriggerCast, spell, seat) {
			g.emitLangTrigger(o, i, spell, seat, nil)
		}
	}
}
