package reducer

import (
	"github.com/chronicle-mtg/chronicle/ability"
	"slices"

	"github.com/chronicle-mtg/chronicle/reducer/cards"
)

// Mana production (RULINGS MANA-1 to MANA-5; CR 106, 605).
//
// A mana ability that resolves produces mana in one event:
//
//  1. Its cost is paid ({T}: the permanent is tapped, MANA-6).
//  2. The mana it would produce is worked out: fixed mana ({G}), once per
//     counter ("{G} for each +1/+1 counter"), or one mana of a type the
//     player chose from a set some rule defines. If the set is empty the
//     type is undefined and the ability produces no mana (MANA-1, CR
//     106.7): the activation is legal, nothing is added.
//  3. If it was tapped for mana ({T} in its cost, MANA-3, CR 106.12) and
//     produces mana, replacement effects on that event apply while it
//     resolves (MANA-5, CR 106.12b): a doubler doubles it. Doublers
//     commute, so the order the affected player would choose (CR 616.1)
//     doesn't change the result; they apply in battlefield order.
//  4. The mana is added. Then the triggered mana abilities of "is tapped
//     for mana" (MANA-4, CR 605.1b) resolve at once, without the stack
//     (CR 605.3b), in battlefield order. Their mana isn't the tapped permanent's, so it
//     isn't doubled. "One mana of any type that land produced" is the type
//     of the mana the land produced; the land here always produces one
//     type per activation, so there is nothing to choose.
//  5. Other "tapped for mana" triggers (Vorinclex's second ability) fire
//     and wait for the stack.
//
// "Could produce" (MANA-2, CR 106.7): the types a permanent could produce
// are the types its mana abilities would produce if they resolved now,
// costs ignored (a tapped land still could produce its mana); a
// permanent already being asked about in the same question produces
// nothing, so that two lands that each make what the other could, with no other
// land, define no type.

// typeSet is a set of mana types, bit c for cards.Color c.
type typeSet uint8

func (t typeSet) has(c cards.Color) bool { return t&(1<<c) != 0 }

// list is the set in WUBRGC order.
func (t typeSet) list() []cards.Color {
	var out []cards.Color
	for c := cards.White; c <= cards.Colorless; c++ {
		if t.has(c) {
			out = append(out, c)
		}
	}
	return out
}

const allColors typeSet = 1<<cards.White | 1<<cards.Blue | 1<<cards.Black | 1<<cards.Red | 1<<cards.Green

// manaAbilitiesOf are o's mana abilities: printed and granted (layer 6).
func (o *Object) manaAbilitiesOf() []cards.ManaAbility {
	if o.Def == nil {
		return nil
	}
	d := o.def() // the face up's (a modal DFC land played by its back)
	printed := d.Mana
	if lc := langOf(d); lc != nil {
		printed = lc.mana
	}
	granted := o.grantedManaAbilities()
	if len(granted) == 0 {
		return o.manaAbilitiesHere(printed[:len(printed):len(printed)]) // the card's own, shared: read only
	}
	return o.manaAbilitiesHere(append(slices.Clone(printed), granted...)) // interp_handmana.go
}

// couldProduce is the set of types o could produce now (MANA-2). asking
// lists the objects asked about, outermost first: a land that asks the
// lands never asks itself again (a few, so a list, not a map).
func (s *State) couldProduce(o *Object, asking *[]ObjID) typeSet {
	if slices.Contains(*asking, o.ID) {
		return 0
	}
	n := len(*asking)
	*asking = append(*asking, o.ID)
	var t typeSet
	abs := o.manaAbilitiesOf()
	for i := range abs {
		t |= s.abilityTypes(o, &abs[i], asking)
	}
	*asking = (*asking)[:n]
	return t
}

// abilityTypes is the set of types ability ab of o would produce if it
// resolved now; for a choice, the types the player may choose from.
func (s *State) abilityTypes(o *Object, ab *cards.ManaAbility, asking *[]ObjID) typeSet {
	var t typeSet
	switch {
	case len(ab.OneOf) > 0:
		for _, f := range ab.OneOf {
			for _, c := range f {
				t |= 1 << c
			}
		}
		return t
	case ab.AnyColor:
		return allColors
	case ab.Among != "":
		return s.amongTypes(o, ab.Among, asking)
	case ab.PerCounter != "" && o.counter(ab.PerCounter) == 0:
		return 0 // it would produce no mana
	case ab.Amount != nil && (&evalCtx{g: &Game{S: s}, you: o.Controller, src: o.ID}).amount(ab.Amount) == 0:
		return 0
	}
	for _, c := range ab.Add {
		t |= 1 << c
	}
	for _, c := range ab.Instead { // interp_mana_instead.go
		t |= 1 << c
	}
	return t
}

