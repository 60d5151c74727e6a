package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/events"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
	"reflect"
)

// Mana abilities in the ability language are lowered into the engine's own
// mana abilities (cards.ManaAbility), so that activating them, the types
// a permanent could produce (MANA-2), tapping for mana and its triggers
// and replacements (MANA-3 to MANA-5) are the rules the pool's mana cards
// always had.

// lowerMana turns a language mana ability into the engine's, numbered
// index; ok is false for one the engine can't carry out yet. Besides {T}
// its cost may have mana, life, sacrificing the source and counters put
// on or removed from it; it may be limited ("Activate only if ...",
// "only once each turn"); besides adding mana it may deal damage or make
// its controller lose life ("~ deals 1 damage to you").
func lowerMana(a *ability.Ability, index int) (cards.ManaAbility, bool) {
	out := cards.ManaAbility{Index: index, Lang: a}
	c := a.Cost
	if c == nil || c.Untap || c.Discard != nil || c.Exile != nil && !handManaCost(a) || c.Return != nil ||
		c.Reveal != nil || c.Energy != 0 || c.Loyalty != nil || c.LoyaltyX || c.CountersX || c.Reduce != nil {
		return out, false
	}
	if others := manaCostChoices(c); others != nil && Supports(&ability.Ability{Kind: ability.Activated, Cost: others}) != nil {
		return out, false
	}
	if c.Life != nil {
		if _, ok := c.Life.IsFixed(); !ok {
			return out, false
		}
	}
	if c.Mana != "" {
		if m, err := cards.ParseCost(c.Mana); err != nil || m.HasX() {
			return out, false
		}
	}
	if l := a.Limit; l != nil && (l.Sorcery || l.YourTurn || l.NotYourTurn || l.Step != "" || l.PerTurn > 1) {
		return out, false
	}
	out.Tap = c.Tap
	adds := 0
	for i := range a.Effects {
		e := &a.Effects[i]
		if e.If != nil && e.Verb == ability.AddMana && !e.Optional && e.Unless == nil && e.Bind == "" {
			adds++
			if !lowerManaInstead(e, &out) { // interp_mana_instead.go
				return out, false
			}
			continue
		}
		if e.If != nil && e.Verb == ability.Sacrifice && e.Object != nil && e.Object.Ref == ability.Self && e.Player == nil &&
			!e.Optional && e.Unless == nil && e.Bind == "" && len(e.Else) == 0 {
			// "If there are no mining counters on ~, sacrifice it.": run
			// after the mana (finishLangMana).
			if Supports(&ability.Ability{Kind: ability.Spell, Effects: []ability.Effect{*e}}) != nil {
				return out, false
			}
			continue
		}
		if e.If != nil || e.Optional || e.Unless != nil || e.Bind != "" {
			return out, false
		}
		switch e.Verb {
		case ability.AddMana:
			adds++
			if !lowerManaSpec(e.Mana, &out) {
				return out, false
			}
		case ability.Damage, ability.LoseLife, ability.GainLife, ability.Draw:
			if Supports(&ability.Ability{Kind: ability.Spell, Effects: []ability.Effect{*e}}) != nil {
				return out, false
			}
		default:
			return out, false
		}
	}
	return out, adds == 1
}

// lowerManaSpec reads what an add_mana effect adds into m.
func lowerManaSpec(ms *ability.ManaSpec, m *cards.ManaAbility) bool {
	colors := func(fixed string) ([]cards.Color, bool) {
		syms, err := ability.ParseMana(fixed)
		if err != nil {
			return nil, false
		}
		var out []cards.Color
		for _, s := range syms {
			col, ok := cards.ParseColor(s)
			if !ok {
				return nil, false
			}
			out = append(out, col)
		}
		return out, true
	}
	m.Spend = ms.Spend // CR 106.6: pay.go's spendable
	m.Uncounterable = ms.Uncounterable
	if ms.Uncounterable && ms.Spend == nil {
		return false // the pool keeps it with a restriction only (interp_spend.go)
	}
	n := 1
	if ms.Amount != nil {
		k, ok := ms.Amount.IsFixed()
		switch {
		case !ok && ms.Fixed != "" && len(ms.OneOf) == 0:
			var sp supporter
			if sp.amount(ms.Amount, "amount"); sp.err != nil {
				return false
			}
			add, ok := colors(ms.Fixed)
			m.Add, m.Amount = add, ms.Amount // counted as it resolves
			return ok
		case !ok || k < 1:
			return false
		}
		n = k
	}
	switch {
	case ms.Fixed != "" && ms.Amount == nil:
		add, ok := colors(ms.Fixed)
		m.Add = add
		return ok
	case len(ms.OneOf) > 0 && ms.Amount == nil:
		for _, f := range ms.OneOf {
			add, ok := colors(f)
			if !ok {
				return false
			}
			m.OneOf = append(m.OneOf, add)
		}
		return true
	case ms.Any && len(ms.Colors) == 0 && ms.Among == "" && (n == 1 || ms.Same):
		m.AnyColor = true
		if n > 1 {
			m.N = n
		}
		return true
	case ms.Among != "" && n == 1:
		switch ms.Among {
		case cards.AmongOpponentLands, cards.AmongYourLands, cards.AmongCommander, cards.AmongLegendary, cards.AmongExiled:
			m.Among = ms.Among
			return true
		}
	}
	return false
}

