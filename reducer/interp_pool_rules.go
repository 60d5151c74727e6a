package reducer

import (
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Rules of the first pool's cards that the ability language states,
// carried out here: a spell that can't be countered, an ability activated
// from the hand, a creature that can't attack unless a condition holds.

// cantBeCountered reports whether spell o can't be countered (CR 701.5):
// its own text says so ("This spell can't be countered."), or a permanent
// says so of spells it matches ("Spells you control can't be countered.").
func (g *Game) cantBeCountered(o *Object) bool {
	if o.Uncounterable {
		return true // mana spent on it said so (interp_chosen_type.go)
	}
	if langRule(o.def(), ability.CantBeCountered) {
		return true
	}
	found := false
	g.S.rulesStatics(ability.CantBeCountered, func(_ *ability.Ability, st *ability.StaticEffect, src *Object) {
		c := &evalCtx{g: g, you: src.Controller, src: src.ID}
		if !found && st.Filter != nil && c.spellMatches(st.Filter, o) && c.holds(st.If) {
			found = true
		}
	})
	return found
}

// activatedFromHand reports whether an activated ability functions from
// its card in the hand: it says so (cycling), or its cost discards the
// card itself ("{2}{R}, Discard ~: ..."): an ability whose cost moves
// its object out of a zone functions only in that zone (CR 113.6m).
// activatedZone is where an activated ability functions (CR 113.6): the
// hand ("Discard ~: ..."), the graveyard ("Return ~ from your graveyard
// to the battlefield", "Exile ~ from your graveyard: ..."), or the
// battlefield.
func activatedZone(a *ability.Ability) Zone {
	switch {
	case activatedFromHand(a):
		return ZoneHand
	case a.Zone == ability.ZoneGraveyard:
		return ZoneGraveyard
	}
	return ZoneBattlefield
}

func activatedFromHand(a *ability.Ability) bool {
	return a.Zone == ability.ZoneHand || a.Cost != nil && a.Cost.Discard != nil && a.Cost.Discard.Ref == ability.Self
}

// attackUnless is the condition a static ability puts on o's attacking
// that doesn't hold now ("~ can't attack unless you control a 1/1
// creature", CR 508.1c), worded from its text ("you control a 1/1
// creature"); "" if o may attack as far as such abilities go.
func (g *Game) attackUnless(o *Object) string {
	s := g.S
	if o.Zone != ZoneBattlefield || s.readingStatics {
		return ""
	}
	for _, id := range s.sources().rules { // the permanents with a language static (static_sources.go)
		src := s.Objects[id]
		for _, a := range langOf(src.Def).statics {
			st := *a.Static
			if st.Mods == nil || !containsRule(st.Mods.Rules, ability.AttackUnless) {
				continue
			}
			st.If = nil // whom it affects; its condition is what allows attacking
			c := &evalCtx{g: g, you: src.Controller, src: src.ID}
			if !s.staticApplies(src, &st, o) || c.holds(a.Static.If) {
				continue
			}
			why := a.Text
			if _, after, ok := strings.Cut(why, " unless "); ok {
				why = after
			}
			return strings.TrimSuffix(why, ".")
		}
	}
	return ""
}

// langProtectedFrom reports whether language card o has protection from
// source (CR 702.16a): a keyword "Protection from ..." whose quality, a
// filter, source has, wherever source is (a spell, an ability's source,
// a permanent).
func langProtectedFrom(o *Object, lc *langCard, source *Object) bool {
	c := &evalCtx{g: &Game{S: o.state}, you: o.Controller, src: o.ID}
	for _, a := range lc.keywords {
		if k := a.Keyword; k.Name == "Protection" && k.Filter != nil && c.matches(withZone(k.Filter, zoneName(source.Zone)), source) {
			return true
		}
	}
	return false
}

// mayAnswer reads an answer to a language "you may" question given as
// the verb it asks about ("tap", "discover"): yes, as the Go code of the
// pool's cards asked it, so that their recorded answers still hold. ""
// when the pending question isn't such a question or a isn't its verb.
func (g *Game) mayAnswer(a string) string {
	q := g.S.Pending
	o := g.S.Obj(q.Resolving)
	if o == nil || o.Lang == nil || len(o.Lang.Pc) < 2 || o.Lang.Pc[len(o.Lang.Pc)-1] != phaseOptional {
		return ""
	}
	ab := langAbilityOf(o)
	if ab == nil {
		return ""
	}
	if e := effectAt(ab, o, o.Lang.Pc); e != nil && a == string(e.Verb) {
		return "yes"
	}
	return ""
}

// effectAt is the effect a resolution path leads to (interp_run.go).
func effectAt(ab *ability.Ability, o *Object, path []int) *ability.Effect {
	es := ab.Effects
	if ab.Modes != nil {
		modes := o.Lang.modes()
		if len(path) == 0 || path[0] >= len(modes) {
			return nil
		}
		es, path = ab.Modes.List[modes[path[0]]].Effects, path[1:]
	}
	for len(path) > 0 && path[0] < len(es) {
		e := &es[path[0]]
		if len(path) < 3 || path[1] != phaseElse {
			return e
		}
		es, path = e.Else, path[2:]
	}
	return nil
}

// tapChosen is what a tap or untap verb acts on: its objects, or those
// the player chooses ("tap two untapped artifacts and/or creatures you
// control"); ok is false while asking, or when fewer can be chosen than
// the effect needs, so that it doesn't happen at all.
func (x *verbRun) tapChosen(tap bool) (ids []ObjID, ok bool) {
	c, sel := x.r.ctx, x.e.Object
	if sel == nil || sel.Ref != ability.ChooseRef || sel.Choose == nil {
		return c.objects(sel), true
	}
	ids = c.choosable(sel, c.you)
	if len(ids) < sel.Choose.Min {
		return nil, false
	}
	verb := "to untap"
	if tap {
		verb = "to tap"
	}
	return x.pick(0, ids, sel.Choose, verb)
}
