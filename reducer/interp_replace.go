package reducer

import (
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Replacement effects in the ability language that change how a permanent
// enters the battlefield (CR 614.1c-e, 614.12): it enters tapped, tapped
// unless a condition holds ("unless you control two or more other
// lands"), tapped unless its controller pays ("As ~ enters, you may pay 2
// life. If you don't, it enters tapped."), with counters, or after a
// choice ("As ~ enters, choose a color").
//
// A choice the entering permanent's controller makes is asked before any
// player next receives priority, as the legend rule is: the permanent is
// marked with what is still to be decided (Lang.Enter) and the question
// comes with nothing else happening in between; not paying taps it. A
// player who can't pay (CR 119.4) isn't asked.

// OpEnterPending: permanent Obj has a choice still to make as it entered
// (Kind: "pay <i>" or "choose <i>" for its replacement ability i); an
// empty Kind clears the first one.
const OpEnterPending Op = 244

const whatAsEnters = "as_enters"

func init() {
	registerOp(OpEnterPending, func(s *State, e *Effect) {
		o := s.mustObj(e.Obj)
		if o.Lang == nil {
			o.Lang = &LangState{}
		}
		if e.Kind == "" {
			if len(o.Lang.Enter) > 0 {
				o.Lang.Enter = slices.Delete(o.Lang.Enter, 0, 1)
			}
			if len(o.Lang.Enter) == 0 && o.Lang.isEmpty() {
				o.Lang = nil
			}
			return
		}
		o.Lang.Enter = append(o.Lang.Enter, e.Kind)
	})
	extDescribe[OpEnterPending] = func(s *State, e Effect) string {
		if e.Kind == "" {
			return descObj(s, e.Obj) + ": its entering choice is made"
		}
		return descObj(s, e.Obj) + " enters with a choice to make: " + e.Kind
	}
}

func (l *LangState) isEmpty() bool {
	return len(l.Modes) == 0 && len(l.Slots) == 0 && len(l.Pc) == 0 && len(l.Bound) == 0 && len(l.Enter) == 0
}

// langEnters applies the language replacement effects of a permanent that
// has just entered (before its enters triggers).
func (g *Game) langEnters(o *Object) {
	g.entersTappedByOthers(o)
	lc := langOf(o.Def)
	if lc == nil {
		return
	}
	// X is the spell's that became the permanent.
	c := &evalCtx{g: g, you: o.Controller, src: o.ID, x: o.X}
	for i, a := range lc.replace {
		r := a.Replace
		if r.Event != ability.ReplEnters || !r.Self {
			continue
		}
		if r.Counter == counterSunburst {
			g.putCounters(o.ID, sunburstKind(o), c.amount(r.Amount)) // interp_spent.go
		} else if r.Counter != "" {
			g.putCounters(o.ID, r.Counter, c.amount(r.Amount))
		}
		if r.Choose != "" {
			g.emit(Effect{Op: OpEnterPending, Obj: o.ID, Kind: "choose " + itoa(i)})
		}
		if !r.Tapped || o.Tapped {
			continue
		}
		switch {
		case r.Unless != nil && c.holds(r.Unless):
		case r.UnlessPay != nil && g.canPayLangCost(o.Controller, r.UnlessPay):
			g.emit(Effect{Op: OpEnterPending, Obj: o.ID, Kind: "pay " + itoa(i)})
		default:
			g.emit(Effect{Op: OpTap, Obj: o.ID})
		}
	}
}

// askAsEnters asks the first entering choice still to be made; it
// reports whether a question is pending. then receives priority after.
func (g *Game) askAsEnters(then int) bool {
	s := g.S
	if s.entersClean == s.changes+1 {
		if checkCaches && g.entersPending() != 0 {
			panic("reducer: entering choices were cached as none, yet one waits")
		}
		return false // only OpEnterPending marks one, and it changes the state
	}
	id := g.entersPending()
	if id == 0 {
		s.entersClean = s.changes + 1
		return false
	}
	o := s.Objects[id]
	kind, i := splitEnter(o.Lang.Enter[0])
	r := langOf(o.Def).replace[i].Replace
	q := Question{Ask: AskChoose, Player: o.Controller, What: whatAsEnters, Resolving: id, Of: then, N: 1, Max: 1}
	switch kind {
	case "pay":
		q.Options = []string{"pay", "no"}
		q.Prompt = "as " + s.objName(id) + " enters: pay " + costText(r.UnlessPay) + ", or it enters tapped"
	case "choose":
		q.Options = enterOptions(r.Choose)
		q.Prompt = "as " + s.objName(id) + " enters: choose a " + strings.ReplaceAll(r.Choose, "_", " ")
	}
	g.emit(Effect{Op: OpPriority, Seat: -1})
	g.ask(q)
	return true
}

// entersPending returns the first permanent with an entering choice still
// to make, or 0.
func (g *Game) entersPending() ObjID {
	for _, id := range g.S.Battlefield {
		if o := g.S.Objects[id]; o.Lang != nil && len(o.Lang.Enter) > 0 {
			return id
		}
	}
	return 0
}

func splitEnter(k string) (string, int) {
	kind, n, _ := strings.Cut(k, " ")
	return kind, atoiOr(n, 0)
}

// enterOptions lists the answers to an entering choice.
func enterOptions(what string) []string {
	switch what {
	case "color":
		return []string{"W", "U", "B", "R", "G"}
	}
	if what == "creature_type" {
		return []string{optCreatureType} // interp_chosen_type.go
	}
	if o := nameOption(what); o != "" { // interp_chosen_name.go
		return []string{o}
	}
	return nil
}

// answerAsEnters carries out an entering choice.
func (g *Game) answerAsEnters(answer []string) {
	s := g.S
	q := s.Pending
	o := s.Objects[q.Resolving]
	kind, i := splitEnter(o.Lang.Enter[0])
	r := langOf(o.Def).replace[i].Replace
	switch kind {
	case "pay":
		if answer[0] == "pay" {
			g.payLangCost(o.Controller, r.UnlessPay)
		} else {
			g.emit(Effect{Op: OpTap, Obj: o.ID})
		}
	case "choose":
		name := answer[0]
		if isNameQuestion(q.Options) {
			name, _ = g.cardNameAnswer(q.Options, answer, q.Prompt) // checked by checkAsEnters
		}
		if len(q.Options) == 1 && q.Options[0] == optCreatureType {
			t, _ := g.creatureTypeAnswer(answer, q.Prompt) // checked by checkAsEnters
			name = chosenTypePrefix + t
		}
		g.emit(Effect{Op: OpChosen, Obj: o.ID, Name: name})
	}
	g.emit(Effect{Op: OpEnterPending, Obj: o.ID})
	g.givePriority(q.Of, 0)
}

// checkAsEnters: the answer is one of the options.
func (g *Game) checkAsEnters(answer []string) error {
	q := g.S.Pending
	if isNameQuestion(q.Options) {
		_, err := g.cardNameAnswer(q.Options, answer, q.Prompt)
		return err
	}
	if len(q.Options) == 1 && q.Options[0] == optCreatureType {
		_, err := g.creatureTypeAnswer(answer, q.Prompt) // interp_chosen_type.go
		return err
	}
	if len(answer) != 1 || !slices.Contains(q.Options, answer[0]) {
		return g.refuse("CR 614.12", "body.answer", "answer one of %v (%s)", q.Options, q.Prompt)
	}
	return nil
}

// langZoneReplaced is the zone an object goes to instead of to, under the
// language's replacement effects of permanents on the battlefield ("If a
// card would be put into an opponent's graveyard from anywhere, exile it
// instead", CR 614.1a); to when none applies. Several that apply: the
// first in battlefield order (they all say exile here).
func (g *Game) langZoneReplaced(o *Object, to Zone) Zone {
	if to != ZoneGraveyard {
		return to
	}
	s := g.S
	if s.diesExiled(o) { // interp_replace_verb.go
		return ZoneExile
	}
	s.eachLangReplacement(func(src *Object, r *ability.ReplaceEffect) bool {
		if r.To == "" || (r.Event != ability.ReplToGraveyard && !(r.Event == ability.ReplDies && o.Zone == ZoneBattlefield && o.Is("Creature"))) {
			return false
		}
		if r.Self && o.ID != src.ID {
			return false
		}
		c := &evalCtx{g: g, you: src.Controller, src: src.ID}
		if r.Subject != nil && !c.matches(withZone(r.Subject, zoneName(o.Zone)), o) {
			return false
		}
		if r.Player != "" && !c.whose(r.Player, o.Owner) {
			return false
		}
		to = zoneOf(r.To)
		return true
	})
	return to
}

// eachLangReplacement calls f with each replacement effect of the ability
// language that a permanent has (its card's, not its face's), in
// battlefield order, until f returns true; it reports whether f did.
func (s *State) eachLangReplacement(f func(src *Object, r *ability.ReplaceEffect) bool) bool {
	for _, id := range s.sources().replaces { // the permanents with one, in battlefield order (static_sources.go)
		src := s.Objects[id]
		lc := langOf(src.Def)
		if lc == nil {
			continue
		}
		for _, a := range lc.replace {
			if f(src, a.Replace) {
				return true
			}
		}
	}
	return false
}

// othersEnterTapped reports whether r is "<permanents> enter tapped" for
// other objects ("Nonbasic lands your opponents control enter tapped",
// "Creatures your opponents control enter tapped"): a replacement effect
// of a permanent on the battlefield (CR 614.1c, 614.12).
func othersEnterTapped(r *ability.ReplaceEffect) bool {
	return r.Event == ability.ReplEnters && !r.Self && r.Subject != nil && r.Tapped && r.Player == "" &&
		r.Counter == "" && r.Choose == "" && r.Unless == nil && r.UnlessPay == nil && r.CopyOf == nil && len(r.Instead) == 0 &&
		r.To == "" && r.Times == 0 && r.Plus == 0 && !r.Prevent && !r.Combat && r.Duration == ""
}

// entersTappedByOthers taps o, just entered, if a permanent's replacement
// effect says such permanents enter tapped. Whose they are is read as o
// enters: under its controller (CR 614.12).
func (g *Game) entersTappedByOthers(o *Object) {
	if o.Tapped {
		return
	}
	for _, id := range g.S.sources().replaces { // as eachLangReplacement
		src := g.S.Objects[id]
		if src.ID == o.ID {
			continue
		}
		lc := langOf(src.Def)
		if lc == nil {
			continue
		}
		for _, a := range lc.replace {
			if !othersEnterTapped(a.Replace) {
				continue
			}
			c := &evalCtx{g: g, you: src.Controller, src: src.ID}
			if c.matches(withZone(a.Replace.Subject, ability.ZoneBattlefield), o) {
				g.emit(Effect{Op: OpTap, Obj: o.ID})
				return
			}
		}
	}
}
