package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// Spells cast this turn, per player (Player.Spells): counted as spells go
// on the stack cast (not copies, not abilities), reset as a turn begins.
// "Each player can't cast more than one spell each turn" reads it, and
// storm will. It is kept by every game, but it joins the state's digest
// only in matches with a card that reads it, so the digests of every
// other match stay what they were.

// countSpell notes that spell o was cast (OpSpell).
func (s *State) countSpell(o *Object) {
	if !o.isAbility() && !o.Copy && o.Controller >= 0 && o.Controller < len(s.Players) {
		s.Players[o.Controller].Spells++
	}
}

// readsSpellCounts reports whether a card of the match reads how many
// spells were cast this turn.
func (s *State) readsSpellCounts() bool {
	for i := range s.Cards {
		if lc := langOf(s.Cards[i].Def); lc != nil && lc.readsSpellCounts {
			return true
		}
	}
	return false
}

// langReadsSpellCounts reports whether an ability reads the count.
func langReadsSpellCounts(a *ability.Ability) bool {
	return a.Kind == ability.Static && a.Static != nil && a.Static.Rule == ability.MaxSpells ||
		a.Kind == ability.Keyword && a.Keyword.Name == "Storm" || langReadsSpellsCast(a)
}

// maxSpellsForbids says why seat can't cast another spell this turn under
// a "can't cast more than N spells each turn" rule, or "".
func (g *Game) maxSpellsForbids(seat int) string {
	why := ""
	g.S.rulesStatics(ability.MaxSpells, func(_ *ability.Ability, st *ability.StaticEffect, src *Object) {
		c := &evalCtx{g: g, you: src.Controller, src: src.ID}
		if why != "" || !appliesToPlayer(st.Player, src.Controller, seat) || !c.holds(st.If) {
			return
		}
		if n := c.amount(st.Amount); g.S.Players[seat].Spells >= n {
			why = src.Name() + " says " + g.S.Players[seat].ID + " can't cast more than " + itoa(n) + " spell" + plural(n) + " each turn, and " + itoa(g.S.Players[seat].Spells) + " " + was(g.S.Players[seat].Spells) + " cast"
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