// amongTypes is the set a rule defines for one of o's mana abilities.
func (s *State) amongTypes(o *Object, among string, asking *[]ObjID) typeSet {
	var t typeSet
	switch among {
	case cards.AmongOpponentLands, cards.AmongYourLands:
		for _, id := range s.Battlefield {
			l := s.Objects[id]
			if !l.Is("Land") || (l.Controller == o.Controller) != (among == cards.AmongYourLands) {
				continue
			}
			t |= s.couldProduce(l, asking)
		}
		if among == cards.AmongOpponentLands {
			t &= allColors // "any color": not colorless
		}
	case cards.AmongLegendary:
		for _, id := range s.Battlefield {
			p := s.Objects[id]
			if p.Controller == o.Controller && p.IsLegendary() && (p.Is("Creature") || p.Is("Planeswalker")) {
				for _, c := range p.Colors() {
					t |= 1 << c
				}
			}
		}
	case cards.AmongExiled:
		t = s.exiledColors(o.ID) // interp_linked_exile.go
	case cards.AmongCommander:
		// No format Chronicle plays has a commander: no colour identity
		// defines a type (MANA-1).
	}
	return t
}

// choiceTypes: the types the player may choose for ability ab of o, and
// whether the ability asks for a choice at all.
// room is memory for the list of the objects asked (couldProduce), free
// to write over: a list on the stack would escape to the heap.
func (s *State) choiceTypes(o *Object, ab *cards.ManaAbility, room []ObjID) (typeSet, bool) {
	if !ab.AnyColor && ab.Among == "" {
		return 0, false
	}
	if ab.Among == "" {
		return s.abilityTypes(o, ab, nil), true // asks no other object: no set of those asked
	}
	asking := append(room[:0], o.ID)
	return s.abilityTypes(o, ab, &asking), true
}

// produce works out and adds the mana of the mana ability mc that seat
// activated, its cost paid (steps 2 to 5 above).
func (g *Game) produce(seat int, mc manaChoice) {
	s := g.S
	src := s.Objects[mc.obj]
	if src == nil {
		src = mc.src // the cost sacrificed it
	}
	var mana []cards.Color
	switch {
	case len(mc.ability.OneOf) > 0:
		mana = mc.form // read only below
	case mc.ability.AnyColor || mc.ability.Among != "":
		if mc.defined {
			mana = []cards.Color{mc.color}
			for i := 1; i < mc.ability.N; i++ {
				mana = append(mana, mc.color)
			}
		}
	case mc.ability.PerCounter != "":
		for i := 0; i < src.counter(mc.ability.PerCounter); i++ {
			mana = append(mana, mc.ability.Add...)
		}
	case mc.ability.Amount != nil:
		n := (&evalCtx{g: g, you: seat, src: src.ID}).amount(mc.ability.Amount)
		for i := 0; i < n; i++ {
			mana = append(mana, mc.ability.Add...)
		}
	case mc.ability.If != nil && (&evalCtx{g: g, you: seat, src: src.ID}).holds(mc.ability.If):
		mana = mc.ability.Instead // interp_mana_instead.go
	default:
		mana = mc.ability.Add
	}
	tapped := mc.ability.Tap && len(mana) > 0 // tapped for mana and produced some (MANA-4)
	if tapped {
		for _, id := range s.sources().mana { // static_sources.go
			r := s.Objects[id]
			if r.Def == nil || r.Controller != seat {
				continue
			}
			if rep, ok := r.Def.ManaReplacementOf(); ok { // MANA-5
				var twice []cards.Color
				for _, c := range mana {
					for k := 0; k < rep.Factor; k++ {
						twice = append(twice, c)
					}
				}
				mana = twice
			}
		}
	}
	spend := concreteSpend(mc.ability.Spend, src) // interp_chosen_type.go
	for _, c := range mana {
		g.addManaWith(seat, src, c, spend, mc.ability.Uncounterable)
	}
	if !tapped {
		return
	}
	ids, mark := g.snapshot(s.sources().mana)
	defer g.releaseSnapshot(mark)
	for _, id := range ids {
		t := s.Obj(id)
		if t == nil || t.Def == nil {
			continue
		}
		for _, mt := range t.Def.ManaTriggersOf() {
			if c, ok := manaTriggerAdds(mt, t, src, seat, mana); ok {
				g.addMana(seat, t, c)
			}
		}
		if lc := langOf(t.Def); lc != nil && t.Zone == ZoneBattlefield {
			for _, mt := range lc.manaTriggers {
				if c, ok := manaTriggerAdds(mt, t, src, seat, mana); ok {
					g.addMana(seat, t, c)
				}
			}
		}
	}
	g.fire(cards.TriggerTappedForMana, mc.obj, seat) // MANA-3, MANA-4
}

// manaTriggerAdds: whether the triggered mana ability mt of t triggers on
// seat tapping src for mana, and the mana it adds.
func manaTriggerAdds(mt cards.ManaTrigger, t, src *Object, seat int, produced []cards.Color) (cards.Color, bool) {
	switch {
	case mt.Tapper == "you" && seat != t.Controller:
		return 0, false
	case mt.What == "enchanted":
		if t.AttachedTo != src.ID || t.Zone != ZoneBattlefield || mt.Of != "" && !src.Is(mt.Of) && !src.HasSubtype(mt.Of) {
			return 0, false // aura.go
		}
	case !src.Is(mt.What):
		return 0, false
	}
	switch mt.Adds {
	case "produced":
		return produced[0], true
	case "chosen":
		return cards.ParseColor(t.Chosen) // none chosen: no mana
	default:
		c, ok := cards.ParseColor(mt.Adds)
		return c, ok
	}
}