// formLetters is a OneOf form as an activate input's choice names it:
// "U", "UU", "C".
func formLetters(f []cards.Color) string {
	out := ""
	for _, c := range f {
		out += c.Letter()
	}
	return out
}

// checkLangManaCost checks the parts of a language mana ability's cost
// and limits beyond {T}; pay is the mana payment worked out.
func (g *Game) checkLangManaCost(seat int, o *Object, ab *cards.ManaAbility, b *events.Activate) (*costPlan, error) {
	s := g.S
	a := ab.Lang
	c := a.Cost
	name := s.nameOf(o.ID)
	switch {
	case c.Life != nil && s.Players[seat].Life < fixedAmount(c.Life):
		return nil, g.refuse("CR 119.4", "body.source", "%s has %d life: paying %d life is impossible", s.Players[seat].ID, s.Players[seat].Life, fixedAmount(c.Life))
	case c.RemoveCounters > 0 && o.counter(c.Counter) < c.RemoveCounters:
		return nil, g.refuse("CR 602.2", "body.source", "%s has %d %s counters, the cost removes %d", name, o.counter(c.Counter), c.Counter, c.RemoveCounters)
	}
	if l := a.Limit; l != nil {
		ctx := &evalCtx{g: g, you: seat, src: o.ID}
		switch {
		case l.PerTurn == 1 && s.usedThisTurn(o, useLangAbility(ab.Index)):
			return nil, g.refuse("CR 602.5b", "body.ability", "%s's ability can be activated only once each turn, and it was this turn", name)
		case !ctx.holds(l.If):
			return nil, g.refuse("CR 602.5b", "body.ability", "%s's mana ability can be activated only if its condition holds, and it doesn't now", name)
		}
	}
	if c.Mana == "" && len(b.Pay) > 0 {
		return nil, g.refuse("CR 602.2b", "body.pay", "%s's mana ability has no mana cost to pay", name)
	}
	others := manaCostChoices(c)
	if others == nil && c.Mana == "" && b.Pay == nil && noCostChoices(&b.CostChoices) {
		return nil, nil // nothing left to plan: no mana, no objects to choose ({T}: Add {G}.)
	}
	if others == nil {
		others = &ability.Cost{}
	}
	others.Mana = c.Mana
	plan, err := g.planCost(seat, o, nil, others, nil, 0, b.Pay, &b.CostChoices) // interp_paycost.go
	if err != nil {
		return nil, err
	}
	return &plan, nil
}

// noCostChoices reports whether an input names no object for any cost: a
// cost with none to choose then plans to nothing (planCost's plan of an
// empty cost pays nothing, and payCost of it does nothing).
func noCostChoices(ch *events.CostChoices) bool {
	return len(ch.Sacrifice) == 0 && len(ch.Discard) == 0 && len(ch.Exile) == 0 && len(ch.Return) == 0 &&
		len(ch.TapOthers) == 0 && len(ch.Reveal) == 0
}

// manaCostChoices is the part of a mana ability's cost that takes objects
// the player chooses ("Tap an untapped creature you control", "Sacrifice
// a Food"), or nil.
func manaCostChoices(c *ability.Cost) *ability.Cost {
	var out *ability.Cost
	if c.TapOthers != nil {
		out = &ability.Cost{TapOthers: c.TapOthers}
	}
	if c.Sacrifice != nil && c.Sacrifice.Ref != ability.Self {
		if out == nil {
			out = &ability.Cost{}
		}
		out.Sacrifice = c.Sacrifice
	}
	return out
}

// payLangManaCost pays those parts, before the mana is made.
func (g *Game) payLangManaCost(seat int, src ObjID, ab *cards.ManaAbility, plan *costPlan) {
	c := ab.Lang.Cost
	if plan != nil {
		g.payCost(seat, *plan) // mana, and the objects the player chose
	}
	if c.Life != nil {
		if n := fixedAmount(c.Life); n > 0 {
			g.emit(Effect{Op: OpLife, Seat: seat, N: -n})
		}
	}
	if c.RemoveCounters > 0 {
		g.emit(Effect{Op: OpCounter, Obj: src, Kind: c.Counter, N: -c.RemoveCounters})
	}
	if c.PutCounters > 0 {
		g.emit(Effect{Op: OpCounter, Obj: src, Kind: c.Counter, N: c.PutCounters})
	}
	if l := ab.Lang.Limit; l != nil && l.PerTurn == 1 {
		g.emit(Effect{Op: OpUsed, Obj: src, Kind: useLangAbility(ab.Index)})
	}
}

