package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// What a setup places that is under way (events/setup_stack.go): spells
// and abilities on the stack, triggered abilities waiting, the question
// the game waits on, continuous effects with their timestamps. Stack
// objects take ids as every object a setup places does (setup_plan.go) and
// are stacked in the order listed, bottom first.

// planStack adds the setup's stack objects to the plan, before ids are
// given.
func (r *setupResolver) planStack(b *events.Setup) error {
	s := r.g.S
	for i := range b.Stack {
		so := &b.Stack[i]
		f := "body.stack[" + itoa(i) + "]"
		seat := s.Seat(so.Controller)
		if seat < 0 {
			return r.g.refuse("CR 102.1", f+".controller", "%q is not a player of this match", so.Controller)
		}
		o := &setupObj{field: f, seat: seat, owner: seat, zone: ZoneStack, index: i, stack: so}
		switch {
		case so.Spell != "":
			if so.Owner != "" {
				if o.owner = s.Seat(so.Owner); o.owner < 0 {
					return r.g.refuse("CR 108.3", f+".owner", "%q is not a player of this match", so.Owner)
				}
			}
			id, name, err := r.card(o.owner, string(so.Spell), f+".spell")
			if err != nil {
				return err
			}
			o.card, o.name = id, name
		case so.Copy != "":
			d, ok := s.cardDef(so.Copy)
			if !ok {
				_, err := s.pool.Resolve(so.Copy)
				return r.g.refuse("CARD-POOL", f+".copy", "%v", err)
			}
			o.def = d
		}
		r.plan.objs = append(r.plan.objs, o)
	}
	return nil
}

// checkUnderWay checks what the setup's stack objects name, its waiting
// triggers, its question and its continuous effects, once ids are given.
func (g *Game) checkUnderWay(b *events.Setup, pl *setupPlan) error {
	s := g.S
	for _, o := range pl.objs {
		so := o.stack
		if so == nil {
			continue
		}
		if so.Ability != nil || so.Trigger != nil {
			d, err := g.setupAbilityDef(pl, so.Characteristics, so.Card, string(so.Source), o.field) // setup_later.go
			if err != nil {
				return err
			}
			o.def = d
			if n := *orInt(so.Ability, so.Trigger); n < 0 {
				return g.refuse("CR 113.1", o.field+".ability", "%s has no ability %d", d.Name, n)
			}
		}
		if so.Text != "" && so.Source != "" {
			if _, err := g.setupObjRef(pl, string(so.Source), o.field+".source"); err != nil {
				return err
			}
		}
		for k, t := range so.Targets {
			if _, err := g.setupTarget(pl, string(t), o.field+".targets["+itoa(k)+"]"); err != nil {
				return err
			}
		}
		if so.CastFrom != "" {
			if z := parseZone(so.CastFrom); z == ZoneNone || z == ZoneStack || z == ZoneBattlefield {
				return g.refuse("CR 601.2a", o.field+".cast_from", "%q is not a zone a spell is cast from (library, graveyard, exile, command)", so.CastFrom)
			}
		}
		if err := g.checkSetupProgress(pl, so.Progress, o.field); err != nil {
			return err
		}
	}
	for i, t := range b.Triggers {
		f := "body.triggers[" + itoa(i) + "]"
		if s.Seat(t.Controller) < 0 {
			return g.refuse("CR 102.1", f+".controller", "%q is not a player of this match", t.Controller)
		}
		if _, err := g.setupAbilityDef(pl, t.Characteristics, t.Card, string(t.Source), f); err != nil {
			return err
		}
		if _, err := g.setupObjRef(pl, string(t.Source), f+".source"); err != nil {
			return err
		}
		if t.EventPlayer != "" && s.Seat(t.EventPlayer) < 0 {
			return g.refuse("CR 102.1", f+".event_player", "%q is not a player of this match", t.EventPlayer)
		}
	}
	if q := b.Pending; q != nil {
		if err := g.checkSetupPending(b, pl, q); err != nil {
			return err
		}
	}
	if d := b.Discovery; d != nil {
		if s.Seat(d.Player) < 0 {
			return g.refuse("CR 102.1", "body.discovery.player", "%q is not a player of this match", d.Player)
		}
		refs := append([]events.Ref{d.Resolving, d.Card}, d.Rest...)
		for k, r := range refs {
			if r == "" && k == 1 {
				continue // no card found yet
			}
			if _, err := g.setupObjRef(pl, string(r), "body.discovery"); err != nil {
				return err
			}
		}
	}
	for i, c := range b.Continuous {
		f := "body.continuous[" + itoa(i) + "]"
		if s.Seat(c.Controller) < 0 {
			return g.refuse("CR 102.1", f+".controller", "%q is not a player of this match", c.Controller)
		}
		for k, ref := range c.Objects {
			if _, err := g.setupObjRef(pl, string(ref), f+".objects["+itoa(k)+"]"); err != nil {
				return err
			}
		}
		if c.Source != "" {
			if _, err := g.setupObjRef(pl, string(c.Source), f+".source"); err != nil {
				return err
			}
		}
	}
	return nil
}