func (g *Game) addMana(seat int, src *Object, c cards.Color) { g.addManaFor(seat, src, c, nil) }

// addManaFor adds mana that may be spent only on spells spend matches
// (nil: on anything).
func (g *Game) addManaFor(seat int, src *Object, c cards.Color, spend *ability.Filter) {
	g.addManaWith(seat, src, c, spend, false)
}

// addManaWith adds mana with its restriction, and whether a spell it is
// spent on can't be countered (OpAddMana's N: 1 legendary, 2 that).
func (g *Game) addManaWith(seat int, src *Object, c cards.Color, spend *ability.Filter, uncounterable bool) {
	n := 0
	if src.IsLegendary() {
		n = 1 // MANA-8
	}
	if uncounterable && spend != nil {
		n |= 2
	}
	g.emitAddMana(seat, src.ID, c, n, spend) // emit.go
}

// Untapping ("doesn't untap during its controller's next untap step"): OpSkipUntap adds N (negative:
// removes) to Obj's count of untap steps to skip.
const OpSkipUntap Op = 142

func init() {
	registerOp(OpSkipUntap, func(s *State, e *Effect) { s.mustObj(e.Obj).SkipUntap += e.N })
	extDescribe[OpSkipUntap] = func(s *State, e Effect) string {
		if e.N > 0 {
			return "o" + itoa(int(e.Obj)) + " doesn't untap during its controller's next untap step"
		}
		return "o" + itoa(int(e.Obj)) + " stays tapped this untap step"
	}
	extTargetRules[cards.TargetCreatureCardMV3InGraveyard] = func(g *Game, o, src *Object) string {
		name := g.S.nameOf(o.ID)
		switch {
		case o.Zone != ZoneGraveyard:
			return name.String() + " is not a card in a graveyard"
		case src != nil && o.Owner != src.Controller:
			return name.String() + " is not in " + g.S.Players[src.Controller].ID + "'s graveyard"
		case !o.Is("Creature"):
			return name.String() + " is not a creature card"
		case o.ManaValue() > 3:
			return name.String() + " has mana value " + itoa(o.ManaValue()) + ", more than 3"
		}
		return ""
	}
}

// skipsUntap: in its controller's untap step, a permanent that must skip
// one doesn't untap, and the skip is used up.
func (g *Game) skipsUntap(o *Object) bool {
	if o.langObjectRule(ability.DoesntUntap) {
		return true // "~ doesn't untap during your untap step" (interp_static.go)
	}
	if o.SkipUntap == 0 {
		return false
	}
	g.emit(Effect{Op: OpSkipUntap, Obj: o.ID, N: -1})
	return true
}

// SkipNextUntap: the permanent doesn't untap during its controller's next
// untap step.
func (w *world) SkipNextUntap(obj uint32) {
	if o := w.g.S.Obj(ObjID(obj)); o != nil && o.Zone == ZoneBattlefield {
		w.g.emit(Effect{Op: OpSkipUntap, Obj: o.ID, N: 1})
	}
}

// CountersOn lists a permanent's counters by kind.
func (w *world) CountersOn(obj uint32) map[string]int {
	out := map[string]int{}
	if o := w.g.S.Obj(ObjID(obj)); o != nil && o.Zone == ZoneBattlefield {
		for _, c := range o.Counters {
			out[c.Kind] = c.N
		}
	}
	return out
}

// chooseAmong checks the type chosen for a mana ability whose type a rule
// defines: it must be one the rule allows now (MANA-2); with none allowed
// the type is undefined, nothing may be chosen and no mana is produced
// (MANA-1).
func (g *Game) chooseAmong(mc manaChoice, o *Object, choice string) (manaChoice, error) {
	set, _ := g.S.choiceTypes(o, mc.ability, g.idScratch[len(g.idScratch):]) // past every list walked now
	name := g.S.nameOf(o.ID)
	if set == 0 {
		if choice != "" {
			return manaChoice{}, g.refuse("CR 106.7", "body.choice", "%s can't produce a type of mana now: no type can be defined, it adds no mana (MANA-1, MANA-2)", name)
		}
		return mc, nil
	}
	col, ok := cards.ParseColor(choice)
	if !ok || !set.has(col) {
		return manaChoice{}, g.refuse("CR 106.7", "body.choice", "%s can add %s now: choose one of them (MANA-2)", name, typeNames(set))
	}
	mc.color, mc.defined = col, true
	return mc, nil
}

func typeNames(t typeSet) string {
	out := ""
	for i, c := range t.list() {
		if i > 0 {
			out += " or "
		}
		out += "{" + c.Letter() + "}"
	}
	return out
}
