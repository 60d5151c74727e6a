package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// What a setup places that waits for a later moment (events/setup_later.go):
// delayed triggered abilities waiting for their event (CR 603.7), extra
// turns to come (CR 500.7), and emblems in the command zone (CR 114),
// which are objects and take ids as the setup's other objects do.

// planEmblems adds player p's emblems to the plan, after the cards of its
// command zone, or each before the card its before names (CR 408.1: the
// zone keeps an order).
func (r *setupResolver) planEmblems(seat int, p *events.SetupPlayer, field string, add func(*setupObj)) error {
	ordered := false
	for i := range p.Emblems {
		e := &p.Emblems[i]
		f := field + ".emblems[" + itoa(i) + "]"
		def := r.g.setupEmblemDef(r.plan, e.Emblem)
		if def == nil {
			return r.g.refuse("CR 114.1", f+".emblem", "%q is no emblem the match or this setup declares (an emblem's abilities are declared as a token's, named \"Emblem (CARD)\")", e.Emblem)
		}
		if e.Before != nil && (*e.Before < 0 || *e.Before >= len(p.Command)) {
			return r.g.refuse("CR 408.1", f+".before", "%d names no card of command, which lists %d (counted from 0); an emblem without before stands after them all", *e.Before, len(p.Command))
		}
		ordered = ordered || e.Before != nil
		add(&setupObj{field: f, seat: seat, owner: seat, zone: ZoneCommand, emblem: e, def: def})
	}
	if ordered {
		r.orderCommand(seat)
	}
	return nil
}

// orderCommand gives each object of seat's command zone its place there
// when an emblem names the card it stands before: the cards in the order
// listed, each emblem just before its card (those before the same card in
// the order listed), the others after every card in the order listed.
// Without it emblems go last as they are made, in id order, as setups
// always placed them.
func (r *setupResolver) orderCommand(seat int) {
	var cards, emblems, order []*setupObj
	for _, o := range r.plan.objs {
		switch {
		case o.seat != seat || o.zone != ZoneCommand:
		case o.emblem == nil:
			cards = append(cards, o)
		default:
			emblems = append(emblems, o)
		}
	}
	before := func(k int) {
		for _, e := range emblems {
			if b := e.emblem.Before; b != nil && *b == k || b == nil && k == len(cards) {
				order = append(order, e)
			}
		}
	}
	for k, c := range cards {
		before(k)
		order = append(order, c)
	}
	before(len(cards))
	for i, o := range order {
		o.index, o.ordered = i, true
	}
}

// setupEmblemDef is the declared definition of an emblem's abilities, or
// nil.
func (g *Game) setupEmblemDef(pl *setupPlan, name string) *cards.Card {
	d := (*cards.Card)(nil)
	if i := slices.IndexFunc(pl.defs, func(d *cards.Card) bool { return d.Name == name }); i >= 0 {
		d = pl.defs[i]
	} else if c, ok := g.S.cardDef(name); ok {
		d = c
	}
	if d == nil || !d.Declared || d.Layout != "token" {
		return nil
	}
	return d
}

// checkLater checks the setup's delayed abilities and extra turns, and
// what its permanents' language abilities bound, once ids are given.
func (g *Game) checkLater(b *events.Setup, pl *setupPlan) error {
	s := g.S
	for _, o := range pl.objs {
		if o.perm == nil {
			continue
		}
		if err := g.checkSetupProgress(pl, o.perm.Progress, o.field); err != nil { // setup_stack.go
			return err
		}
	}
	for i, d := range b.Delayed {
		f := "body.delayed[" + itoa(i) + "]"
		if s.Seat(d.Controller) < 0 {
			return g.refuse("CR 102.1", f+".controller", "%q is not a player of this match", d.Controller)
		}
		def, err := g.setupAbilityDef(pl, d.Characteristics, d.Card, string(d.Source), f)
		if err != nil {
			return err
		}
		if lc := langOf(def); lc == nil || d.Index >= len(lc.delayed) {
			return g.refuse("CR 603.7", f+".index", "%s's text sets up no delayed ability %d (counted from 0)", def.Name, d.Index)
		}
		if _, err := g.setupObjRef(pl, string(d.Source), f+".source"); err != nil {
			return err
		}
		if d.About != "" {
			if _, err := g.setupObjRef(pl, string(d.About), f+".about"); err != nil {
				return err
			}
		}
	}
	for i, p := range b.ExtraTurns {
		if s.Seat(p) < 0 {
			return g.refuse("CR 500.7", "body.extra_turns["+itoa(i)+"]", "%q is not a player of this match", p)
		}
	}
	return nil
}

