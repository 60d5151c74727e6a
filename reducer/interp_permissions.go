package reducer

import (
	"reflect"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Permissions to cast of the ability language (CR 601.3) and the costs
// they change:
//
//   - "You may play the top card of your library" (PlayFromTop): its
//     controller may play the top card of their library as a land (CR
//     305.1) or cast it (CR 601.3); "If you cast a spell this way, pay
//     life equal to its mana value rather than pay its mana cost" (Bolas's
//     Citadel; the static's Cost) is an alternative cost (CR 118.9, 119.4):
//     the life is the spell's mana value, X included (CR 202.3e).
//   - "You may cast spells from your hand without paying their mana
//     costs" (CastFree, Omniscience): a cast from the hand that names the
//     permanent in `permission` pays no mana cost (CR 118.9, 601.2f: X is
//     0, CR 107.3b); its additional costs are still paid. Without
//     `permission` a cast pays its mana cost as before.
//
// `permission` names the permanent (by id or name) whose permission a
// cast uses when several could apply (two permissions to cast from the
// top of the library, say); a named one that doesn't allow the cast is
// refused with the rule (CR 601.3, 118.9).

// langPermission is o's language static with rule r (nil filter), or nil.
func langPermission(o *Object, r ability.Rule) *ability.StaticEffect {
	return langPermissionOf(o.Def, r)
}

// langPermissionOf is langPermission for a card.
func langPermissionOf(def *cards.Card, r ability.Rule) *ability.StaticEffect {
	lc := langOf(def)
	if lc == nil {
		return nil
	}
	for _, a := range lc.statics {
		if st := a.Static; st.Rule == r && st.Filter == nil {
			return st
		}
	}
	return nil
}

// topCastOf is o's permission to cast spells from the top of its
// controller's library: its card's (Johann, Elsha) or a language static's.
func topCastOf(o *Object) *cards.TopCast { return topCastOfCard(o.Def) }

// topCastOfCard is topCastOf for a card: the permission is its alone.
func topCastOfCard(def *cards.Card) *cards.TopCast {
	if def == nil {
		return nil
	}
	if tc := def.TopCastOf(); tc != nil {
		return tc
	}
	if langPermissionOf(def, ability.PlayFromTop) != nil {
		return &cards.TopCast{Allows: func(*cards.Card) bool { return true }, What: "any spell"}
	}
	return nil
}

// paysLifeFromTop reports whether a spell cast by src's permission from
// the top of the library pays life rather than its mana cost.
func paysLifeFromTop(src *Object) bool {
	st := langPermission(src, ability.PlayFromTop)
	return st != nil && st.Cost != nil && reflect.DeepEqual(st.Cost, lifeInsteadCost)
}

// lifeInsteadCost is "pay life equal to its mana value" (Bolas's Citadel).
var lifeInsteadCost = &ability.Cost{Life: &ability.Amount{Var: "mana_value", Of: &ability.Selector{Ref: ability.EventObject}}}

// playableLandsFromTop is the top card of seat's library when ref names it
// and seat controls a permanent that lets them play it.
func (s *State) playableLandsFromTop(seat int, ref string) []ObjID {
	lib := s.Players[seat].Library
	if len(lib) == 0 {
		return nil
	}
	for _, id := range s.sources().topCast { // a permission to play from the top is one to cast too
		if o := s.Objects[id]; o.Controller == seat && langPermission(o, ability.PlayFromTop) != nil {
			return s.matchRef(ref, lib[:1])
		}
	}
	return nil
}

// permissionCost is the cost a language spell cast by a permission pays
// instead of its mana cost (cost is nil when none applies): life for a
// cast from the top of the library by Bolas's Citadel, nothing for one
// from the hand by Omniscience.
func (g *Game) permissionCost(seat int, o *Object, def *cards.Card, b *events.Cast) (cost *ability.Cost, err error) {
	s := g.S
	switch o.Zone {
	case ZoneLibrary:
		src, err := g.topPermissionNamed(seat, o, def, string(b.Permission))
		if err != nil || !paysLifeFromTop(s.Objects[src]) {
			return nil, err
		}
		if b.Alternative != "" {
			return nil, g.refuse("CR 118.9a", "body.alternative", "%s is cast from the top of the library by %s paying life rather than its mana cost: no other alternative cost may be paid", def.Name, s.objName(src))
		}
		life := def.ManaValue + b.X*countX(def.Cost) // CR 202.3e
		return &ability.Cost{Life: ability.Fixed(life)}, nil
	case ZoneHand:
		if b.Permission == "" {
			return nil, nil
		}
		src, err := g.freePermission(seat, def, b)
		if err != nil {
			return nil, err
		}
		if b.Alternative != "" {
			return nil, g.refuse("CR 118.9a", "body.alternative", "%s cast without paying its mana cost by %s can't be cast for another alternative cost too", def.Name, s.objName(src))
		}
		if b.X != 0 {
			return nil, g.refuse("CR 107.3b", "body.x", "cast without paying its mana cost, %s's X is 0, not %d", def.Name, b.X)
		}
		return &ability.Cost{}, nil
	}
	if b.Permission != "" {
		return nil, g.refuse("CR 601.3", "body.permission", "%s is cast from %s: no permission is named for that", def.Name, castFromName(o.Zone))
	}
	return nil, nil
}

// freePermission is the permanent b.Permission names that lets seat cast
// spells from their hand without paying their mana costs.
func (g *Game) freePermission(seat int, def *cards.Card, b *events.Cast) (ObjID, error) {
	s := g.S
	m := s.matchRef(string(b.Permission), s.Battlefield)
	if len(m) == 0 {
		return 0, g.refuse("CR 601.3", "body.permission", "%q is not a permanent on the battlefield", b.Permission)
	}
	for _, id := range m {
		if o := s.Objects[id]; appliesToPlayer("you", o.Controller, seat) && langPermission(o, ability.CastFreeFromHand) != nil {
			return id, nil
		}
	}
	return 0, g.refuse("CR 601.3", "body.permission", "%s doesn't let %s cast %s from their hand without paying its mana cost",
		s.objName(m[0]), s.Players[seat].ID, def.Name)
}

// permissionUnsupported says why a card not played by the ability
// language can't be cast by a permission that changes its cost, or "".
func (g *Game) permissionUnsupported(o *Object, def *cards.Card, top ObjID, b *events.Cast) error {
	if langOf(def) != nil {
		return nil
	}
	if top != 0 && paysLifeFromTop(g.S.Objects[top]) || o.Zone == ZoneHand && b.Permission != "" {
		return g.refuse("CARD-CODE", "body.permission", "%s is not played by the ability language: casting it by a permission that changes its cost is not modelled yet", def.Name)
	}
	return nil
}

// permissionSupported: the permission statics the engine carries out.
func permissionSupported(st *ability.StaticEffect) bool {
	if st.Player != "you" || st.Filter != nil || st.If != nil || st.Amount != nil || st.Mods != nil || st.Affected != nil {
		return false
	}
	switch st.Rule {
	case ability.CastFreeFromHand, ability.LookAtTop:
		return st.Cost == nil
	case ability.PlayFromTop:
		return st.Cost == nil || reflect.DeepEqual(st.Cost, lifeInsteadCost)
	}
	return false
}
