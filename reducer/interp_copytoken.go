package reducer

import "github.com/chronicle-mtg/chronicle/ability"

// "Create a token that's a copy of ~" and "... of target token you
// control" (CR 707.2, 111.1): a token whose copiable values are the
// object's (its definition, or what it copies, POP-4), made as populate
// makes its copies (createCopyTokens). If the source has left the
// battlefield, its last known information is used (CR 608.2h): the card
// it was.

// copyTokenSupported says why a token copy isn't carried out, or "".
func copyTokenSupported(t *ability.Token) string {
	if t.Copy == nil {
		return ""
	}
	bare := ability.Token{Copy: t.Copy}
	if t.Copy.Ref != ability.Self && t.Copy.Ref != ability.TargetRef || t.Mods != nil || !sameTokenSpec(t, &bare) {
		return "tokens that copy something other than their source, or with exceptions,"
	}
	return ""
}

func sameTokenSpec(a, b *ability.Token) bool {
	return a.Name == b.Name && a.Power == b.Power && a.Toughness == b.Toughness && len(a.Colors) == len(b.Colors) &&
		len(a.Supertypes) == len(b.Supertypes) && len(a.Types) == len(b.Types) && len(a.Subtypes) == len(b.Subtypes) &&
		len(a.Keywords) == len(b.Keywords) && len(a.Abilities) == len(b.Abilities)
}

// copyTokens creates the tokens of a token effect that copies its source.
func (x *verbRun) copyTokens() {
	g, c := x.r.g, x.r.ctx
	n := 1
	if x.e.Amount != nil {
		n = c.amount(x.e.Amount)
	}
	seats := c.players(x.e.Player)
	if x.e.Control != nil {
		seats = c.players(x.e.Control)
	}
	var of *Object
	if ids := c.objects(x.e.Token.Copy); len(ids) > 0 {
		of = g.S.Obj(ids[0])
	} else if l := c.lkiOf(x.e.Token.Copy); l != nil && l.Card != 0 {
		of = &Object{Def: g.S.Cards[l.Card].Def}
	}
	if of == nil || of.Def == nil {
		return
	}
	var out []Target
	for _, seat := range seats {
		first := g.S.nextObjID()
		g.createCopyTokens(seat, of, n)
		for id := first; id < g.S.nextObjID(); id++ {
			if o := g.S.Obj(id); o != nil && o.Token && o.Zone == ZoneBattlefield {
				out = append(out, Target{Obj: uint32(id)})
			}
		}
	}
	x.did = len(out) > 0
	x.bind(out)
}
