package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Copies of a spell made as it is cast: storm (CR 702.40: "When you cast
// this spell, copy it for each spell cast before it this turn") and
// replicate (CR 702.56: "copy it for each time you paid its replicate
// cost"; the cast names how many times: "replicate": N). The number is
// fixed as the spell is cast (Object.Times) and the cast trigger makes
// that many copies (CR 707.10); for each, the spell's controller may
// choose a new target (CR 707.10c): they answer with the copy's target,
// the original's first among the options.

// OpTimes: spell Obj makes N copies as it is cast (storm's count, or the
// times its replicate cost was paid).
const OpTimes Op = 247

func init() {
	registerOp(OpTimes, func(s *State, e *Effect) { s.mustObj(e.Obj).Times = e.N })
	extDescribe[OpTimes] = func(s *State, e Effect) string {
		return s.objName(e.Obj) + " will be copied " + itoa(e.N) + " time" + plural(e.N)
	}
	registerVerb(ability.Copy, "object text", verbCopy)
}

// copyingKeywords are the keywords whose cast trigger copies the spell.
var copyingKeywords = []string{"Storm", "Replicate", "Conspire"}

// copyTrigger is the cast trigger storm and replicate stand for.
func copyTrigger(a *ability.Ability) ability.Ability {
	return ability.Ability{
		Kind:    ability.Triggered,
		Text:    a.Text,
		Trigger: &ability.Trigger{Event: ability.Cast, Self: true},
		Effects: []ability.Effect{{Verb: ability.Copy, Object: &ability.Selector{Ref: ability.Self}, Text: copiesPerTimes}},
	}
}

// replicated is the CondKicked text of replicate's trigger: "if its
// replicate cost was paid" (CR 702.56a), the spell will be copied
// (Object.Times > 0); a spell cast without paying it has no trigger.
const replicated = "replicated"

// replicateTrigger is the cast trigger replicate stands for.
func replicateTrigger(a *ability.Ability) ability.Ability {
	t := copyTrigger(a)
	t.If = &ability.Condition{Kind: ability.CondKicked, Text: replicated}
	return t
}

// copiesPerTimes marks a copy effect that makes as many copies as the
// spell's Times.
const copiesPerTimes = "times"

// replicateCost is the mana a cast's replicate count adds (CR 702.56a),
// or why it can't.
func (g *Game) replicateCost(def *cards.Card, lc *langCard, b *events.Cast) (cards.Cost, error) {
	if b.Replicate == 0 {
		return nil, nil
	}
	if b.Replicate < 0 {
		return nil, g.refuse("CR 702.56a", "body.replicate", "the replicate cost is paid 0 or more times, not %d", b.Replicate)
	}
	c := keywordCost(def, "Replicate")
	if c == nil || (ability.Cost{Mana: c.Mana}) != *c {
		return nil, g.refuse("CR 702.56a", "body.replicate", "%s has no replicate", def.Name)
	}
	one, err := cards.ParseCost(c.Mana)
	if err != nil {
		return nil, g.refuse("CR 702.56a", "body.replicate", "%s's replicate cost %s can't be paid", def.Name, c.Mana)
	}
	var out cards.Cost
	for i := 0; i < b.Replicate; i++ {
		out = append(out, one...)
	}
	return out, nil
}

// copiesOnCast is how many copies spell o's cast trigger will make:
// storm's count (the spells cast before it this turn, by every player)
// or the replicate count; 0 for other spells.
func (g *Game) copiesOnCast(o *Object, b *events.Cast) int {
	lc := langOf(o.def())
	if lc == nil {
		return 0
	}
	n := 0
	for _, a := range lc.keywords {
		switch a.Keyword.Name {
		case "Storm":
			for _, p := range g.S.Players {
				n += p.Spells
			}
			n-- // not itself
		case "Replicate":
			n += b.Replicate
		case "Conspire": // interp_conspire.go
			if len(b.Conspire) > 0 {
				n++
			}
		}
	}
	return max(n, 0)
}

// copyUnsupported says why a card's spell can't be copied by its storm
// or replicate the way the engine does it, or "": the copies may change
// a single target, so a spell with modes or several target slots isn't
// carried out.
func copyUnsupported(lc *langCard) string {
	has := false
	for _, a := range lc.keywords {
		for _, k := range copyingKeywords {
			has = has || a.Keyword.Name == k
		}
	}
	switch {
	case !has:
		return ""
	case lc.spell == nil:
		return "storm or replicate on a card without a spell ability"
	case lc.spell.Modes != nil || len(lc.spell.Targets) > 1:
		return "copies of a spell with modes or several target slots"
	case len(lc.spell.Targets) == 1 && (lc.spell.Targets[0].Min != 1 || lc.spell.Targets[0].Max != 1):
		return "copies of a spell with a variable number of targets"
	}
	return ""
}

// verbCopy copies the spell Object as many times as its Times, for storm
// and replicate. A copy of a spell with a target asks its controller for
// the copy's target first.
func verbCopy(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	ids := c.objects(x.e.Object)
	if len(ids) != 1 {
		return
	}
	src := g.S.Obj(ids[0])
	if src == nil || src.Zone != ZoneStack || src.isAbility() {
		return // the spell is gone: nothing to copy
	}
	n := src.Times // support.go carries out only storm's and replicate's copies
	seat := c.you
	if len(src.Targets) == 0 {
		for i := 0; i < n; i++ {
			g.copySpell(src, seat)
			x.did = true
		}
		return
	}
	made, answer := 0, []string(nil)
	if x.step != nil {
		made, answer = x.at()
		id := g.copySpell(src, seat)
		x.did = true
		if t, ok := copyTarget(g, src, id, seat, answer); ok {
			g.emit(Effect{Op: OpRetarget, Obj: id, N: 0, Targets: []Target{t}})
		}
		made++
	}
	if made < n {
		x.ask(made, Question{Player: seat, Options: copyTargetOptions(g, src, seat), N: 1, Max: 1,
			Prompt: "the target of copy " + itoa(made+1) + " of " + itoa(n) + " of " + g.S.objName(src.ID) + " (the first keeps the original's)"})
	}
}

// copyTargetOptions are the targets a copy of src may have: the
// original's first, then every other legal one (CR 707.10c).
func copyTargetOptions(g *Game, src *Object, seat int) []string {
	lc := langOf(src.def())
	if lc == nil || lc.spell == nil || len(lc.spell.Targets) != 1 {
		return []string{refOf(g.S, src.Targets[0])}
	}
	return targetOptionsFor(g, src, 0, &lc.spell.Targets[0], seat)
}

// langSlotSpec is the language target of spell o's target slot, or nil
// where its targets are not one per slot.
func langSlotSpec(o *Object, slot int) *ability.Target {
	lc := langOf(o.def())
	if lc == nil || lc.spell == nil || len(lc.spell.Targets) != len(o.Targets) || slot >= len(o.Targets) {
		return nil
	}
	return &lc.spell.Targets[slot]
}

// targetOptionsFor are the targets slot of src may have by spec: its
// present one first, then every other legal one.
func targetOptionsFor(g *Game, src *Object, slot int, spec *ability.Target, seat int) []string {
	cur := refOf(g.S, src.Targets[slot])
	out := []string{cur}
	c := &evalCtx{g: g, you: seat, src: src.ID}
	for j, pl := range g.S.Players {
		if spec.Players != "" && c.targetIllegalLang(spec, Target{Player: j}, src) == "" && pl.ID != cur {
			out = append(out, pl.ID)
		}
	}
	for _, id := range c.zoneForSlot(spec) {
		if id != src.ID && c.targetIllegalLang(spec, Target{Obj: uint32(id)}, src) == "" && id.String() != cur {
			out = append(out, id.String())
		}
	}
	return out
}

// copyTarget reads the answer naming copy id's target; ok is false to
// keep the original's.
func copyTarget(g *Game, src *Object, id ObjID, seat int, answer []string) (Target, bool) {
	if len(answer) != 1 || answer[0] == refOf(g.S, src.Targets[0]) {
		return Target{}, false
	}
	if p := g.S.Seat(answer[0]); p >= 0 {
		return Target{Player: p}, true
	}
	if o := g.S.objByRef(answer[0]); o != nil && o.ID != id {
		return Target{Obj: uint32(o.ID)}, true
	}
	return Target{}, false
}