func orInt(a, b *int) *int {
	if a != nil {
		return a
	}
	return b
}

func parseZone(name string) Zone {
	for z, n := range zoneNames {
		if n == name {
			return Zone(z)
		}
	}
	return ZoneNone
}

// checkSetupPending: the question is one the reducer asks, of a player.
func (g *Game) checkSetupPending(b *events.Setup, pl *setupPlan, q *events.Pending) error {
	s := g.S
	ask := slices.Index(askNames[:], q.Ask)
	if ask < 0 || Ask(ask) == AskNone || Ask(ask) == AskPriority {
		return g.refuse("CR 117.1", "body.pending.ask", "%q is not a question a setup places (mulligan, choose, attack, block, cast, random; priority is the default)", q.Ask)
	}
	if q.Player != "" && s.Seat(q.Player) < 0 || q.Player == "" && Ask(ask) != AskRandom {
		return g.refuse("CR 102.1", "body.pending.player", "%q is not a player of this match", q.Player)
	}
	if q.Of != "" && s.Seat(q.Of) < 0 {
		return g.refuse("CR 102.1", "body.pending.of", "%q is not a player of this match", q.Of)
	}
	if q.Resolving != "" {
		if _, err := g.setupObjRef(pl, string(q.Resolving), "body.pending.resolving"); err != nil {
			return err
		}
	}
	return nil
}

// setupSourceDef is the definition of an ability's source: the card named,
// or the card of the source the setup places.
func (g *Game) setupSourceDef(pl *setupPlan, card, source, f string) (*cards.Card, error) {
	if card != "" {
		if i := slices.IndexFunc(pl.defs, func(d *cards.Card) bool { return d.Name == card }); i >= 0 {
			return pl.defs[i], nil
		}
		d, ok := g.S.cardDef(card)
		if !ok {
			_, err := g.S.pool.Resolve(card)
			return nil, g.refuse("CARD-POOL", f+".card", "%v", err)
		}
		return d, nil
	}
	if src := pl.find(g.S, source, ZoneNone); len(src) > 0 {
		if d := pl.defOf(g.S, src[0]); d != nil {
			return d, nil
		}
	}
	return nil, g.refuse("CR 113.7", f+".source", "%q names no object this setup places: name the source's card in card", source)
}

// setupObjRef is the id an object reference names: an object id (its
// object may be gone), or an object the setup places.
func (g *Game) setupObjRef(pl *setupPlan, ref, f string) (ObjID, error) {
	if kind, n, ok := parseID(ref); ok && kind == 'o' {
		return ObjID(n), nil
	}
	if found := pl.find(g.S, ref, ZoneNone); len(found) > 0 {
		return found[0].id, nil
	}
	return 0, g.refuse("CR 109.1", f, "%q names no object this setup places (name one that is gone by its id)", ref)
}

// setupTarget is a target or bound item: a player's id, "-" for none, or
// an object.
// checkSetupProgress checks that every object a resolution's progress
// has bound names an object of the setup.
func (g *Game) checkSetupProgress(pl *setupPlan, p *events.Progress, field string) error {
	if p == nil {
		return nil
	}
	for k, bd := range p.Bound {
		for m, it := range bd.Items {
			if _, err := g.setupTarget(pl, string(it), field+".progress.bound["+itoa(k)+"].items["+itoa(m)+"]"); err != nil {
				return err
			}
		}
	}
	return nil
}

func (g *Game) setupTarget(pl *setupPlan, ref, f string) (Target, error) {
	if ref == "-" {
		return Target{Player: -1}, nil
	}
	if seat := g.S.Seat(ref); seat >= 0 {
		return Target{Player: seat}, nil
	}
	id, err := g.setupObjRef(pl, ref, f)
	return Target{Obj: uint32(id)}, err
}

func (g *Game) setupTargets(pl *setupPlan, refs []events.Ref) []Target {
	var out []Target
	for _, r := range refs {
		t, _ := g.setupTarget(pl, string(r), "")
		out = append(out, t)
	}
	return out
}

