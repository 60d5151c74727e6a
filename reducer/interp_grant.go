package reducer

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/chronicle-mtg/chronicle/ability"
	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Abilities granted as quoted text (CR 113.1a, layer 6 of CR 613.1f):
// Urza's Saga's "~ gains "{T}: Add {C}."", an Aura's "Enchanted land has
// "{T}: Add one mana of any color."". The granted ability is data of the
// card whose text grants it, so an effect names it by that card and its
// place among the card's granted abilities (GrantRef), and the snapshot,
// the digest and the log hold only that name. The object that has it
// lists it after its own activated abilities (ability_refs.go), with
// engine indexes from grantedBase; a mana ability among them is lowered
// like a printed one and resolves at once, any other goes on the stack
// as an object whose card is the granting one (its Ability past
// grantStackBase), so that it resolves even after the grant has ended
// (CR 113.7a). Activated and mana abilities only: a granted triggered or
// static ability is not carried out yet.

// GrantRef names the K-th ability card Card's text grants
// (langCard.grants).
type GrantRef struct {
	Card string `msgpack:"card"`
	K    int    `msgpack:"k"`
}

const (
	// grantedBase is the engine index of an object's first granted
	// language ability, past its own and the older granted mana ability
	// (grantedManaIndex).
	grantedBase = 100
	// grantStackBase: an activated granted ability on the stack has
	// Ability grantStackBase+K+1 on the granting card.
	grantStackBase = 1 << 17
)

// grantedAbilities lists the abilities a card's text grants, in the order
// of its text: the quoted abilities of its effects' grants and of its
// statics' changes.
func grantedAbilities(lc *langCard) []*ability.Ability {
	var out []*ability.Ability
	var walk func(es []ability.Effect)
	walk = func(es []ability.Effect) {
		for i := range es {
			e := &es[i]
			for k := range e.Grant {
				if e.Verb == ability.Grant || e.Verb == ability.Pump {
					out = append(out, &e.Grant[k])
				}
			}
			walk(e.Else)
			walk(e.Sub)
		}
	}
	var abs []*ability.Ability
	if lc.spell != nil {
		abs = append(abs, lc.spell)
	}
	abs = append(append(abs, lc.activated...), lc.triggered...)
	for _, a := range abs {
		walk(a.Effects)
		if a.Modes != nil {
			for i := range a.Modes.List {
				walk(a.Modes.List[i].Effects)
			}
		}
	}
	for _, a := range lc.statics {
		if m := a.Static.Mods; m != nil {
			for k := range m.Abilities {
				out = append(out, &m.Abilities[k])
			}
		}
	}
	return out
}

// grantSupported says why an ability can't be granted; "" when it can.
func grantSupported(a *ability.Ability) string {
	switch a.Kind {
	case ability.Mana:
		if _, ok := lowerMana(a, grantedBase); !ok {
			return "this granted mana ability"
		}
	case ability.Activated:
		if activatedFromHand(a) || a.Zone != "" {
			return "a granted ability that works outside the battlefield"
		}
	default:
		return "granted " + string(a.Kind) + " abilities"
	}
	if err := Supports(a); err != nil {
		return "a granted ability whose " + err.Error()
	}
	return ""
}

// grantRefs are the refs of the quoted abilities as (a slice of a card's
// text) that card def grants.
func grantRefs(def *cards.Card, as []ability.Ability) []GrantRef {
	lc := langOf(def)
	if lc == nil {
		return nil
	}
	var out []GrantRef
	for i := range as {
		k := slices.Index(lc.grants, &as[i])
		if k < 0 {
			panic("reducer: a granted ability its card doesn't list")
		}
		out = append(out, GrantRef{Card: def.Name, K: k})
	}
	return out
}

// ability is the granted ability r names, or nil.
func (r GrantRef) ability(s *State) *ability.Ability {
	def, ok := s.cardDef(r.Card)
	if !ok {
		return nil
	}
	lc := langOf(def)
	if lc == nil || r.K < 0 || r.K >= len(lc.grants) {
		return nil
	}
	return lc.grants[r.K]
}

// grantedLang is one ability effects grant an object.
type grantedLang struct {
	ref GrantRef
	a   *ability.Ability
}

