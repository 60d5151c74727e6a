package reducer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chronicle-mtg/chronicle/ability"
)

// Targets of language spells and abilities (CR 115): a slot says what it
// accepts (objects a filter accepts, players) and how many. An input lists
// a spell's targets in slot order; each slot takes as many of the next
// references as it can use while the later slots still get their
// minimum. They are checked again as the spell resolves (CR 608.2b).

// targetIllegalLang says why t is not a legal target for slot spec of an
// ability controlled by c.you with source src (nil: none), or "".
func (c *evalCtx) targetIllegalLang(spec *ability.Target, t Target, src *Object) string {
	s := c.g.S
	if t.Obj == 0 {
		if t.Player < 0 || t.Player >= len(s.Players) || s.Players[t.Player].Lost {
			return "that player is not in the game"
		}
		if why := c.g.playerTargetIllegal(t.Player); why != "" { // interp_player_protection.go
			return why
		}
		switch spec.Players {
		case "any":
			return ""
		case "opponent":
			if t.Player != c.you {
				return ""
			}
			return s.Players[t.Player].ID + " is not an opponent"
		case "you":
			if t.Player == c.you {
				return ""
			}
			return s.Players[t.Player].ID + " is not you"
		}
		return "a player is not a legal target here"
	}
	o := s.Obj(ObjID(t.Obj))
	if o == nil {
		return ObjID(t.Obj).String() + " has left its zone"
	}
	name := s.nameOf(o.ID)
	if spec.Filter == nil {
		return name.String() + " is not a legal target: only players are"
	}
	if !c.matches(spec.Filter, o) {
		return name.String() + " is not " + withArticle(filterText(spec.Filter))
	}
	if src != nil && o.ID == src.ID && src.Zone == ZoneStack && !src.isAbility() {
		// a spell; an ability's source is no ability, and may be its target
		return "a spell or ability can't target itself (CR 115.5)"
	}
	if protectedFrom(o, src) {
		return name.String() + " has protection from " + src.Name() + " (CR 702.16b)"
	}
	if o.Zone == ZoneBattlefield && o.Has("Shroud") {
		return name.String() + " has shroud (CR 702.18)"
	}
	if o.Zone == ZoneBattlefield && o.Has("Hexproof") && o.Controller != c.you {
		return name.String() + " has hexproof (CR 702.11)"
	}
	return ""
}

// zoneForSlot lists where a slot's objects may be: the filter's zone, the
// stack for spells and abilities, else the battlefield; graveyards,
// libraries, hands and exile of every player for card zones.
func (c *evalCtx) zoneForSlot(spec *ability.Target) []ObjID {
	if spec.Filter == nil {
		return nil
	}
	return c.all(&ability.Filter{Zone: spec.Filter.Zone, Types: typesForZone(spec.Filter)}, nil)
}

// typesForZone keeps "spell"/"ability" so that all looks at the stack.
func typesForZone(f *ability.Filter) []string {
	for _, t := range f.Types {
		if t == "spell" || t == "ability" {
			return []string{t, "spell", "ability"}
		}
	}
	for _, sub := range f.AnyOf {
		if ts := typesForZone(&sub); ts != nil {
			return ts
		}
	}
	return nil
}

// chooseLangTargets resolves an input's target references into the
// slots of specs, checking each. src is the spell or the ability's source.
func (g *Game) chooseLangTargets(c *evalCtx, specs []ability.Target, refs []string, src *Object, field string) ([]Target, []int, error) {
	s := g.S
	var out []Target
	counts := make([]int, len(specs))
	k := 0 // next reference
	for i := range specs {
		spec := &specs[i]
		later := 0
		for j := i + 1; j < len(specs); j++ {
			later += specs[j].Min
		}
		max := spec.Max
		if max < 0 {
			max = len(refs)
		}
		if spec.MaxX {
			max = c.x // "up to X targets": the X of the spell being cast
		}
		for counts[i] < max && k < len(refs)-later {
			ref := refs[k]
			t, why := g.langTarget(c, spec, ref, src, out)
			if why != "" {
				if counts[i] >= spec.Min && i+1 < len(specs) {
					break // it may be the next slot's
				}
				why, rule := ruleOfReason(why, "CR 115.1")
				return nil, nil, g.refuse(rule, fmt.Sprintf("%s[%d]", field, k), "%s", why)
			}
			if slices.Contains(out, t) && spec.Rule != "same_ok" {
				return nil, nil, g.refuse("CR 115.3", fmt.Sprintf("%s[%d]", field, k), "%q is chosen twice for the same %s", ref, slotWord(src))
			}
			out = append(out, t)
			counts[i]++
			k++
		}
		if counts[i] < spec.Min {
			return nil, nil, g.refuse("CR 601.2c", field, "%s needs %s, got %d", slotOwner(s, src), slotText(spec), counts[i])
		}
	}
	if k < len(refs) {
		return nil, nil, g.refuse("CR 601.2c", fmt.Sprintf("%s[%d]", field, k), "%s takes %s; %q is one too many", slotOwner(s, src), slotsText(specs), refs[k])
	}
	return out, counts, nil
}