func setupLKI(l *events.LKI) *LKI {
	if l == nil {
		return nil
	}
	out := &LKI{Power: l.Power, Toughness: l.Toughness, X: l.X, Cast: l.Cast, Spent: l.Spent}
	if kind, n, ok := parseID(string(l.Moved)); ok && kind == 'o' {
		out.Moved = ObjID(n)
	}
	if kind, n, ok := parseID(string(l.Card)); ok && kind == 'c' {
		out.Card = CardID(n)
	}
	for _, k := range sortedKeys(l.Counters) {
		out.Counters = append(out.Counters, Counter{Kind: k, N: l.Counters[k]})
	}
	return out
}

// emitStackObject makes a stack object that isn't a card: a copy of a
// spell, an ability, a table's ability.
func (g *Game) emitStackObject(pl *setupPlan, o *setupObj) {
	so := o.stack
	switch {
	case so.Text != "":
		src := ObjID(0)
		if so.Source != "" {
			src, _ = g.setupObjRef(pl, string(so.Source), "")
		}
		g.emit(Effect{Op: OpTableAbility, Obj: o.id, Seat: o.seat, To: src, Name: so.Text, Targets: g.setupTargets(pl, so.Targets)})
		return
	case so.Copy != "":
		g.emit(Effect{Op: OpStackObject, Obj: o.id, Seat: o.seat, Kind: "copy", Name: o.def.Name})
	default:
		src, _ := g.setupObjRef(pl, string(so.Source), "")
		kind := "ability"
		if so.Trigger != nil {
			kind = "trigger"
		}
		e := Effect{Op: OpStackObject, Obj: o.id, Seat: o.seat, Kind: kind, Name: o.def.Name, To: src, N: *orInt(so.Ability, so.Trigger),
			LKI: setupLKI(so.LKI), EventLKI: setupLKI(so.EventLKI), Facts: cloneFacts(so.Characteristics)}
		if so.Event != "" {
			e.Event, _ = g.setupObjRef(pl, string(so.Event), "")
		}
		if so.EventPlayer != "" {
			e.EventSeat = g.S.Seat(so.EventPlayer)
		}
		g.emit(e)
	}
}

// emitStackFacts: what a stack object was cast or activated with, and how
// far its resolution has got.
func (g *Game) emitStackFacts(pl *setupPlan, o *setupObj) {
	so := o.stack
	if o.card != 0 && o.seat != o.owner {
		g.emit(Effect{Op: OpControl, Obj: o.id, Seat: o.seat})
	}
	if so.Text == "" && (so.Face != "" || so.X != 0 || len(so.Targets) > 0 || so.CastFrom != "") {
		g.emit(Effect{Op: OpStackFacts, Obj: o.id, Kind: so.Face, N: so.X, Targets: g.setupTargets(pl, so.Targets), Zone: parseZone(so.CastFrom)})
	}
	if so.Kicked {
		g.emitKicked(o.id, max(so.Kicks, 1)) // interp_multikicker.go
	}
	if so.CastWith != "" {
		g.emit(Effect{Op: OpCastWith, Obj: o.id, Name: so.CastWith})
	}
	if so.Times != 0 {
		g.emit(Effect{Op: OpTimes, Obj: o.id, N: so.Times})
	}
	if so.Uncounterable {
		g.emit(Effect{Op: OpObjectFacts, Obj: o.id, Ints: []int{0, so.Spent, so.SpentColors, 1}})
	} else if so.Spent != 0 || so.SpentColors != 0 {
		g.emit(Effect{Op: OpObjectFacts, Obj: o.id, Ints: []int{0, so.Spent, so.SpentColors}})
	}
	if c := so.Choices; c != nil {
		ints := append([]int{len(c.Modes)}, c.Modes...)
		g.emit(Effect{Op: OpChoices, Obj: o.id, Ints: append(ints, c.Slots...)})
	}
	if p := so.Progress; p != nil {
		if p.Step != 0 {
			g.emit(Effect{Op: OpResolveStep, Obj: o.id, N: p.Step})
		}
		if len(p.Pc) > 0 {
			g.emit(Effect{Op: OpPc, Obj: o.id, Ints: slices.Clone(p.Pc)})
		}
		for _, bd := range p.Bound {
			g.emit(Effect{Op: OpBind, Obj: o.id, Name: bd.Name, Targets: g.setupTargets(pl, bd.Items), Kind: bd.Text, N: b2i(bd.Did)})
		}
	}
}

