package reducer

import (
	"reflect"
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Graveyard hate. "Creature cards in graveyards and libraries can't
// enter" (Grafdigger's Cage; a static Rule cant_enter): a card its Filter
// accepts where it is doesn't move when an effect would put it onto the
// battlefield: it stays where it was, and nothing that needed it to enter
// happens to it. "If a nontoken creature would enter and it wasn't cast,
// exile it instead" (Containment Priest): a creature entering other than
// as a resolving spell goes to exile instead (CR 614.1a, 614.12: read as
// it would enter). "Players can't cast spells from graveyards or
// libraries": a cant_cast whose spells are those cast from the zones of
// the filter's CastFrom, read from where the card is as it is cast
// (castForbidden, spellMatches).

// cantEnter says which permanent's static keeps o from entering the
// battlefield from where it is, or "".
func (g *Game) cantEnter(o *Object) string {
	why := ""
	g.S.rulesStatics(ability.CantEnter, func(_ *ability.Ability, st *ability.StaticEffect, src *Object) {
		c := &evalCtx{g: g, you: src.Controller, src: src.ID}
		if why == "" && st.Filter != nil && c.holds(st.If) && c.matches(withZone(st.Filter, zoneName(o.Zone)), o) {
			why = src.Name()
		}
	})
	return why
}

// enterExiled is the zone o goes to instead of the battlefield: exile
// when a replacement exiles creatures that enter without being cast and o
// isn't a resolving spell; else the battlefield.
func (g *Game) enterExiled(o *Object) Zone {
	if o.Zone == ZoneStack && !o.isAbility() {
		return ZoneBattlefield // cast (CR 601.2a)
	}
	if g.S.eachLangReplacement(func(src *Object, r *ability.ReplaceEffect) bool { // interp_replace.go
		return notCastExiled(r) && (&evalCtx{g: g, you: src.Controller, src: src.ID}).matches(withZone(r.Subject, zoneName(o.Zone)), o)
	}) {
		return ZoneExile
	}
	return ZoneBattlefield
}

// notCastExiled reports whether r is "If a <subject> would enter and it
// wasn't cast, exile it instead."
func notCastExiled(r *ability.ReplaceEffect) bool {
	return r.Event == ability.ReplEnters && !r.Self && r.Subject != nil && r.To == ability.ZoneExile &&
		r.Unless != nil && reflect.DeepEqual(*r.Unless, ability.Condition{Kind: ability.CondWasCast}) && r.Player == "" && !r.Tapped &&
		r.Counter == "" && r.Amount == nil && r.CopyOf == nil && r.Choose == "" && r.UnlessPay == nil && len(r.Instead) == 0 &&
		r.Times == 0 && r.Plus == 0 && !r.Prevent && r.Duration == ""
}

// onBattlefield reports whether id is a permanent: what a move to the
// battlefield returns may have stayed where it was or gone elsewhere.
func (g *Game) onBattlefield(id ObjID) bool {
	o := g.S.Obj(id)
	return o != nil && o.Zone == ZoneBattlefield
}

// castFromMatches reports whether card o, about to be cast from where it
// is, is cast from one of f's CastFrom zones (true when f names none).
func castFromMatches(f *ability.Filter, o *Object) bool {
	return f == nil || len(f.CastFrom) == 0 || slices.Contains(f.CastFrom, zoneName(o.Zone))
}
