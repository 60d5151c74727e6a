package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
)

// Resolving a language spell or ability (CR 608.2): its effects run in
// order. An effect that needs a decision (a "you may", a card to choose,
// an order, a shuffle) asks it and the resolution stops there; the
// object's Lang.Pc records where, and the answer resumes it at that
// effect. Where it stopped is a path:
//
//	[i]                  effect i, not begun
//	[i, 1, j, ...]       effect i's Else list ("Otherwise"), at j
//	[i, 2]               effect i's "you may", asked
//	[i, 3, step]         effect i's verb, at its own step
//	[i, 4]               effect i's "unless ... pays", asked
//
// Modal ones have the chosen mode's ordinal in front: [m, i, ...].

// runner resolves one language spell or ability.
type runner struct {
	g   *Game
	o   *Object
	ab  *ability.Ability
	ctx *evalCtx
	// answer is the answer to the question asked at resume.
	answer []string
	resume []int
}

// Effect phases in a path (see above).
const (
	phaseElse     = 1
	phaseOptional = 2
	phaseVerb     = 3
	phaseUnless   = 4
)

// resolveLang resolves the language object o on top of the stack with
// the answer to its last question; it reports whether it finished.
func (g *Game) resolveLang(o *Object, ab *ability.Ability, answer []string) bool {
	r := &runner{g: g, o: o, ab: ab, ctx: g.langCtx(o, ab), answer: answer}
	if o.Lang != nil && o.Lang.Pc != nil {
		r.resume = o.Lang.Pc
	}
	if ab.Modes == nil {
		r.noteTargetControllers() // interp_target_lki.go
		return !r.list(ab.Effects, nil, r.resume)
	}
	start := 0
	if r.resume != nil {
		start = r.resume[0]
	}
	modes := o.Lang.modes()
	for k := start; k < len(modes); k++ {
		r.ctx.slots = r.modeSlots(k)
		var at []int
		if r.resume != nil && k == r.resume[0] {
			at = r.resume[1:]
		}
		if r.list(ab.Modes.List[modes[k]].Effects, []int{k}, at) {
			return false
		}
	}
	return true
}

func (l *LangState) modes() []int {
	if l == nil {
		return nil
	}
	return l.Modes
}

// langCtx is the evaluation context of a resolving language object.
func (g *Game) langCtx(o *Object, ab *ability.Ability) *evalCtx {
	c := &evalCtx{g: g, you: o.Controller, src: o.ID, res: o, x: spellX(o)}
	if o.isAbility() {
		c.src = o.Source
		c.event, c.eventSeat, c.eventLKI = o.Event, o.EventSeat, o.EventLKI
		if o.Trigger > 0 {
			c.x = langTriggerX(o, ab)
		}
	}
	if ab.Modes == nil {
		c.slots = g.legalSlots(c, ab.Targets, o)
	}
	return c
}

// langTriggerX: a permanent's own enters trigger uses the X of the spell
// it was; any other trigger has no X.
func langTriggerX(o *Object, ab *ability.Ability) int {
	if ab.Trigger == nil || ab.Trigger.Event != ability.Enters || !ab.Trigger.Self {
		return 0
	}
	if src := o.state.Obj(o.Source); src != nil && src.Zone == ZoneBattlefield {
		return src.X
	}
	if o.LKI != nil {
		return o.LKI.X
	}
	return 0
}

// modeSlots is the legal targets of the k-th chosen mode's slots.
func (r *runner) modeSlots(k int) [][]Target {
	modes := r.o.Lang.Modes
	first := 0 // the index in Lang.Slots of mode k's first slot
	for i := 0; i < k; i++ {
		first += len(r.ab.Modes.List[modes[i]].Targets)
	}
	specs := r.ab.Modes.List[modes[k]].Targets
	return r.g.legalSlotsFrom(r.ctx, specs, r.o, first)
}