// emitUnderWay stacks the stack in the order listed, then the waiting
// triggers and the continuous effects.
func (g *Game) emitUnderWay(b *events.Setup, pl *setupPlan) {
	s := g.S
	var order []ObjID
	for _, o := range pl.objs {
		if o.stack != nil {
			order = append(order, o.id)
		}
	}
	if !slices.Equal(order, s.Stack) {
		g.emit(Effect{Op: OpStackOrder, List: order})
	}
	for _, t := range b.Triggers {
		src, _ := g.setupObjRef(pl, string(t.Source), "")
		d, _ := g.setupAbilityDef(pl, t.Characteristics, t.Card, string(t.Source), "")
		e := Effect{Op: OpTrigger, Obj: src, Name: d.Name, N: t.Index, Seat: s.Seat(t.Controller), LKI: setupLKI(&t.LKI), EventLKI: setupLKI(t.EventLKI),
			Facts: cloneFacts(t.Characteristics)}
		if t.Event != "" {
			e.Event, _ = g.setupObjRef(pl, string(t.Event), "")
		}
		if t.EventPlayer != "" {
			e.EventSeat = s.Seat(t.EventPlayer)
		}
		g.emit(e)
	}
	for _, c := range b.Continuous {
		cont := Continuous{Controller: s.Seat(c.Controller), Until: c.Until, AddSupertypes: slices.Clone(c.Supertypes),
			AddSubtypes: slices.Clone(c.Subtypes), AddKeywords: slices.Clone(c.Keywords), AnyColorMana: c.AnyColorMana,
			P: c.Power, T: c.Toughness, Rule: c.Rule}
		if c.Source != "" {
			cont.Source, _ = g.setupObjRef(pl, string(c.Source), "")
		}
		if t := c.Grants; t != nil {
			cont.Table = &TableGrant{Types: slices.Clone(t.Types), Colors: setupColors(t.Colors), Abilities: slices.Clone(t.Abilities)}
		}
		if bc := c.Becomes; bc != nil {
			cont.Becomes = &Becoming{Types: slices.Clone(bc.Types), AllCreatureTypes: bc.AllCreatureTypes, SetColors: bc.SetColors,
				Colors: setupColors(bc.Colors), SetPT: bc.SetPT, P: bc.Power, T: bc.Toughness, Rules: slices.Clone(bc.Rules)}
			for _, gr := range bc.Granted {
				cont.Becomes.Grants = append(cont.Becomes.Grants, GrantRef{Card: gr.Card, K: gr.N}) // interp_grant.go
			}
		}
		for _, ref := range c.Objects {
			id, _ := g.setupObjRef(pl, string(ref), "")
			cont.Objects = append(cont.Objects, id)
		}
		if s.Timestamp != c.Timestamp-1 {
			g.emit(Effect{Op: OpTimestamp, N: c.Timestamp - 1})
		}
		g.emit(Effect{Op: OpAddContinuous, Cont: &cont})
	}
	if b.Timestamp != 0 && b.Timestamp != s.Timestamp {
		g.emit(Effect{Op: OpTimestamp, N: b.Timestamp})
	}
	if d := b.Discovery; d != nil {
		res, _ := g.setupObjRef(pl, string(d.Resolving), "")
		name := ""
		if d.Cascade {
			name = whatCascade
		}
		g.emit(Effect{Op: OpDiscover, Obj: res, Seat: s.Seat(d.Player), N: d.N, Name: name})
		if d.Card != "" || len(d.Rest) > 0 {
			e := Effect{Op: OpDiscoverFound}
			if d.Card != "" {
				e.To, _ = g.setupObjRef(pl, string(d.Card), "")
			}
			for _, r := range d.Rest {
				id, _ := g.setupObjRef(pl, string(r), "")
				e.List = append(e.List, id)
			}
			g.emit(e)
		}
	}
}

// askSetup puts the setup's question to its player in place of priority.
func (g *Game) askSetup(b *events.Setup, pl *setupPlan) {
	s := g.S
	q := b.Pending
	ask := Question{Ask: Ask(slices.Index(askNames[:], q.Ask)), Player: -1, Random: q.Random, N: q.N, Max: q.Max,
		Prompt: q.Prompt, What: q.What, Options: slices.Clone(q.Options)}
	if q.Player != "" {
		ask.Player = s.Seat(q.Player)
	}
	if q.Of != "" {
		ask.Of = s.Seat(q.Of)
	}
	if q.Resolving != "" {
		ask.Resolving, _ = g.setupObjRef(pl, string(q.Resolving), "") // a spell or ability resolving, or a permanent entering
	}
	prio := -1 // left out: nobody holds priority while the question waits
	if b.Priority != "" {
		prio = s.Seat(b.Priority)
	}
	g.emit(Effect{Op: OpPriority, Seat: prio, N: b.Passes})
	g.ask(ask)
}

func setupColors(letters []string) []cards.Color {
	var out []cards.Color
	for _, l := range letters {
		c, _ := cards.ParseColor(l)
		out = append(out, c)
	}
	return out
}