// grantedLangAbilities are the language abilities effects grant o now,
// static abilities' first, then recorded effects' in timestamp order; a
// ref granted twice is one ability.
func (o *Object) grantedLangAbilities() []grantedLang {
	if o.state == nil || o.Zone != ZoneBattlefield || len(o.state.Continuous) == 0 && len(o.state.sources().lang) == 0 {
		return nil
	}
	var out []grantedLang
	o.effectsOn(func(c *Continuous) {
		if c.Becomes == nil {
			return
		}
		for _, r := range c.Becomes.Grants {
			if slices.ContainsFunc(out, func(g grantedLang) bool { return g.ref == r }) {
				continue
			}
			if a := r.ability(o.state); a != nil {
				out = append(out, grantedLang{ref: r, a: a})
			}
		}
	})
	return out
}

// grantedLangAt is o's granted ability with engine index i, if i is one.
func (o *Object) grantedLangAt(i int) (grantedLang, bool) {
	if i < grantedBase {
		return grantedLang{}, false
	}
	gs := o.grantedLangAbilities()
	if k := i - grantedBase; k >= 0 && k < len(gs) {
		return gs[k], true
	}
	return grantedLang{}, false
}

// grantedLangMana are o's granted language mana abilities, lowered.
func (o *Object) grantedLangMana() []cards.ManaAbility {
	var out []cards.ManaAbility
	for k, g := range o.grantedLangAbilities() {
		if g.a.Kind != ability.Mana {
			continue
		}
		if m, ok := lowerMana(g.a, grantedBase+k); ok {
			out = append(out, m)
		}
	}
	return out
}

// grantedViews lists o's granted language abilities for the numbering
// (ability_refs.go), from number n on.
func (o *Object) grantedViews(n int) []AbilityView {
	var out []AbilityView
	for k, g := range o.grantedLangAbilities() {
		out = append(out, AbilityView{Number: n + len(out), Text: abilityText(g.a, o.state.objName(o.ID)), Mana: g.a.Kind == ability.Mana,
			Granted: true, index: grantedBase + k})
	}
	return out
}

// grantedStackAbility is the granted ability a stack object resolves, or
// nil when it isn't one.
func grantedStackAbility(o *Object, lc *langCard) *ability.Ability {
	if k := o.Ability - 1 - grantStackBase; k >= 0 && k < len(lc.grants) {
		return lc.grants[k]
	}
	return nil
}

// describeGrants says granted abilities for people.
func describeGrants(s *State, rs []GrantRef) []string {
	var out []string
	for _, r := range rs {
		if a := r.ability(s); a != nil {
			out = append(out, strconv.Quote(a.Text))
		} else {
			out = append(out, fmt.Sprintf("ability %d granted by %s", r.K, r.Card))
		}
	}
	return out
}

// staticGrants is the Becoming of a static ability's quoted abilities
// (Mods.Abilities) on src, nil without any it can grant.
func staticGrants(src *Object, m *ability.Mods) *Becoming {
	if len(m.Abilities) == 0 {
		return nil
	}
	for i := range m.Abilities {
		if grantSupported(&m.Abilities[i]) != "" {
			return nil // Supports refuses the card
		}
	}
	return &Becoming{Grants: grantRefs(src.Def, m.Abilities)}
}

// grantEffect gives the objects of a resolving grant its quoted
// abilities (Effect.Grant) for its duration, locked to them (CR 611.2c).
func grantEffect(x *verbRun) {
	g, c := x.r.g, x.r.ctx
	refs := grantRefs(x.r.o.def(), x.e.Grant)
	if refs == nil {
		return
	}
	until := string(x.e.Duration)
	for _, id := range c.objects(x.e.Object) {
		o := g.S.Obj(id)
		if o == nil || o.Zone != ZoneBattlefield {
			continue
		}
		x.did = true
		g.addContinuous(Continuous{Source: x.r.o.ID, Controller: c.you, Objects: []ObjID{o.ID}, Until: until,
			Becomes: &Becoming{Grants: slices.Clone(refs)}})
	}
}

// grantEffectSupported says why a resolving grant of quoted abilities
// can't be carried out; "" when it can.
func grantEffectSupported(e *ability.Effect) string {
	switch {
	case e.Mods != nil:
		return "a grant of quoted abilities with other changes"
	case e.Object == nil:
		return "a grant to no object"
	case e.Duration != ability.Forever && e.Duration != ability.EndOfTurn && e.Duration != ability.YourNextTurn && e.Duration != ability.Leaves:
		return "a grant for " + string(e.Duration)
	case e.Unless != nil || e.Optional && e.If != nil:
		return "this grant"
	}
	for i := range e.Grant {
		if why := grantSupported(&e.Grant[i]); why != "" {
			return why
		}
	}
	var sp supporter
	sp.cond(e.If, "if")
	sp.effects(e.Else, "else")
	if sp.err != nil {
		return "a grant whose " + sp.err.Error()
	}
	return ""
}
