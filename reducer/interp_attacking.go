package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Tokens created attacking ("create two 4/4 white Angel creature tokens
// with flying and vigilance that are attacking", mobilize). CR 508.4: such
// a creature was never declared as an attacker (its "whenever ~ attacks"
// abilities don't trigger); its controller chooses which player or
// planeswalker it attacks among those an attacker could, as it enters.
// When there is one (an opponent with no planeswalker) nothing is asked;
// otherwise the token effect asks its controller before creating them:
// the `choose` answers with an opponent's id or a planeswalker's
// reference. Outside combat the tokens simply enter (CR 506.4).
//
// Mobilize N (CR 702.181a): "Whenever this creature attacks, create N
// tapped and attacking 1/1 red Warrior creature tokens. Sacrifice them at
// the beginning of the next end step." The keyword expands into that
// trigger; its tokens are marked with the creature that made them
// (useMobilized) and a delayed ability of the card, mobilizeSacrifice,
// sacrifices the marked ones at the next end step.

// attackWhere is what a token entering attacking attacks: a player seat,
// or a planeswalker that player controls.
type attackWhere struct {
	seat   int
	walker ObjID
}

// inCombat reports whether a creature put onto the battlefield attacking
// attacks now: from the declare attackers step to the end of combat.
func (s *State) inCombat() bool {
	switch s.Step {
	case StepDeclareAttackers, StepDeclareBlockers, StepFirstStrikeDamage, StepCombatDamage, StepEndCombat:
		return true
	}
	return false
}

// attackOptions are what seat's creature entering attacking may attack:
// each opponent still in the game, by id, then the planeswalkers they
// control, by reference, in battlefield order.
func (g *Game) attackOptions(seat int) []string {
	s := g.S
	var out []string
	for i, p := range s.Players {
		if i != seat && !p.Lost {
			out = append(out, p.ID)
		}
	}
	for _, id := range s.Battlefield {
		if o := s.Objects[id]; o.Controller != seat && o.Is("Planeswalker") {
			out = append(out, id.String())
		}
	}
	return out
}

// attackWhereOf reads an answer (or the only option).
func (g *Game) attackWhereOf(seat int, answer string) (attackWhere, bool) {
	s := g.S
	if !slices.Contains(g.attackOptions(seat), answer) {
		return attackWhere{}, false
	}
	if d := s.Seat(answer); d >= 0 {
		return attackWhere{seat: d}, true
	}
	pw, why := g.attackablePlaneswalker(seat, answer)
	if why != "" {
		return attackWhere{}, false
	}
	return attackWhere{seat: s.Objects[pw].Controller, walker: pw}, true
}

// tokensAttack says where seat's tokens entering attacking attack: ok
// false when the question has just been asked (the verb stops), attacks
// false when they don't attack (no combat, or nothing to attack).
func (x *verbRun) tokensAttack(seat int) (where attackWhere, attacks, ok bool) {
	g := x.r.g
	if !g.S.inCombat() {
		return attackWhere{}, false, true
	}
	opts := g.attackOptions(seat)
	switch {
	case len(opts) == 0:
		return attackWhere{}, false, true
	case len(opts) == 1:
		w, ok := g.attackWhereOf(seat, opts[0])
		return w, ok, true
	}
	step, answer := x.at()
	if x.step == nil {
		x.ask(0, Question{Player: seat, Options: opts, N: 1, Max: 1,
			Prompt: "the tokens enter attacking: choose the player or planeswalker they attack (CR 508.4)"})
		return attackWhere{}, false, false
	}
	if step == 0 && len(answer) == 1 {
		w, ok := g.attackWhereOf(seat, answer[0])
		return w, ok, true
	}
	return attackWhere{}, false, true
}

// enterAttacking puts token id into combat attacking w (CR 508.4): not
// declared, so nothing triggers on its attacking.
func (g *Game) enterAttacking(id ObjID, w attackWhere) {
	g.emit(Effect{Op: OpAttack, Obj: id, Seat: w.seat, N: 1, To: w.walker})
}

// verbMobilize is mobilize's trigger effect; not a verb of the ability
// language.
const verbMobilize ability.Verb = "mobilize"

// useMobilized marks a Warrior token with the creature whose mobilize
// made it.
const useMobilized = "mobilized by "

func init() { registerVerb(verbMobilize, "amount", verbDoMobilize) }

// mobilizeWarrior is the token mobilize creates.
var mobilizeWarrior = ability.Token{Power: "1", Toughness: "1", Colors: []string{"R"}, Types: []string{"creature"}, Subtypes: []string{"Warrior"}}

// mobilizeTrigger is the triggered ability "Mobilize N" stands for.
func mobilizeTrigger(a *ability.Ability) ability.Ability {
	return ability.Ability{Kind: ability.Triggered, Text: a.Text, Trigger: &ability.Trigger{Event: ability.Attacks, Self: true},
		Effects: []ability.Effect{{Verb: verbMobilize, Amount: ability.Fixed(a.Keyword.N)}}}
}

// mobilizeSupported: "Mobilize N" with a number.
func mobilizeSupported(k *ability.KeywordAbility) bool {
	return k.N > 0 && k.Cost == nil && k.Filter == nil && k.Text == ""
}

// mobilizeSacrifice is the delayed ability a mobilize sets up; its source
// is the mobilizing creature (as it was).
var mobilizeSacrifice = &ability.Ability{Kind: ability.Triggered,
	Text:    "At the beginning of the next end step, sacrifice the Warrior tokens mobilize created.",
	Trigger: &ability.Trigger{Event: ability.StepBegins, Step: ability.StepEnd},
	Effects: []ability.Effect{{Verb: verbMobilizeSacrifice}}}

// verbMobilizeSacrifice is the delayed ability's effect.
const verbMobilizeSacrifice ability.Verb = "mobilize_sacrifice"

func init() { registerVerb(verbMobilizeSacrifice, "", verbDoMobilizeSacrifice) }

// hasMobilize reports whether a language card has mobilize.
func hasMobilize(lc *langCard) bool {
	return slices.ContainsFunc(lc.keywords, func(a *ability.Ability) bool { return a.Keyword.Name == "Mobilize" && mobilizeSupported(a.Keyword) })
}

func verbDoMobilize(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	def := x.r.o.def()
	lc := langOf(def)
	if lc == nil {
		return
	}
	k := slices.Index(lc.delayed, mobilizeSacrifice)
	if k < 0 {
		return
	}
	where, attacks, ok := x.tokensAttack(c.you)
	if !ok {
		return
	}
	name := g.tokenDef(&mobilizeWarrior)
	n := c.amount(x.e.Amount)
	for i := 0; i < n; i++ {
		id := g.S.nextObjID()
		g.emit(Effect{Op: OpToken, Obj: id, Seat: c.you, Name: name})
		g.emit(Effect{Op: OpTap, Obj: id})
		g.emit(Effect{Op: OpUsed, Obj: id, Kind: useMobilized + c.src.String()})
		if attacks {
			g.enterAttacking(id, where)
		}
		g.entered(id)
		x.did = true
	}
	if n <= 0 {
		return
	}
	e := Effect{Op: OpDelayed, Obj: c.src, Name: def.Name, N: delayedBase + k, Seat: c.you, Facts: c.g.S.describedFacts(def)}
	if src := g.S.Obj(c.src); src != nil {
		e.LKI = lkiOf(src)
	} else if x.r.o.LKI != nil {
		l := x.r.o.LKI.clone()
		e.LKI = &l
	}
	g.emit(e)
}

// verbDoMobilizeSacrifice: the controller of the delayed ability
// sacrifices the tokens its creature's mobilize made this turn that they
// still control.
func verbDoMobilizeSacrifice(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	s := g.S
	mark := useMobilized + c.src.String()
	for _, id := range slices.Clone(s.Battlefield) {
		o := s.Objects[id]
		if o.Controller != c.you || !slices.ContainsFunc(o.Used, func(u Use) bool { return u.Kind == mark && u.Turn == s.Turn }) {
			continue
		}
		g.sacrifice(id, c.you)
		x.did = true
	}
}