// finishLangMana does what a language mana ability does after its mana:
// its other effects, run at once (CR 605.3a), and sacrificing its source.
func (g *Game) finishLangMana(seat int, src *Object, ab *cards.ManaAbility) {
	var rest []ability.Effect
	for _, e := range ab.Lang.Effects {
		if e.Verb != ability.AddMana {
			rest = append(rest, e)
		}
	}
	if len(rest) > 0 {
		r := &runner{g: g, o: src, ab: ab.Lang, ctx: &evalCtx{g: g, you: seat, src: src.ID, res: src}}
		r.list(rest, nil, nil)
	}
	if ab.Lang.Cost.Sacrifice != nil {
		g.sacrifice(src.ID, seat) // interp_sacrifice.go
	}
	g.exileFromHandCost(src, ab.Lang) // interp_handmana.go
}

// intrinsicAgain reports whether a printed mana ability is one of the
// intrinsic ones of the card's basic land types ("{T}: Add {U}." on a
// land with the type Island): the engine has it already.
func intrinsicAgain(intrinsic []cards.ManaAbility, m cards.ManaAbility) bool {
	if !m.Tap || m.AnyColor || m.Among != "" || len(m.Add) != 1 {
		return false
	}
	for _, x := range intrinsic {
		if len(x.Add) == 1 && x.Add[0] == m.Add[0] {
			return true
		}
	}
	return false
}

// lowerManaTrigger reads a triggered mana ability (CR 605.1b: it doesn't
// use the stack) in the form the engine's mana production carries out:
// "Whenever you tap a creature for mana, add an additional {G}."
func lowerManaTrigger(a *ability.Ability) (cards.ManaTrigger, bool) {
	t := a.Trigger
	if a.Kind != ability.Triggered || t == nil || t.Event != ability.TappedForMana || t.Self || a.If != nil || len(a.Targets) > 0 ||
		len(a.Effects) != 1 {
		return cards.ManaTrigger{}, false
	}
	mt := cards.ManaTrigger{Tapper: "any"}
	switch t.Player {
	case "you":
		mt.Tapper = "you"
	case "":
	default:
		return mt, false
	}
	f := t.Subject
	e := &a.Effects[0]
	switch {
	case t.Attached: // "Whenever enchanted land is tapped for mana, its controller adds ..."
		if t.Player != "" || e.Player != nil && !reflect.DeepEqual(*e.Player, ability.PlayerRef{Who: ability.Controller, Of: &ability.Selector{Ref: ability.EventObject}}) {
			return mt, false
		}
		mt.What, mt.Of = "enchanted", attachedManaOf(f)
		if mt.Of == "" {
			return mt, false
		}
	case f == nil || len(f.Types) != 1 || !reflect.DeepEqual(*f, ability.Filter{Types: f.Types}):
		return mt, false
	case f.Types[0] == "creature" || f.Types[0] == "land":
		mt.What = title(f.Types[0])
	default:
		return mt, false
	}
	if e.Verb != ability.AddMana || e.Mana == nil || e.If != nil || e.Optional || e.Player != nil && !t.Attached {
		return mt, false
	}
	if ms := e.Mana; ms.Among == "chosen" && ms.Fixed == "" && len(ms.OneOf) == 0 && !ms.Any && ms.Spend == nil && len(ms.Colors) == 0 {
		if n, ok := ms.Amount.IsFixed(); ok && n == 1 {
			mt.Adds = "chosen" // the colour chosen as the source entered (mana.go)
			return mt, true
		}
	}
	ms := e.Mana
	if ms.Amount != nil || len(ms.OneOf) > 0 || ms.Any || ms.Among != "" || ms.Spend != nil {
		return mt, false
	}
	syms, err := ability.ParseMana(ms.Fixed)
	if err != nil || len(syms) != 1 {
		return mt, false
	}
	if _, ok := cards.ParseColor(syms[0]); !ok {
		return mt, false
	}
	mt.Adds = syms[0]
	return mt, true
}

// manaCostChoiceSets are the cost choices a legal-action listing tries
// for mana ability ab of o: each way to pay the part that takes objects
// the player chooses, or one empty set.
func (l *lister) manaCostChoiceSets(seat int, o *Object, ab cards.ManaAbility) []events.CostChoices {
	if ab.Lang == nil || ab.Lang.Cost == nil {
		return []events.CostChoices{{}}
	}
	return l.costChoiceSets(seat, o, manaCostChoices(ab.Lang.Cost))
}

// attachedManaOf is what the permanent an attached mana trigger watches
// must be: "Land", or a land subtype ("enchanted Forest"); "" for other
// subjects.
func attachedManaOf(f *ability.Filter) string {
	switch {
	case f == nil:
		return ""
	case reflect.DeepEqual(*f, ability.Filter{Types: []string{"land"}}):
		return "Land"
	case len(f.Subtypes) == 1 && reflect.DeepEqual(*f, ability.Filter{Subtypes: f.Subtypes}):
		return title(f.Subtypes[0])
	}
	return ""
}