// langTarget resolves one reference for a slot: a player id, or an object
// by id or name (a name that fits several: the first legal one not
// chosen already).
func (g *Game) langTarget(c *evalCtx, spec *ability.Target, ref string, src *Object, chosen []Target) (Target, string) {
	s := g.S
	if spec.Players != "" {
		if p := s.Seat(ref); p >= 0 {
			t := Target{Player: p}
			return t, c.targetIllegalLang(spec, t, src)
		}
	}
	_, _, byID := parseID(ref)
	first := ""
	var buf [8]ObjID
	for _, id := range s.matchRefIn(buf[:0], ref, c.zoneForSlot(spec)) {
		t := Target{Obj: uint32(id)}
		if !byID && slices.Contains(chosen, t) {
			continue
		}
		if why := c.targetIllegalLang(spec, t, src); why != "" {
			if first == "" {
				first = why
			}
			continue
		}
		return t, ""
	}
	if first != "" {
		return Target{}, first
	}
	return Target{}, fmt.Sprintf("%q is not a legal target: the slot takes %s", ref, slotText(spec))
}

// legalSlots is the targets of o still legal now, by slot of specs (a
// non-modal ability's).
func (g *Game) legalSlots(c *evalCtx, specs []ability.Target, o *Object) [][]Target {
	return g.legalSlotsFrom(c, specs, o, 0)
}

// legalSlotsFrom is legalSlots for the slots of o starting at slot first
// (a mode's).
func (g *Game) legalSlotsFrom(c *evalCtx, specs []ability.Target, o *Object, first int) [][]Target {
	if len(specs) == 0 {
		return nil
	}
	counts := slotCounts(o, specs, first)
	off := 0
	for i := 0; i < first && i < len(counts); i++ {
		off += counts[i]
	}
	src := g.targetSource(o)
	out := make([][]Target, len(specs))
	for i := range specs {
		n := 0
		if first+i < len(counts) {
			n = counts[first+i]
		}
		for _, t := range o.Targets[min(off, len(o.Targets)):min(off+n, len(o.Targets))] {
			if c.targetIllegalLang(&specs[i], t, src) == "" {
				out[i] = append(out[i], t)
			}
		}
		off += n
	}
	return out
}

// slotCounts is how many of o's targets each slot has: as recorded, or,
// for one slot with none recorded (emitCastChoices), all of them.
func slotCounts(o *Object, specs []ability.Target, first int) []int {
	if o.Lang != nil && len(o.Lang.Slots) > 0 {
		return o.Lang.Slots
	}
	if first == 0 && len(specs) == 1 {
		return []int{len(o.Targets)}
	}
	return nil
}

// langFizzles: a spell or ability with targets, none of them legal now,
// doesn't resolve (CR 608.2b).
func (g *Game) langFizzles(o *Object, ab *ability.Ability) bool {
	if len(o.Targets) == 0 {
		return false
	}
	c := &evalCtx{g: g, you: o.Controller, src: o.ID, res: o}
	if o.isAbility() {
		c.src = o.Source
	}
	if ab.Modes == nil {
		for _, ts := range g.legalSlots(c, ab.Targets, o) {
			if len(ts) > 0 {
				return false
			}
		}
		return true
	}
	first := 0
	for _, m := range o.Lang.modes() {
		specs := ab.Modes.List[m].Targets
		for _, ts := range g.legalSlotsFrom(c, specs, o, first) {
			if len(ts) > 0 {
				return false
			}
		}
		first += len(specs)
	}
	return true
}

