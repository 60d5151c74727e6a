package reducer

import (
	"slices"
	"sync/atomic"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Which permanents' static abilities may change characteristics. Every
// characteristic a permanent has past its card (types, subtypes,
// supertypes, keywords, power and toughness: CR 613 layers 4 to 7) is
// worked out by asking each static ability on the battlefield whether it
// applies; the state-based actions ask it of every permanent (is it
// legendary? a creature? what is its toughness?), so scanning the whole
// battlefield for sources on each question made them quadratic in its
// size. The sources are listed once per state change instead: most
// permanents have no such ability, and those that have one are asked in
// battlefield order, as the scan did. The permanents with triggered
// abilities are listed alongside, for the same reason: every event asks
// them, and most permanents (lands above all) have none.
//
// The list is derived data, like State.specials: not part of a snapshot or
// the digest, rebuilt after any effect but priority and the pending
// question (State.apply bumps State.changes),
// and dropped by Clone, so that nothing it holds outlives the position it
// was made from.

// staticSources is the list and the state change it was made at.
type staticSources struct {
	at uint64 // State.placed, plus one, when built (0: not built)
	// coded: permanents whose card code has static abilities that affect
	// other objects (cards.Card.StaticsOf).
	coded []ObjID
	// lang: permanents with an ability-language static that changes
	// layers 4 to 7 (langLayered).
	lang []ObjID
	// triggers: permanents with a triggered ability, of the language or
	// the card code (fire walks only these).
	triggers []ObjID
	// mana: permanents whose card replaces or triggers on mana production
	// (mana.go's produce walks only these).
	mana []ObjID
	// tapped: permanents with a triggered ability that may trigger on a
	// permanent becoming tapped or being tapped for mana, a subset of
	// triggers (fire walks only these for those events: most tapping is
	// for mana, and almost no permanent watches it).
	tapped []ObjID
	// rules: permanents with a language static of any kind (rulesStatics
	// walks only these).
	rules []ObjID
	// legendary: permanents whose card is printed legendary (legend.go).
	legendary []ObjID
	// plain: the battlefield makes a position plain, once plainKnown
	// (sba_quiet.go).
	plain, plainKnown bool
	// plainCards: every permanent is a plain card (plainCard) attached to
	// nothing, found as the list is made (plainBattlefield).
	plainCards bool
	// walkers, sagas, auras: permanents whose card (the face it shows) is
	// printed a planeswalker, has chapter abilities, is printed an
	// enchantment. With no continuous effect these are the only ones the
	// state-based actions of planeswalkers, Sagas and Auras may apply to
	// (sbaCandidates, sba.go): nothing else gives an object a type.
	walkers, sagas, auras []ObjID
	// creatures: permanents whose card (the face it shows) is printed a
	// creature: with no continuous effect the only creatures (Object.Is),
	// which the state-based actions of toughness and damage ask alone.
	creatures []ObjID
	// topCast: permanents whose card lets its controller cast spells from
	// the top of their library (topCastOf): every cast asks for them.
	topCast []ObjID
	// replaces: permanents whose card has a language replacement effect
	// (eachLangReplacement, entersTappedByOthers: every permanent entering
	// and every damage dealt asks for them).
	replaces []ObjID
	// attached: some permanent is attached to another, or was to one
	// that left (the Equipment state-based action looks only then).
	attached bool
	// typing: a continuous effect (a table's grant or a becoming) gives
	// some permanent a card type; without one, Object.Is finds only the
	// types printed, and the lists above are all there are of each.
	typing bool
	// readsTapped: a permanent may read whether a permanent is tapped, or
	// shows a face other than its card's (sba_tapped.go).
	readsTapped bool
}

// sources returns the state's static sources, building them if an effect
// came since.
func (s *State) sources() *staticSources {
	if ss := &s.statics; ss.at == s.placed+1 && !checkCaches {
		return ss // inlined where it is asked: most ask between changes
	}
	return s.sourcesAgain()
}

// sourcesAgain is sources, making the lists or checking them.
func (s *State) sourcesAgain() *staticSources {
	ss := &s.statics
	if ss.at == s.placed+1 {
		s.checkSources(ss) // cache_check.go
		return ss
	}
	ss.at, ss.plainKnown = s.placed+1, false
	s.listSources(ss)
	return ss
}

// keepsSources reports whether e, which changes what the state-based
// actions read, leaves the static sources' lists as they are: they are
// made of the battlefield's order, its permanents' cards, the faces they
// show and what they are attached to, and only the effects that move or
// make an object on the battlefield (or in a command zone, which plain
// reads), change a permanent's card, face or attachment, or begin or end
// a continuous effect (all of them ops but the ones named here) change
// those. A loss, which plain reads too, makes plain be worked out again.
// Life, damage, counters, taps, combat, the stack and the steps of a turn
// then no longer have every permanent's kinds looked up again.
func (s *State) keepsSources(e *Effect) bool {
	switch e.Op {
	case OpOrder, OpTap, OpUntap, OpSick, OpAddMana, OpSpendMana, OpEmptyPools, OpLife, OpDamage, OpClearDamage,
		OpCounter, OpStep, OpPriority, OpAsk, OpLandPlayed, OpMulligan, OpKeep, OpSpell, OpDecided, OpPump,
		OpEndPumps, OpDeathtouched, OpAttack, OpBlock, OpAbility, OpTrigger, OpPutTrigger, OpRequeue, OpMayCast,
		OpResolveStep:
		return true
	case OpLose:
		s.statics.plainKnown = false
		return true
	case OpMove, OpVanish:
		o := s.Obj(e.Obj)
		return o != nil && apart(o.Zone) && (e.Op == OpVanish || apart(e.Zone))
	case OpCreate:
		return apart(e.Zone)
	}
	return false
}

// apart reports whether zone z is one the static sources never read.
func apart(z Zone) bool { return z != ZoneBattlefield && z != ZoneCommand }

// listSources lists the battlefield's static sources into ss.
func (s *State) listSources(ss *staticSources) {
	ss.coded, ss.lang, ss.triggers, ss.mana, ss.rules, ss.legendary = ss.coded[:0], ss.lang[:0], ss.triggers[:0], ss.mana[:0], ss.rules[:0], ss.legendary[:0]
	ss.tapped = ss.tapped[:0]
	ss.walkers, ss.sagas, ss.auras, ss.creatures = ss.walkers[:0], ss.sagas[:0], ss.auras[:0], ss.creatures[:0]
	ss.topCast, ss.replaces = ss.topCast[:0], ss.replaces[:0]
	ss.readsTapped, ss.plainCards, ss.attached = false, true, false
	ss.typing = false
	for i := range s.Continuous {
		ss.typing = ss.typing || givesType(&s.Continuous[i])
	}
	for _, id := range s.Battlefield {
		src := s.Objects[id]
		if src != nil && src.AttachedTo != 0 {
			ss.attached = true
		}
		if src == nil || src.Def == nil {
			ss.plainCards = false
			continue
		}
		k := sourceKindsOf(src.Def)
		if k&^(sourceKnown|sourcePlain) == 0 && src.Face == "" && src.AttachedTo == 0 {
			// In no list and reading nothing (a basic land, a vanilla
			// creature's card is in creatures): most of a battlefield.
			ss.plainCards = ss.plainCards && k&sourcePlain != 0
			continue
		}
		shown := k // the kinds of the card it shows (Object.def): a face up's own
		if src.Face != "" {
			shown = sourceKindsOf(src.def())
		}
		if src.AttachedTo != 0 || shown&sourcePlain == 0 {
			ss.plainCards = false
		}
		if shown&sourceWalker != 0 {
			ss.walkers = append(ss.walkers, id)
		}
		if shown&sourceSaga != 0 {
			ss.sagas = append(ss.sagas, id)
		}
		if shown&sourceEnchantment != 0 {
			ss.auras = append(ss.auras, id)
		}
		if shown&sourceCreature != 0 {
			ss.creatures = append(ss.creatures, id)
		}
		if k&sourceReadsTapped != 0 || src.Face != "" {
			ss.readsTapped = true
		}
		if k&sourceCoded != 0 {
			ss.coded = append(ss.coded, id)
		}
		if k&sourceLayered != 0 {
			ss.lang = append(ss.lang, id)
		}
		if k&sourceTriggers != 0 {
			ss.triggers = append(ss.triggers, id)
		}
		if k&sourceMana != 0 {
			ss.mana = append(ss.mana, id)
		}
		if k&sourceTapped != 0 {
			ss.tapped = append(ss.tapped, id)
		}
		if k&sourceRules != 0 {
			ss.rules = append(ss.rules, id)
		}
		if k&sourceLegendary != 0 {
			ss.legendary = append(ss.legendary, id)
		}
		if k&sourceTopCast != 0 {
			ss.topCast = append(ss.topCast, id)
		}
		if k&sourceReplaces != 0 {
			ss.replaces = append(ss.replaces, id)
		}
	}
}

// givesType reports whether c may give a permanent a card type (layer 4):
// Object.Is asks only these, through tableType and becomesType.
func givesType(c *Continuous) bool {
	return c.Table != nil && len(c.Table.Types) > 0 || c.Becomes != nil && len(c.Becomes.Types) > 0
}

// What kinds of source a card is, as bits; sourceKnown marks them worked
// out (the card's engine cache keeps them: they depend on the card alone).
const (
	sourceCoded       = 1 << iota // card code's statics
	sourceLayered                 // a language static in layers 4 to 7 (langLayered)
	sourceTriggers                // a triggered ability, of the language or the code
	sourceMana                    // replaces or triggers on mana production
	sourceRules                   // a language static of any kind (interp_rules.go)
	sourceLegendary               // printed legendary, or a face is (legend.go)
	sourceReadsTapped             // may read whether a permanent is tapped (sba_tapped.go)
	sourceTapped                  // may trigger on a permanent becoming tapped or tapped for mana (tapTriggers)
	sourcePlain                   // a plain card (plainCard, sba_quiet.go)
	sourceWalker                  // printed a planeswalker
	sourceSaga                    // has chapter abilities (a Saga's)
	sourceEnchantment             // printed an enchantment (an Aura may be one)
	sourceCreature                // printed a creature
	sourceTopCast                 // lets its controller cast from the top of their library (topCastOf)
	sourceReplaces                // has a language replacement effect (interp_replace.go)
	sourceKnown
)

// sourceKindsOf returns the kinds of source def is.
func sourceKindsOf(def *cards.Card) int32 {
	lang := langOf(def)
	lc := engineOf(def) // langOf kept one, a language card's or a card code's
	if k := atomic.LoadInt32(&lc.sourceKinds); k != 0 {
		return k
	}
	k := int32(sourceKnown)
	if len(def.StaticsOf()) > 0 {
		k |= sourceCoded
	}
	if lang != nil && langLayered(lang) {
		k |= sourceLayered
	}
	if lang != nil && len(lang.triggered) > 0 || len(def.Triggers()) > 0 {
		k |= sourceTriggers
	}
	if _, ok := def.ManaReplacementOf(); ok || len(def.ManaTriggersOf()) > 0 || lang != nil && len(lang.manaTriggers) > 0 {
		k |= sourceMana
	}
	if lang != nil && len(lang.statics) > 0 {
		k |= sourceRules
	}
	if def.HasSuper("Legendary") || slices.ContainsFunc(def.Faces, func(f *cards.Card) bool { return f.HasSuper("Legendary") }) {
		k |= sourceLegendary
	}
	if readsTapped(def, lang) {
		k |= sourceReadsTapped
	}
	if tapTriggers(def, lang) {
		k |= sourceTapped
	}
	if plainCard(def) {
		k |= sourcePlain
	}
	if def.Is("Planeswalker") {
		k |= sourceWalker
	}
	if lang != nil && lang.chapters > 0 {
		k |= sourceSaga
	}
	if def.Is("Enchantment") {
		k |= sourceEnchantment
	}
	if def.Is("Creature") {
		k |= sourceCreature
	}
	if topCastOfCard(def) != nil {
		k |= sourceTopCast
	}
	if lang != nil && len(lang.replace) > 0 {
		k |= sourceReplaces
	}
	atomic.StoreInt32(&lc.sourceKinds, k)
	return k
}

// tapTriggers reports whether a card has a triggered ability fire may
// find triggering on a permanent becoming tapped (a language pattern of
// the tapped event, or card code's) or being tapped for mana (card code's;
// the language's triggered mana abilities are produce's, CR 605.1b).
func tapTriggers(def *cards.Card, lang *langCard) bool {
	for _, t := range def.Triggers() {
		if t.When == triggerBecomesTapped || t.When == cards.TriggerTappedForMana {
			return true
		}
	}
	if lang == nil {
		return false
	}
	for _, a := range lang.triggered {
		if a.Trigger == nil {
			continue
		}
		for _, p := range triggerPatterns(a.Trigger) { // interp_leaves.go
			if p.Event == ability.Tapped {
				return true
			}
		}
	}
	return false
}

// langLayered reports whether a language card has a static ability whose
// changes join the layers (layeredMods).
func langLayered(lc *langCard) bool {
	for _, a := range lc.statics {
		if layeredMods(a.Static.Mods) {
			return true
		}
	}
	return false
}

// layeredMods reports whether a static's modifications change anything in
// layers 4 to 7 other than a characteristic-defining ability's power and
// toughness (langCDA works that out).
func layeredMods(m *ability.Mods) bool {
	return m != nil && !m.CDA && (m.P != 0 || m.T != 0 || m.PAmount != nil || m.TAmount != nil ||
		len(m.Keywords) > 0 || len(m.Subtypes) > 0 || len(m.Supertypes) > 0 || len(m.Abilities) > 0)
}
