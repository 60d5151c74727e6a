package reducer

import (
	"errors"
	"sync"
	"unsafe"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// The ability language's interpreter. A card whose behaviour is data
// (abilities a match declared, or the Oracle compiler's; package ability)
// is played by the rules here: its spell ability's targets and modes are
// chosen as it is cast, its effects run verb by verb as it resolves
// (stopping to ask a question and going on with the answer), its
// triggered abilities wait for their events, its activated and mana
// abilities are paid for and put on the stack or resolved at once, and
// its static, replacement and keyword abilities change the game while it
// is on the battlefield. A card with Go code of its own (the pool's
// cards not yet moved onto the language) keeps it.
//
// Supports says whether the interpreter carries an ability out; a card is
// modelled when it carries out every one of its abilities.

// langCard is a card definition's abilities, sorted by what the engine
// asks of them; built once per definition.
type langCard struct {
	// legacy: the card is played by card code; of the rest only
	// legacyViews is used (ability_refs.go).
	legacy      bool
	legacyViews sync.Once
	// lang is the card itself when it is a language card, nil when it is
	// played by card code: what langOf returns, read in one step.
	lang *langCard
	// sourceKinds: what kinds of static source the card is, once worked
	// out (static_sources.go).
	sourceKinds int32
	spell       *ability.Ability
	// overloaded: the spell cast for its overload cost (interp_overload.go).
	overloaded *ability.Ability
	// activated: activated and mana abilities in printed order; the index
	// here is the number an activate input names.
	activated []*ability.Ability
	// activatedWhy: Supports of each of activated that is not a mana
	// ability, worked out once (langSupports).
	activatedWhy []error
	triggered    []*ability.Ability
	statics      []*ability.Ability
	replace      []*ability.Ability
	keywords     []*ability.Ability
	// mana: the card's mana abilities as the engine runs them: the
	// intrinsic ones of its basic land types (CR 305.6) first, then its
	// printed ones, lowered (interp_mana.go); intrinsic is how many come
	// first, so that activated[k] answers to activate.ability
	// intrinsic+k.
	mana      []cards.ManaAbility
	intrinsic int
	// views: the printed activated abilities as numbered (ability_refs.go),
	// worked out once.
	views []AbilityView
	// own is the card's mana cost as a language cost, and ownMana that
	// cost parsed, made once a card: casting for it needn't print and
	// parse it again (interp_cast.go). Shared: read only.
	own     *ability.Cost
	ownMana cards.Cost
	// unsupported: the first ability the interpreter can't carry out, and
	// why; nil when it carries out them all.
	unsupported error
	// manaTriggers: triggered mana abilities (mana.go's produce).
	manaTriggers []cards.ManaTrigger
	// readsSpellCounts: an ability reads how many spells were cast this
	// turn (interp_spellcount.go).
	readsSpellCounts bool
	// chapters: the final chapter of a Saga's chapter abilities; 0 for a
	// card with none (interp_saga.go).
	chapters int
	// graveyardTriggers: a triggered ability works from a graveyard;
	// readsDrawCounts: one reads how many cards a player drew this turn
	// (interp_zonetriggers.go).
	graveyardTriggers, readsDrawCounts bool
	// delayed: the delayed triggered abilities its effects set up, in
	// the order of its text (interp_delayed.go).
	delayed []*ability.Ability
	// grants: the abilities its text grants, in the order of its text
	// (interp_grant.go).
	grants []*ability.Ability
	// readsLeft: an ability reads revolt (interp_turnfacts.go);
	// readsSpent: the mana spent to cast a spell (interp_spent.go).
	readsLeft, readsSpent bool
	// readsNoncreature: a limit counts noncreature spells (interp_spellcount.go).
	readsNoncreature bool
	// crew: the activated abilities crew N stands for, with N
	// (interp_crew.go); looked up, never ranged over.
	crew map[*ability.Ability]int
}

// langOf returns the definition's abilities for the interpreter, or nil
// for a card played by card code (or a card without a definition). It is
// worked out once per definition and kept in its engine cache.
//
// The kept answer is read inline (the interpreter asks for it a few times
// an input); langOfSlow works it out the first time.
func langOf(def *cards.Card) *langCard {
	if def == nil {
		return nil
	}
	lc := (*langCard)(def.EngineCache())
	if lc == nil {
		lc = keepLangCard(def)
	}
	return lc.lang
}

// keepLangCard works out def's langCard the first time it is asked for
// and keeps it in def's engine cache; it returns the one kept (two matches
// may work it out at once).
func keepLangCard(def *cards.Card) *langCard {
	lc := buildLangCard(def)
	if lc == nil {
		lc = &langCard{legacy: true} // ability_refs.go keeps its views there
	} else {
		lc.lang = lc
	}
	def.KeepEngineCache(unsafe.Pointer(lc))
	return engineOf(def)
}

// engineOf is what langOf kept for def: a language card's or a card
// code's (legacy).
func engineOf(def *cards.Card) *langCard { return (*langCard)(def.EngineCache()) }

// buildLangCard sorts a language card's abilities; nil for a card played
// by card code.
func buildLangCard(def *cards.Card) *langCard {
	if def.HasCode() {
		return nil
	}
	abs := def.Abilities()
	if abs == nil {
		return nil
	}
	lc := &langCard{mana: def.IntrinsicMana(), own: &ability.Cost{}}
	lc.intrinsic = len(lc.mana)
	if def.Cost != nil {
		lc.own.Mana = def.Cost.String()
	}
	lc.ownMana = langMana(lc.own)
	for i := range abs {
		a := lowerEarthbend(&abs[i]) // interp_earthbend.go
		switch a.Kind {
		case ability.Spell:
			if lc.spell == nil {
				lc.spell = a
			}
		case ability.Activated, ability.Mana:
			if a.Kind == ability.Mana {
				m, ok := lowerMana(a, lc.intrinsic+len(lc.activated))
				if ok && intrinsicAgain(lc.mana[:lc.intrinsic], m) {
					continue // a basic land type's ability, printed as reminder (CR 305.6)
				}
				if ok {
					lc.mana = append(lc.mana, m)
				}
			}
			lc.activated = append(lc.activated, a)
		case ability.Triggered:
			if mt, ok := lowerManaTrigger(a); ok { // a mana ability: no stack (CR 605.1b)
				lc.manaTriggers = append(lc.manaTriggers, mt)
				break
			}
			lc.triggered = append(lc.triggered, a)
			lc.graveyardTriggers = lc.graveyardTriggers || a.Zone == ability.ZoneGraveyard
			lc.readsDrawCounts = lc.readsDrawCounts || langReadsDrawCounts(a)
		case ability.Static:
			lc.statics = append(lc.statics, a)
		case ability.Replacement:
			lc.replace = append(lc.replace, a)
		case ability.Keyword:
			lc.keywords = append(lc.keywords, a)
			if a.Keyword.Name == "Storm" {
				st := copyTrigger(a) // interp_copies.go: storm has no cost to expand on
				lc.triggered = append(lc.triggered, &st)
			}
			for _, x := range expandKeyword(a) { // interp_keywords.go
				if a.Keyword.Name == "Crew" {
					if lc.crew == nil {
						lc.crew = map[*ability.Ability]int{}
					}
					lc.crew[&x] = a.Keyword.N
				}
				switch x.Kind {
				case ability.Triggered:
					lc.triggered = append(lc.triggered, &x)
				case ability.Replacement:
					lc.replace = append(lc.replace, &x)
				default:
					lc.activated = append(lc.activated, &x)
				}
			}
		}
		if lc.unsupported == nil {
			lc.unsupported = Supports(a)
		}
		lc.readsSpellCounts = lc.readsSpellCounts || langReadsSpellCounts(a)
		lc.readsLeft = lc.readsLeft || langReadsLeft(a)
		lc.readsSpent = lc.readsSpent || langReadsSpent(a)
		lc.readsNoncreature = lc.readsNoncreature || langReadsNoncreature(a)
		if nth, nc := langReadsNthCast(a); nth { // interp_nthcast.go
			lc.readsSpellCounts, lc.readsNoncreature = true, lc.readsNoncreature || nc
		}
		lc.readsNoncreature = lc.readsNoncreature || langReadsNoncreatureCast(a) // interp_nthcast.go
	}
	if lc.unsupported == nil && hasFuse(lc) {
		if why := fusableHalf(lc); why != "" {
			lc.unsupported = errors.New(why) // interp_fuse.go
		}
	}
	lc.activatedWhy = make([]error, len(lc.activated))
	for k, a := range lc.activated {
		if a.Kind == ability.Activated {
			lc.activatedWhy[k] = Supports(a)
		}
	}
	lc.delayed = delayedAbilities(lc)     // interp_delayed.go
	lc.grants = grantedAbilities(lc)      // interp_grant.go
	lc.buildOverload()                    // interp_overload.go
	lc.views = printedViews(lc, def.Name) // ability_refs.go
	lc.chapters = sagaChapters(lc)        // interp_saga.go
	if why := copyUnsupported(lc); why != "" && lc.unsupported == nil {
		lc.unsupported = errors.New(why + " are not carried out yet") // interp_copies.go
	}
	return lc
}

// langModelled reports whether the interpreter plays every ability of a
// language card; ok is false for a card played by card code.
func langModelled(def *cards.Card) (modelled, ok bool) {
	lc := langOf(def)
	if lc == nil {
		return false, false
	}
	return lc.unsupported == nil, true
}

// modelled reports whether the engine knows everything a card does: by
// the interpreter for a language card, else by its card code.
func modelled(def *cards.Card) bool {
	if m, ok := langModelled(def); ok {
		return m
	}
	return def.Modelled()
}

// langAbilityOf is the language ability a stack object is resolving: a
// spell's spell ability, an activated or triggered ability's own; nil for
// an object card code resolves.
func langAbilityOf(o *Object) *ability.Ability {
	if o.fused() && o.Ability == 0 && o.Trigger == 0 {
		return fusedSpell(o.Def) // interp_fuse.go
	}
	lc := langOf(o.def())
	if lc == nil {
		return nil
	}
	switch {
	case o.Ability > grantStackBase:
		return grantedStackAbility(o, lc) // interp_grant.go
	case o.Ability > 0:
		if k := o.Ability - 1 - lc.intrinsic; k >= 0 && k < len(lc.activated) {
			return lc.activated[k]
		}
	case o.Trigger > 0:
		return lc.triggerAt(o.Trigger - 1) // interp_delayed.go
	case !o.fused():
		return lc.spellFor(o.CastWith) // interp_overload.go
	}
	return nil
}
