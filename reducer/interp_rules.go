package reducer

import (
	"slices"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Static abilities of the ability language that change the rules of
// casting and activating, for every spell and ability, the pool's too:
// cost increases and reductions (CR 601.2f: increases, then reductions;
// a reduction lowers only the generic part, never below zero), affinity
// (CR 702.41: {1} less for each object of its kind you control), "can't
// cast" (CR 101.2: a "can't" beats a "can") and "can't be activated".

// rulesStatics calls f with each static of a permanent on the battlefield
// that makes rule r, the static's controller and its source.
func (s *State) rulesStatics(r ability.Rule, f func(a *ability.Ability, st *ability.StaticEffect, src *Object)) {
	ids := s.sources().rules // static_sources.go
	for i := 0; i < len(ids); i++ {
		src := s.Objects[ids[i]]
		lc := langOf(src.Def)
		for _, a := range lc.statics {
			if a.Static.Rule == r {
				f(a, a.Static, src)
			}
		}
	}
}

// appliesToPlayer reports whether a static's Player ("you", "opponents",
// "each", or "" for its controller's) covers seat.
func appliesToPlayer(who string, controller, seat int) bool {
	switch who {
	case "each":
		return true
	case "opponents":
		return seat != controller
	}
	return seat == controller
}

// spellMatches reads a static's filter of spells against a card being
// cast (still in its zone): types, colours and the rest, its zone aside.
func (c *evalCtx) spellMatches(f *ability.Filter, o *Object) bool {
	if f == nil {
		return true
	}
	g := *f
	g.Zone = zoneName(o.Zone)
	g.CastFrom = nil // where it is cast from: castFromMatches (interp_cant_enter.go)
	g.Types = slices.DeleteFunc(slices.Clone(g.Types), func(t string) bool { return t == "spell" })
	return c.matches(&g, o)
}

// zoneName is the language's name of an engine zone.
func zoneName(z Zone) ability.Zone {
	switch z {
	case ZoneBattlefield:
		return ability.ZoneBattlefield
	case ZoneHand:
		return ability.ZoneHand
	case ZoneLibrary:
		return ability.ZoneLibrary
	case ZoneGraveyard:
		return ability.ZoneGraveyard
	case ZoneExile:
		return ability.ZoneExile
	case ZoneStack:
		return ability.ZoneStack
	case ZoneCommand:
		return ability.ZoneCommand
	}
	return ability.ZoneAny
}

// changedCost is cost after the cost increases and reductions that apply
// to seat casting card o (def: the face cast) with X = x, and the
// minimums after them (interp_costfloor.go).
func (g *Game) changedCost(seat int, o *Object, def *cards.Card, cost cards.Cost, x int) cards.Cost {
	return g.costFloor(seat, g.changedCostOnly(seat, o, def, cost), x)
}

// changedCostOnly is cost after the increases and reductions.
func (g *Game) changedCostOnly(seat int, o *Object, def *cards.Card, cost cards.Cost) cards.Cost {
	s := g.S
	more, less := 0, 0
	generic := func(st *ability.StaticEffect, c *evalCtx) int {
		n := 0
		if m := langMana(st.Cost); m != nil && m.HasX() {
			return c.amount(st.Amount) // "costs {X} less to cast, where X is ..."
		} else if m != nil {
			n = m.Value(0)
		}
		if st.Amount != nil {
			n *= c.amount(st.Amount)
		}
		return n
	}
	for _, r := range []ability.Rule{ability.CostMore, ability.CostLess} {
		s.rulesStatics(r, func(_ *ability.Ability, st *ability.StaticEffect, src *Object) {
			c := &evalCtx{g: g, you: src.Controller, src: src.ID, event: o.ID, eventSeat: seat} // the spell and its caster
			if st.Filter == nil || !appliesToPlayer(st.Player, src.Controller, seat) || !c.spellMatches(st.Filter, o) || !c.holds(st.If) {
				return
			}
			if r == ability.CostMore {
				more += generic(st, c)
			} else {
				less += generic(st, c)
			}
		})
	}
	if lc := langOf(def); lc != nil {
		c := &evalCtx{g: g, you: seat, src: o.ID}
		for _, a := range lc.statics { // "~ costs {1} less to cast for each ..."
			if st := a.Static; st.Filter == nil && (st.Rule == ability.CostLess || st.Rule == ability.CostMore) && c.holds(st.If) {
				if st.Rule == ability.CostLess {
					less += generic(st, c)
				} else {
					more += generic(st, c)
				}
			}
		}
		for _, a := range lc.keywords { // affinity (CR 702.41)
			if k := a.Keyword; k.Name == "Affinity" && k.Filter != nil {
				f := *k.Filter
				f.Controller = "you"
				less += len(c.all(&f, nil))
			}
		}
	}
	if more == 0 && less == 0 {
		return cost
	}
	out := slices.Clone(cost)
	if more > 0 {
		out = append(out, cards.Symbol{Kind: cards.SymGeneric, N: more})
	}
	return slices.DeleteFunc(reduceGeneric(out, less), func(sym cards.Symbol) bool { return sym.Kind == cards.SymGeneric && sym.N == 0 }) // interp_reduce.go
}

// castForbidden says why seat can't cast card o now ("Your opponents
// can't cast spells during your turn"), or "".
func (g *Game) castForbidden(seat int, o *Object) string {
	why := g.maxSpellsForbids(seat, o) // interp_spellcount.go
	g.S.rulesStatics(ability.CantCast, func(_ *ability.Ability, st *ability.StaticEffect, src *Object) {
		c := &evalCtx{g: g, you: src.Controller, src: src.ID}
		if why == "" && appliesToPlayer(st.Player, src.Controller, seat) && castFromMatches(st.Filter, o) && c.spellMatches(st.Filter, o) && c.holds(st.If) {
			why = src.Name() + " says that can't be cast now"
		}
	})
	return why
}

// activationForbidden says why an ability of permanent o can't be
// activated now ("Activated abilities of artifacts can't be activated"),
// or ""; mana is whether it is a mana ability.
func (g *Game) activationForbidden(o *Object, mana bool) string {
	if len(g.S.sources().rules) == 0 {
		return "" // no rule on the battlefield: asked for every mana ability
	}
	why := ""
	for _, r := range []ability.Rule{ability.CantActivate, ability.CantActivateNonMana} {
		g.S.rulesStatics(r, func(a *ability.Ability, st *ability.StaticEffect, src *Object) {
			c := &evalCtx{g: g, you: src.Controller, src: src.ID}
			if why != "" || !c.holds(st.If) || !cantActivate(r, a, mana) { // interp_chosen_name.go
				return
			}
			if st.Filter != nil && c.matches(withZone(st.Filter, zoneName(o.Zone)), o) {
				why = src.Name() + " says abilities of " + g.S.objName(o.ID) + " can't be activated"
			}
		})
	}
	return why
}

// extraLands is how many lands beyond the one of CR 305.2 seat may play
// this turn ("You may play an additional land on each of your turns",
// CR 305.2a).
func (g *Game) extraLands(seat int) int {
	n := 0
	g.S.rulesStatics(ability.ExtraLandDrop, func(_ *ability.Ability, st *ability.StaticEffect, src *Object) {
		c := &evalCtx{g: g, you: src.Controller, src: src.ID}
		if !appliesToPlayer(st.Player, src.Controller, seat) || !c.holds(st.If) {
			return
		}
		if st.Amount == nil {
			n++
		} else {
			n += c.amount(st.Amount)
		}
	})
	return n
}

// langGivesFlash reports whether a static ability lets seat cast def as
// though it had flash ("You may cast spells as though they had flash",
// "You may cast creature spells as though they had flash": CR 702.8,
// 601.3b).
func (g *Game) langGivesFlash(seat int, def *cards.Card) bool {
	found := false
	g.S.rulesStatics(ability.AsThoughFlash, func(_ *ability.Ability, st *ability.StaticEffect, src *Object) {
		c := &evalCtx{g: g, you: src.Controller, src: src.ID}
		if !found && appliesToPlayer(st.Player, src.Controller, seat) && c.holds(st.If) && c.spellMatches(st.Filter, &Object{Def: def, Zone: ZoneHand, Controller: seat, Owner: seat, state: g.S}) {
			found = true
		}
	})
	return found
}
