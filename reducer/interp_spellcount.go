package reducer

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Spells cast this turn, per player (Player.Spells): counted as spells go
// on the stack cast (not copies, not abilities), reset as a turn begins.
// "Each player can't cast more than one spell each turn" reads it, and
// storm will. It is kept by every game, but it joins the state's digest
// only in matches with a card that reads it, so the digests of every
// other match stay what they were.

// countSpell notes that spell o was cast (OpSpell); Noncreature counts
// the noncreature ones ("can't cast more than one noncreature spell each
// turn").
func (s *State) countSpell(o *Object) {
	if !o.isAbility() && !o.Copy && o.Controller >= 0 && o.Controller < len(s.Players) {
		s.Players[o.Controller].Spells++
		if !o.Is("Creature") {
			s.Players[o.Controller].Noncreature++
		}
	}
}

// noncreatureFilter is the one filter of spells a limit may count by.
var noncreatureFilter = ability.Filter{NotTypes: []string{"creature"}}

// maxSpellsFilterSupported reports whether the engine counts the spells
// a limit's filter names: all of them, or the noncreature ones.
func maxSpellsFilterSupported(f *ability.Filter) bool {
	return f == nil || reflect.DeepEqual(*f, noncreatureFilter)
}

// readsNoncreature reports whether a card of the match limits
// noncreature spells.
func (s *State) readsNoncreature() bool { return s.matchCards().readsNoncreature }

// langReadsNoncreature reports whether an ability counts noncreature
// spells cast.
func langReadsNoncreature(a *ability.Ability) bool {
	return a.Kind == ability.Static && a.Static != nil && a.Static.Rule == ability.MaxSpells && a.Static.Filter != nil
}

// readsSpellCounts reports whether a card of the match reads how many
// spells were cast this turn.
func (s *State) readsSpellCounts() bool { return s.matchCards().readsSpellCounts }

// langReadsSpellCounts reports whether an ability reads the count.
func langReadsSpellCounts(a *ability.Ability) bool {
	return a.Kind == ability.Static && a.Static != nil && a.Static.Rule == ability.MaxSpells ||
		a.Kind == ability.Keyword && a.Keyword.Name == "Storm" || langReadsSpellsCast(a)
}

// maxSpellsForbids says why seat can't cast another spell this turn under
// a "can't cast more than N spells each turn" rule, or "".
func (g *Game) maxSpellsForbids(seat int, o *Object) string {
	why := ""
	g.S.rulesStatics(ability.MaxSpells, func(_ *ability.Ability, st *ability.StaticEffect, src *Object) {
		c := &evalCtx{g: g, you: src.Controller, src: src.ID}
		if why != "" || !appliesToPlayer(st.Player, src.Controller, seat) || !c.holds(st.If) {
			return
		}
		cast, what := g.S.Players[seat].Spells, "spell"
		if st.Filter != nil {
			if !c.spellMatches(st.Filter, o) {
				return
			}
			cast, what = g.S.Players[seat].Noncreature, "noncreature spell"
		}
		if n := c.amount(st.Amount); cast >= n {
			why = src.Name() + " says " + g.S.Players[seat].ID + " can't cast more than " + itoa(n) + " " + what + plural(n) + " each turn, and " + itoa(cast) + " " + was(cast) + " cast"
		}
	})
	return why
}

func was(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}