// list runs a list of effects from at (nil: the start); prefix is the
// path to the list. It reports whether it stopped to ask.
func (r *runner) list(es []ability.Effect, prefix []int, at []int) bool {
	start := 0
	if len(at) > 0 {
		start = at[0]
	}
	for i := start; i < len(es); i++ {
		var sub []int
		if len(at) > 0 && i == at[0] {
			sub = at[1:]
		}
		path := append(slices.Clone(prefix), i)
		trackDid := i+1 < len(es) && readsDid(es[i+1].If)
		if r.effect(&es[i], path, sub, trackDid) {
			return true
		}
	}
	return false
}

// effect runs one effect from phase sub (nil: not begun); it reports
// whether it stopped to ask.
func (r *runner) effect(e *ability.Effect, path, sub []int, trackDid bool) bool {
	c := r.ctx
	phase := 0
	if len(sub) > 0 {
		phase = sub[0]
	}
	switch phase {
	case 0:
		if !c.holds(e.If) {
			if len(e.Else) > 0 {
				return r.list(e.Else, append(path, phaseElse), nil)
			}
			r.did(e, trackDid, false)
			return false
		}
		if e.Optional && !r.mayInPick(e) {
			who := r.ctx.you
			if ps := c.players(e.Player); len(ps) == 1 {
				who = ps[0]
			}
			return r.ask(append(path, phaseOptional), Question{Player: who, Options: []string{"yes", "no"}, N: 1, Max: 1,
				Prompt: "you may: " + verbText(e)})
		}
		if e.Unless != nil {
			return r.askUnless(e, path)
		}
		return r.verb(e, path, nil, trackDid)
	case phaseElse:
		return r.list(e.Else, append(path, phaseElse), sub[1:])
	case phaseOptional:
		if len(r.answer) != 1 || r.answer[0] != "yes" {
			r.did(e, trackDid, false)
			return false
		}
		r.answer = nil
		if e.Unless != nil {
			return r.askUnless(e, path)
		}
		return r.verb(e, path, nil, trackDid)
	case phaseUnless:
		if len(r.answer) == 1 && r.answer[0] == "pay" {
			r.payUnless(e)
			r.did(e, trackDid, false)
			return false
		}
		r.answer = nil
		return r.verb(e, path, nil, trackDid)
	case phaseVerb:
		return r.verb(e, path, sub[1:], trackDid)
	}
	return false
}

// verb runs an effect's verb from its step (nil: the start).
func (r *runner) verb(e *ability.Effect, path, step []int, trackDid bool) bool {
	v := verbs[e.Verb]
	if v == nil {
		// A verb the interpreter doesn't carry out, in an ability of a
		// partly modelled card (Supports refuses it; the card is reported
		// as such): it does nothing rather than stop the game.
		r.answer = nil
		r.did(e, trackDid, false)
		return false
	}
	x := &verbRun{r: r, e: e, path: path, step: step, may: e.Optional && r.mayInPick(e)}
	v(x)
	r.answer = nil
	if x.asked {
		return true
	}
	if e.Bind != "" && !x.bound {
		r.bind(e.Bind, nil, "", x.did)
	}
	r.did(e, trackDid, x.did)
	return false
}

// readsDid reports whether a condition reads whether the effect before
// happened: "If you do", "If you don't".
func readsDid(c *ability.Condition) bool {
	if c == nil {
		return false
	}
	if c.Kind == ability.CondDid {
		return c.Name == ""
	}
	return c.Kind == ability.CondNot && len(c.Sub) == 1 && readsDid(&c.Sub[0])
}

// did records whether the effect happened, for "If you do" next.
func (r *runner) did(e *ability.Effect, track, happened bool) {
	if track {
		r.bind("_did", nil, "", happened)
	}
}