func slotWord(src *Object) string {
	if src != nil && src.Zone == ZoneStack && !src.isAbility() {
		return "spell"
	}
	return "ability"
}

func slotOwner(s *State, src *Object) string {
	if src == nil {
		return "it"
	}
	return src.Name()
}

// slotText says what a slot takes: "1 target creature", "up to 2 targets".
func slotText(t *ability.Target) string {
	what := "target"
	if t.Filter != nil {
		what = "target " + filterText(t.Filter)
	}
	if t.Players != "" && t.Filter != nil {
		what += " or player"
	} else if t.Players != "" {
		what = "target player"
		if t.Players == "opponent" {
			what = "target opponent"
		}
	}
	switch {
	case t.MaxX:
		return fmt.Sprintf("up to X %ss", what)
	case t.Min == 1 && t.Max == 1:
		return "1 " + what
	case t.Max < 0:
		return "any number of " + what + "s"
	case t.Min == 0:
		return fmt.Sprintf("up to %d %ss", t.Max, what)
	case t.Min == t.Max:
		return fmt.Sprintf("%d %ss", t.Min, what)
	}
	return fmt.Sprintf("%d to %d %ss", t.Min, t.Max, what)
}

func slotsText(specs []ability.Target) string {
	var parts []string
	for i := range specs {
		parts = append(parts, slotText(&specs[i]))
	}
	if len(parts) == 0 {
		return "no targets"
	}
	return strings.Join(parts, ", then ")
}

// filterText words a filter for messages: "creature", "nonland
// permanent an opponent controls", "instant or sorcery card in a
// graveyard".
func filterText(f *ability.Filter) string {
	if f == nil {
		return "anything"
	}
	var words []string
	for _, t := range f.Supertypes {
		words = append(words, strings.ToLower(t))
	}
	for _, c := range f.Colors {
		words = append(words, colorWord(c))
	}
	for _, c := range f.NotColors {
		words = append(words, "non"+colorWord(c))
	}
	for _, t := range f.NotTypes {
		words = append(words, "non"+strings.ToLower(t))
	}
	if f.Tapped {
		words = append(words, "tapped")
	}
	if f.Untapped {
		words = append(words, "untapped")
	}
	if f.Attacking {
		words = append(words, "attacking")
	}
	if len(f.Subtypes) > 0 {
		words = append(words, strings.Join(f.Subtypes, " or "))
	}
	var alts []string
	for i := range f.AnyOf {
		alts = append(alts, filterText(&f.AnyOf[i]))
	}
	switch {
	case len(f.Types) > 0:
		words = append(words, strings.Join(f.Types, " or "))
	case len(alts) > 0:
		words = append(words, strings.Join(alts, " or "))
	case len(f.Subtypes) == 0:
		words = append(words, "permanent")
	}
	out := strings.Join(words, " ")
	switch f.Controller {
	case "you":
		out += " you control"
	case "opponent":
		out += " an opponent controls"
	}
	if f.Power != nil {
		out += " with power " + cmpText(f.Power)
	}
	if f.ManaValue != nil {
		out += " with mana value " + cmpText(f.ManaValue)
	}
	switch {
	case f.Zone == ability.ZoneHand:
		out += " in hand" // "2 cards in hand", as the cards say
	case f.Zone != "" && f.Zone != ability.ZoneBattlefield && f.Zone != ability.ZoneStack:
		out += " in a " + string(f.Zone)
	}
	return out
}

func cmpText(c *ability.Compare) string {
	n := itoa(c.Amount.N)
	if _, ok := c.Amount.IsFixed(); !ok && c.Amount.Var == "x" {
		n = "X" // "mana value X or less", not 0
	} else if !ok {
		n = "an amount"
	}
	switch c.Op {
	case ">=":
		return n + " or greater"
	case "<=":
		return n + " or less"
	}
	return c.Op + " " + n
}

// withArticle is "a creature", "an artifact".
func withArticle(w string) string {
	if w != "" && strings.ContainsRune("aeiouAEIOU", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}