// emitLater sets up the delayed abilities, in the order listed, and the
// extra turns to come.
func (g *Game) emitLater(b *events.Setup, pl *setupPlan) {
	s := g.S
	for _, d := range b.Delayed {
		src, _ := g.setupObjRef(pl, string(d.Source), "")
		def, _ := g.setupAbilityDef(pl, d.Characteristics, d.Card, string(d.Source), "")
		e := Effect{Op: OpDelayed, Obj: src, Name: def.Name, N: delayedBase + d.Index, Seat: s.Seat(d.Controller), LKI: setupLKI(d.LKI),
			Facts: cloneFacts(d.Characteristics)}
		if d.About != "" {
			e.Event, _ = g.setupObjRef(pl, string(d.About), "")
		}
		g.emit(e)
	}
	for _, p := range b.ExtraTurns {
		g.emit(Effect{Op: OpExtraTurn, Seat: s.Seat(p), N: 1})
	}
}

// emitPermanentLater: what a permanent's language ability chose and how
// far it has got, and the copies its spell's cast trigger makes.
func (g *Game) emitPermanentLater(pl *setupPlan, o *setupObj) {
	perm := o.perm
	if c := perm.Choices; c != nil {
		ints := append([]int{len(c.Modes)}, c.Modes...)
		g.emit(Effect{Op: OpChoices, Obj: o.id, Ints: append(ints, c.Slots...)})
	}
	if p := perm.Progress; p != nil {
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
	if perm.Times != 0 {
		g.emit(Effect{Op: OpTimes, Obj: o.id, N: perm.Times})
	}
}

// setupAbilityDef is the definition of an ability's source: a token the
// table described, by its characteristics, else as setupSourceDef finds
// it.
func (g *Game) setupAbilityDef(pl *setupPlan, c *events.Characteristics, card, source, f string) (*cards.Card, error) {
	if c != nil {
		return factsDef(c), nil
	}
	return g.setupSourceDef(pl, card, source, f)
}

// effectDef is the definition an effect names: that of its Facts (a token
// the table described), else the card Name.
func (s *State) effectDef(e *Effect) (*cards.Card, bool) {
	if e.Facts != nil {
		return factsDef(e.Facts), true
	}
	return s.cardDef(e.Name)
}

func cloneFacts(c *events.Characteristics) *events.Characteristics {
	if c == nil {
		return nil
	}
	f := *c
	return &f
}

// CharsOf describes a card definition as a token the table describes it.
func CharsOf(d *cards.Card) *events.Characteristics { return charsOf(d) }

// OpBlocking: blocker Obj blocks To, an attacker that is gone: a blocking
// creature stays blocking when the attacker it blocks leaves (CR 506.4).
const OpBlocking Op = 321

func init() {
	registerOp(OpBlocking, func(s *State, e *Effect) { s.mustObj(e.Obj).Blocking = e.To })
	extDescribe[OpBlocking] = func(s *State, e Effect) string {
		return s.objName(e.Obj) + " blocks " + e.To.String() + ", which is gone"
	}
}

// goneAttacker reports whether a blocker's reference names by id an
// attacker that is gone: an object id no object of the setup has.
func goneAttacker(pl *setupPlan, ref events.Ref) bool {
	kind, n, ok := parseID(string(ref))
	if !ok || kind != 'o' {
		return false
	}
	for _, o := range pl.objs {
		if o.id == ObjID(n) {
			return false
		}
	}
	return true
}