// bind names items for later effects of this resolution.
func (r *runner) bind(name string, items []Target, text string, did bool) {
	n := 0
	if did {
		n = 1
	}
	r.g.emit(Effect{Op: OpBind, Obj: r.o.ID, Name: name, Targets: items, Kind: text, N: n})
}

// ask stops the resolution at path with a question to a player (AskChoose
// unless q says otherwise).
func (r *runner) ask(path []int, q Question) bool {
	r.g.emit(Effect{Op: OpPc, Obj: r.o.ID, Ints: path})
	q.Resolving = r.o.ID
	if q.Ask == AskNone {
		q.Ask, q.What = AskChoose, whatResolve
	}
	r.g.emit(Effect{Op: OpPriority, Seat: -1})
	r.g.ask(q)
	return true
}

// askShuffle stops the resolution at path for the table to shuffle seat's
// library.
func (r *runner) askShuffle(path []int, seat int) bool {
	return r.ask(path, Question{Ask: AskRandom, Player: -1, Random: events.RandomShuffle, Of: seat})
}

// askUnless asks the payer of "unless ... pays" whether they pay; a payer
// who can't pay isn't asked.
func (r *runner) askUnless(e *ability.Effect, path []int) bool {
	payer := r.unlessPayer(e)
	if payer < 0 || !r.g.canPayLangCost(payer, &e.Unless.Cost) {
		return r.verb(e, path, nil, false)
	}
	return r.ask(append(path, phaseUnless), Question{Player: payer, Options: []string{"pay", "no"}, N: 1, Max: 1,
		Prompt: "pay " + costText(&e.Unless.Cost) + " or " + verbText(e)})
}

func (r *runner) unlessPayer(e *ability.Effect) int {
	ps := r.ctx.players(e.Unless.Payer)
	if len(ps) == 0 {
		return -1
	}
	return ps[0]
}

func (r *runner) payUnless(e *ability.Effect) {
	r.g.payLangCost(r.unlessPayer(e), &e.Unless.Cost)
}

// verbRun is one run of a verb: it may ask (asked) at a step of its own,
// and says whether it happened and whether it bound its own name.
type verbRun struct {
	r     *runner
	e     *ability.Effect
	path  []int
	step  []int
	asked bool
	did   bool
	bound bool
	// may: the effect's "you may" is asked by its own choice, which may
	// then choose nothing (mayInPick).
	may bool
}

// mayInPick reports whether an optional effect's "you may" is the choice
// its verb asks anyway: "you may sacrifice a creature" asks one player for
// none or one creature, not yes or no and then which (CR 608.2d).
func (r *runner) mayInPick(e *ability.Effect) bool {
	if e.Verb == ability.Pay {
		return true // pay or not is the one question (interp_pay.go)
	}
	if e.Verb != ability.Sacrifice && e.Verb != ability.Discard {
		return false
	}
	sel := e.Object
	if sel == nil || sel.Ref != ability.ChooseRef || sel.Choose == nil || sel.Choose.AtRandom || sel.Choose.By != nil {
		return false
	}
	return len(r.ctx.players(e.Player)) == 1
}

// at is the verb's step (0 at first) and the answer to the question it
// asked there.
func (x *verbRun) at() (int, []string) {
	if len(x.step) == 0 {
		return 0, nil
	}
	return x.step[0], x.r.answer
}

// ask asks a question at step n of the verb.
func (x *verbRun) ask(n int, q Question) {
	x.asked = x.r.ask(append(slices.Clone(x.path), phaseVerb, n), q)
}

// shuffle asks the table to shuffle seat's library at step n.
func (x *verbRun) shuffle(n, seat int) {
	x.asked = x.r.askShuffle(append(slices.Clone(x.path), phaseVerb, n), seat)
}

// bind binds the verb's own name to items.
func (x *verbRun) bind(items []Target) {
	x.did = x.did || len(items) > 0
	if x.e.Bind != "" {
		x.r.bind(x.e.Bind, items, "", x.did)
		x.bound = true
	}
}
