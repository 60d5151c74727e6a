package reducer

import (
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Targeted triggered abilities (CR 603.3d). A triggered ability with
// targets gets them once it is on the stack, before any player receives
// priority: its controller answers a `choose` input naming the target (an
// object id, or a name) from the legal choices listed. With no legal
// target the ability is removed from the stack (CR 603.3d). As it resolves,
// its targets are checked again; with every target illegal it doesn't
// resolve (CR 608.2b).

const whatTriggerTarget = "trigger_target"

// triggerTargetKinds lists the target kinds of a triggered ability on the
// stack (nil for anything else).
func triggerTargetKinds(o *Object) []cards.TargetKind {
	if o == nil || o.Trigger == 0 || o.Def == nil {
		return nil
	}
	if t := o.Def.TriggeredAt(o.Trigger - 1); t != nil {
		return t.Targets
	}
	return nil
}

// untargetedTrigger returns the first triggered ability on the stack whose
// targets are still to be chosen, or nil.
func (g *Game) untargetedTrigger() *Object {
	for _, id := range g.S.Stack {
		o := g.S.Objects[id]
		if k := triggerTargetKinds(o); len(k) > 0 && len(o.Targets) == 0 && o.Step == 0 {
			return o
		}
	}
	return nil
}

// triggerTargetOptions lists the legal targets for slot k of trigger o, by
// object id or player id: players, then objects of every zone, by id.
func (g *Game) triggerTargetOptions(o *Object, k cards.TargetKind, chosen []Target) []string {
	s := g.S
	var out []string
	for i, p := range s.Players {
		if g.targetIllegalFrom(k, Target{Player: i}, g.targetSource(o)) == "" {
			out = append(out, p.ID)
		}
	}
	for id, x := range s.Objects {
		if x == nil || x.ID == o.ID || slices.Contains(chosen, Target{Obj: uint32(id)}) {
			continue
		}
		if g.triggerTargetIllegal(o, k, Target{Obj: uint32(id)}) == "" {
			out = append(out, ObjID(id).String())
		}
	}
	return out
}

// triggerTargetIllegal says why t can't be a target of trigger o.
func (g *Game) triggerTargetIllegal(o *Object, k cards.TargetKind, t Target) string {
	src := g.targetSource(o)
	if src == nil {
		src = o // the source has left: its controller is the trigger's
	}
	return g.targetIllegalFrom(k, t, src)
}

// askTriggerTargets asks for the targets of the first triggered ability on
// the stack that has none yet; one without a legal target is removed. It
// reports whether a question is now pending. then receives priority
// afterwards.
func (g *Game) askTriggerTargets(then int) bool {
	for {
		for _, id := range g.S.Stack {
			o := g.S.Objects[id]
			if specs, done := langTriggerSlots(o); done < len(specs) && o.Step == 0 {
				if g.askLangTriggerTargets(o, then) {
					return true
				}
			}
		}
		o := g.untargetedTrigger()
		if o == nil {
			return false
		}
		kinds := triggerTargetKinds(o)
		opts := g.triggerTargetOptions(o, kinds[0], nil)
		if len(opts) == 0 {
			g.vanish(o) // CR 603.3d
			continue
		}
		g.emit(Effect{Op: OpPriority, Seat: -1})
		g.ask(Question{Ask: AskChoose, Player: o.Controller, What: whatTriggerTarget, Options: opts, N: 1, Max: 1,
			Resolving: o.ID, Of: then, Prompt: kinds[0].String()})
		return true
	}
}

// checkTriggerTarget: the answer names one of the legal targets offered.
func (g *Game) checkTriggerTarget(b *events.Choose) error {
	if o := g.S.Obj(g.S.Pending.Resolving); langTriggerAbility(o.Def, o.Trigger-1) != nil {
		_, err := g.langTriggerAnswer(o, b.Answer)
		return err
	}
	_, err := g.triggerTargetAnswer(b.Answer)
	return err
}

func (g *Game) triggerTargetAnswer(answer []string) (Target, error) {
	s := g.S
	q := s.Pending
	o := s.Obj(q.Resolving)
	if len(answer) != 1 {
		return Target{}, g.refuse("CR 603.3d", "body.answer", "choose one target for %s (%s)", s.objName(q.Resolving), q.Prompt)
	}
	a := answer[0]
	if seat := s.Seat(a); seat >= 0 && slices.Contains(q.Options, a) {
		return Target{Player: seat}, nil
	}
	var opts []ObjID
	for _, x := range q.Options {
		if kind, n, ok := parseID(x); ok && kind == 'o' {
			opts = append(opts, ObjID(n))
		}
	}
	if ids := s.matchRef(a, opts); len(ids) > 0 {
		return Target{Obj: uint32(ids[0])}, nil
	}
	// Not among the legal targets: say why, if a thing by that name exists.
	kinds := triggerTargetKinds(o)
	var all []ObjID
	for id, x := range s.Objects {
		if x != nil {
			all = append(all, ObjID(id))
		}
	}
	for _, id := range s.matchRef(a, all) {
		if why := g.triggerTargetIllegal(o, kinds[0], Target{Obj: uint32(id)}); why != "" {
			why, rule := ruleOfReason(why, "CR 115.1")
			return Target{}, g.refuse(rule, "body.answer[0]", "%s", why)
		}
	}
	return Target{}, g.refuse("CR 115.1", "body.answer[0]", "%q is not a legal target for %s; the choices are %s", a, s.objName(q.Resolving), strings.Join(q.Options, ", "))
}

// ruleOfReason splits a reason that ends with its rule, "... (CR 115.1)"
// or "... (ADV-7)", into the reason and the rule; else the rule is def.
func ruleOfReason(why, def string) (string, string) {
	if !strings.HasSuffix(why, ")") {
		return why, def
	}
	i := strings.LastIndex(why, " (")
	if i < 0 {
		return why, def
	}
	rule := why[i+2 : len(why)-1]
	if strings.HasPrefix(rule, "CR ") || isRulingID(rule) {
		return why[:i], rule
	}
	return why, def
}

// isRulingID reports whether s looks like a RULINGS.md ID ("ADV-7").
func isRulingID(s string) bool {
	letters, num, ok := strings.Cut(s, "-")
	if !ok || letters == "" || num == "" {
		return false
	}
	for _, r := range letters {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	for _, r := range num {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// chooseTriggerTarget records the target and goes on: to the next
// trigger's targets, or priority.
func (g *Game) chooseTriggerTarget(answer []string) {
	q := g.S.Pending
	if o := g.S.Obj(q.Resolving); langTriggerAbility(o.Def, o.Trigger-1) != nil {
		ts, _ := g.langTriggerAnswer(o, answer)
		g.recordLangTriggerTargets(o, ts)
		g.givePriority(q.Of, 0) // the next slot or trigger asks first
		return
	}
	t, _ := g.triggerTargetAnswer(answer)
	g.emit(Effect{Op: OpSpell, Obj: q.Resolving, Targets: []Target{t}})
	g.givePriority(q.Of, 0)
}
