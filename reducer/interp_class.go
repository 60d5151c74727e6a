package reducer

import (
	"fmt"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Classes (CR 716). A Class permanent has a level, 1 as it enters (not
// a counter: a fact about the permanent); it is the object's ClassLevel (0 stands for 1: every object
// starts there, and a new object, a copy among them, starts again). The
// Class's "[Cost]: Level N" (CR 716.2a) is an activated ability: "This
// Class's level becomes N. Activate only if it is level N-1 and only as a
// sorcery." The abilities printed after it are its level N abilities, which
// it has only while its level is N or more (CR 716.2b; ability.Ability's
// Level): the engine carries out such triggered and activated abilities.
// "When this Class becomes level N" (CR 716.2c) triggers as the level-up
// ability resolves.

// verbLevelUp is the effect of a Class's level keyword; it isn't a verb of
// the ability language, so no declared card names it.
const verbLevelUp ability.Verb = "level_up"

// OpClassLevel: Obj's Class level becomes N.
const OpClassLevel Op = 310

func init() {
	registerVerb(verbLevelUp, "amount", verbDoLevelUp)
	registerOp(OpClassLevel, func(s *State, e *Effect) { s.Objects[e.Obj].ClassLevel = e.N })
	extDescribe[OpClassLevel] = func(s *State, e Effect) string {
		return fmt.Sprintf("%s becomes level %d", descObj(s, e.Obj), e.N)
	}
}

// levelGatedEvents are the trigger events whose firing checks a Class's
// level (hasLevel): langFire, the dies, combat damage, targeted and level
// triggers.
var levelGatedEvents = map[ability.Event]bool{
	ability.Enters: true, ability.Cast: true, ability.StepBegins: true, ability.Attacks: true, ability.CounterPut: true,
	ability.Dies: true, ability.DealsDamage: true, ability.BecomesTarget: true, ability.LevelReached: true,
}

// classLevel is o's level as a Class.
func classLevel(o *Object) int {
	if o.ClassLevel < 1 {
		return 1
	}
	return o.ClassLevel
}

// levelAbility is the activated ability "[Cost]: Level N" stands for; the
// level it needs is checked by classLevelRefusal.
func levelAbility(a *ability.Ability) ability.Ability {
	k := a.Keyword
	return ability.Ability{Kind: ability.Activated, Text: a.Text, Cost: &ability.Cost{Mana: k.Cost.Mana},
		Limit:   &ability.Limit{Sorcery: true},
		Effects: []ability.Effect{{Verb: verbLevelUp, Amount: ability.Fixed(k.N)}}}
}

// levelSupported: "[mana]: Level N" with N of 2 or more.
func levelSupported(k *ability.KeywordAbility) bool {
	return k.N >= 2 && k.Cost != nil && k.Cost.Mana != "" && (ability.Cost{Mana: k.Cost.Mana}) == *k.Cost && k.Filter == nil && k.Text == ""
}

// classLevelRefusal says why o's activated ability a can't be activated
// at o's level now, or "".
func classLevelRefusal(o *Object, a *ability.Ability) (rule, why string) {
	if a.Level > classLevel(o) {
		return "CR 716.2b", fmt.Sprintf("%s is level %d: it has that ability only from level %d", o.Name(), classLevel(o), a.Level)
	}
	if len(a.Effects) == 1 && a.Effects[0].Verb == verbLevelUp {
		if n := fixedAmount(a.Effects[0].Amount); classLevel(o) != n-1 {
			return "CR 716.2a", fmt.Sprintf("%s is level %d: Level %d can be activated only at level %d", o.Name(), classLevel(o), n, n-1)
		}
	}
	return "", ""
}

// hasLevel reports whether src, a Class or not, has its ability a at its
// level now (CR 716.2b).
func hasLevel(src *Object, a *ability.Ability) bool {
	return a.Level == 0 || src != nil && a.Level <= classLevel(src)
}

// verbDoLevelUp: the Class's level becomes N, and its "When this Class
// becomes level N" abilities trigger (CR 716.2c).
func verbDoLevelUp(x *verbRun) {
	g := x.r.g
	o := g.S.Obj(x.r.ctx.src)
	if o == nil || o.Zone != ZoneBattlefield {
		return
	}
	n := x.r.ctx.amount(x.e.Amount)
	g.emit(Effect{Op: OpClassLevel, Obj: o.ID, N: n})
	x.did = true
	lc := langOf(o.Def)
	if lc == nil {
		return
	}
	for i, a := range lc.triggered {
		if t := a.Trigger; t.Event == ability.LevelReached && t.Self && t.Level == n && hasLevel(o, a) && (&evalCtx{g: g, you: o.Controller, src: o.ID}).holds(a.If) {
			g.emitLangTrigger(o, i, o.ID, o.Controller, nil)
		}
	}
}
